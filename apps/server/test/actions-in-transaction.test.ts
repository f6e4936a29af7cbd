import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDetail, PracticeNext } from '@aprenda/shared/schemas/exercises';
import { api } from './flashcards-helpers.ts';
import { createTestApp, dialects, signUp, type SignedUp, type TestApp } from './helpers.ts';

/**
 * A write and the user action that records it commit together, in one commit: the practice
 * answer and `practice_answered`, a member added or removed and `member_added` /
 * `member_removed`. Proven by refusing the action's row (a trigger): the write must not be
 * there either — recorded after its own commit, it was.
 */
describe.each(dialects)('user actions in the write’s own transaction (%s)', (dialect) => {
  let t: TestApp;
  let teacher: SignedUp;
  let student: SignedUp;
  let newcomer: SignedUp;
  let classId: string;
  let itemId: string;
  const a = api(() => t);

  /** Refuse every `user_actions` row of these actions (none: accept all again). */
  async function refuse(actions: string[]): Promise<void> {
    const list = actions.map((x) => `'${x}'`).join(', ');
    if (dialect === 'sqlite') {
      await sql`drop trigger if exists refuse_actions`.execute(t.db.db);
      if (actions.length === 0) return;
      await sql
        .raw(
          `create trigger refuse_actions before insert on user_actions
             when new.action in (${list})
             begin select raise(abort, 'refused by the test'); end`,
        )
        .execute(t.db.db);
      return;
    }
    await sql`drop trigger if exists refuse_actions on user_actions`.execute(t.db.db);
    if (actions.length === 0) return;
    await sql
      .raw(
        `create or replace function refuse_actions() returns trigger language plpgsql as $$
           begin
             if new.action in (${list}) then raise exception 'refused by the test'; end if;
             return new;
           end $$`,
      )
      .execute(t.db.db);
    await sql`create trigger refuse_actions before insert on user_actions
      for each row execute function refuse_actions()`.execute(t.db.db);
  }

  const count = async (table: 'item_answers' | 'class_members' | 'user_actions', where: string) =>
    Number(
      (
        await sql<{
          n: number | string;
        }>`select count(*) as n from ${sql.table(table)} where ${sql.raw(where)}`.execute(t.db.db)
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    teacher = await signUp(t, { role: 'teacher' });
    student = await signUp(t, { role: 'student' });
    newcomer = await signUp(t, { role: 'student' });
    classId = (await a.newClass(teacher, { students: [student] })).id;
    const item = await a.call<ItemDetail>(teacher, 'POST', '/items', {
      kind: 'numeric',
      stem: 'Quanto é $7 \\times 8$?',
      explanation: '7 × 8 = 56.',
      skill_id: 'bncc-ef06ma03',
      numeric: { answer: 56, tolerance: 0 },
    });
    expect(item.status).toBe(201);
    itemId = item.body.id;
  });
  afterAll(async () => t?.close());

  it('a practice answer is not stored when its action cannot be, and is stored with it once it can', async () => {
    const next = await a.call<PracticeNext>(student, 'POST', '/practice/next', {
      skill_id: 'bncc-ef06ma03',
    });
    expect(next.body.item?.id).toBe(itemId);
    const body = (id: string) => ({
      id,
      item_id: itemId,
      response: { value: '56' },
      duration_ms: 3000,
    });
    const id = crypto.randomUUID();
    await refuse(['practice_answered']);
    try {
      const refused = await a.call(student, 'POST', '/practice/answers', body(id));
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(await count('item_answers', `user_id = '${student.id}'`)).toBe(0);
      expect(
        await count('user_actions', `user_id = '${student.id}' and action = 'practice_answered'`),
      ).toBe(0);
    } finally {
      await refuse([]);
    }
    // The same answer again: stored, with its action, once.
    expect((await a.call(student, 'POST', '/practice/answers', body(id))).status).toBe(201);
    expect((await a.call(student, 'POST', '/practice/answers', body(id))).status).toBe(200);
    expect(await count('item_answers', `user_id = '${student.id}'`)).toBe(1);
    expect(
      await count('user_actions', `user_id = '${student.id}' and action = 'practice_answered'`),
    ).toBe(1);
  });

  it('a member is neither added nor removed when the action cannot be recorded', async () => {
    const members = () =>
      count('class_members', `class_id = '${classId}' and user_id = '${newcomer.id}'`);
    await refuse(['member_added', 'member_removed']);
    try {
      const add = await a.call(
        teacher,
        'POST',
        `/classes/${classId}/members?user_id=${newcomer.id}`,
      );
      expect(add.status).toBeGreaterThanOrEqual(500);
      expect(await members()).toBe(0);
    } finally {
      await refuse([]);
    }
    expect(
      (await a.call(teacher, 'POST', `/classes/${classId}/members?user_id=${newcomer.id}`)).status,
    ).toBe(201);
    expect(await members()).toBe(1);
    await refuse(['member_removed']);
    try {
      const remove = await a.call(teacher, 'DELETE', `/classes/${classId}/members/${newcomer.id}`);
      expect(remove.status).toBeGreaterThanOrEqual(500);
      expect(await members()).toBe(1);
    } finally {
      await refuse([]);
    }
    expect(
      (await a.call(teacher, 'DELETE', `/classes/${classId}/members/${newcomer.id}`)).status,
    ).toBe(204);
    expect(await members()).toBe(0);
    const recorded = await count(
      'user_actions',
      `user_id = '${teacher.id}' and action in ('member_added', 'member_removed')
        and context like '%${newcomer.id}%'`,
    );
    expect(recorded).toBe(2);
  });
});
