import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
import { bearer, createTestApp, dialects, jsonRequest, signUp, type TestApp } from './helpers.ts';

type PageBody = { items: ClassSummary[]; nextCursor: string | null };

/**
 * Migration 0024 (decision 0032): the lists of my classes read `class_members.class_created_at`
 * (their order) and `classes.teacher_names` (their teachers), copies kept by triggers. Whoever
 * writes — the API, or SQL from outside the app — the copies must equal what they copy, and the
 * list must show it. With the response cache off, so every answer is computed anew.
 */
describe.each(dialects)('copies behind the lists of my classes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { RESPONSE_CACHE_MB: '0' });
  });
  afterAll(async () => t?.close());

  /** Every class whose teacher_names or membership copies differ from the rows they copy. */
  async function stale(): Promise<unknown[]> {
    const { rows: members } = await sql<{ class_id: string }>`
      select m.class_id from class_members m join classes c on c.id = m.class_id
       where m.class_created_at is null or m.class_created_at <> c.created_at`.execute(t.db.db);
    const { rows: classes } = await sql<{ id: string; teacher_names: string }>`
      select id, teacher_names from classes`.execute(t.db.db);
    const { rows: teachers } = await sql<{ class_id: string; joined_at: string; name: string }>`
      select t.class_id, t.joined_at, u.name from class_members t join "user" u on u.id = t.user_id
       where t.role = 'teacher'`.execute(t.db.db);
    const wrong: unknown[] = members.map((m) => ['member copy', m.class_id]);
    for (const c of classes) {
      const stored = (JSON.parse(c.teacher_names) as Array<[string, string]>)
        .map(([at, name]) => `${at} ${name}`)
        .sort();
      const actual = teachers
        .filter((x) => x.class_id === c.id)
        .map((x) => `${x.joined_at} ${x.name}`)
        .sort();
      if (JSON.stringify(stored) !== JSON.stringify(actual)) wrong.push([c.id, stored, actual]);
    }
    return wrong;
  }

  const mine = async (token: string, query = '') => {
    const res = await jsonRequest(t, 'GET', `/api/classes/mine${query}`, undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as PageBody;
  };

  it('teachers joining, leaving, changing role or name — by the API or by SQL — show in the list', async () => {
    const ana = await signUp(t, { role: 'teacher', name: 'Ana Souza' });
    const bia = await signUp(t, { role: 'teacher', name: 'Bia Lima' });
    const caio = await signUp(t, { role: 'student', name: 'Caio Dias' });
    const created = await jsonRequest(t, 'POST', '/api/classes', { title: 'Física' }, bearer(ana));
    const klass = (await created.json()) as { id: string };
    const add = (userId: string, role: string) =>
      jsonRequest(
        t,
        'POST',
        `/api/classes/${klass.id}/members?user_id=${userId}&role=${role}`,
        undefined,
        bearer(ana),
      );
    expect((await add(caio.id, 'student')).status).toBe(201);
    const teachersSeen = async () => (await mine(caio.token)).items[0]!.teachers;
    expect(await teachersSeen()).toEqual(['Ana Souza']);

    expect((await add(bia.id, 'teacher')).status).toBe(201);
    expect(await teachersSeen()).toEqual(['Ana Souza', 'Bia Lima']);

    await sql`update "user" set name = 'Beatriz Lima' where id = ${bia.id}`.execute(t.db.db);
    expect(await teachersSeen()).toEqual(['Ana Souza', 'Beatriz Lima']);

    await sql`update class_members set role = 'student'
               where class_id = ${klass.id} and user_id = ${bia.id}`.execute(t.db.db);
    expect(await teachersSeen()).toEqual(['Ana Souza']);

    await sql`update class_members set role = 'teacher', joined_at = '2000-01-01T00:00:00.000Z'
               where class_id = ${klass.id} and user_id = ${bia.id}`.execute(t.db.db);
    expect(await teachersSeen()).toEqual(['Beatriz Lima', 'Ana Souza']);

    const removed = await jsonRequest(
      t,
      'DELETE',
      `/api/classes/${klass.id}/members/${bia.id}`,
      undefined,
      bearer(ana),
    );
    expect(removed.status).toBe(204);
    expect(await teachersSeen()).toEqual(['Ana Souza']);

    await sql`insert into class_members (class_id, user_id, role, joined_at)
               values (${klass.id}, ${bia.id}, 'teacher', '2030-01-01T00:00:00.000Z')`.execute(
      t.db.db,
    );
    expect(await teachersSeen()).toEqual(['Ana Souza', 'Beatriz Lima']);
    // Deleting a user deletes their memberships (foreign key), and so their place among teachers.
    await sql`delete from "user" where id = ${bia.id}`.execute(t.db.db);
    expect(await teachersSeen()).toEqual(['Ana Souza']);
    expect(await stale()).toEqual([]);
  });

  it('a membership inserted by SQL without the copy gets it, and lists keep their order and cursor', async () => {
    const owner = await signUp(t, { role: 'teacher', name: 'Dora Melo' });
    const student = await signUp(t, { role: 'student', name: 'Eva Rocha' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await jsonRequest(t, 'POST', '/api/classes', { title: `T${i}` }, bearer(owner));
      ids.push(((await res.json()) as { id: string }).id);
    }
    // Spread the classes' creation times apart (and out of id order), as an outside writer may.
    for (const [i, id] of ids.entries()) {
      const at = `2025-0${((i * 3) % 5) + 1}-01T00:00:00.000Z`;
      await sql`update classes set created_at = ${at} where id = ${id}`.execute(t.db.db);
    }
    for (const id of ids) {
      await sql`insert into class_members (class_id, user_id, role, joined_at)
                 values (${id}, ${student.id}, 'student', '2025-06-01T00:00:00.000Z')`.execute(
        t.db.db,
      );
    }
    expect(await stale()).toEqual([]);
    const { rows } = await sql<{ id: string }>`
      select id from classes where id in (${sql.join(ids)})
       order by created_at desc, id desc`.execute(t.db.db);
    const expected = rows.map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await mine(student.token, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect((await mine(student.token)).items.map((c) => c.id)).toEqual(expected);
  });

  it('a signed-in list request builds, compiles and prepares no SQL once its statements exist', async () => {
    const owner = await signUp(t, { role: 'teacher', name: 'Gil Nunes' });
    await jsonRequest(t, 'POST', '/api/classes', { title: 'Química' }, bearer(owner));
    for (let i = 0; i < 2; i++) await mine(owner.token);
    const compile = vi.spyOn(t.db.db.getExecutor(), 'compileQuery');
    const prepare = vi.spyOn(t.db, 'prepare');
    try {
      for (let i = 0; i < 5; i++) {
        expect((await mine(owner.token)).items.map((c) => c.title)).toEqual(['Química']);
      }
      expect(compile).not.toHaveBeenCalled();
      expect(prepare).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
      prepare.mockRestore();
    }
  });
});
