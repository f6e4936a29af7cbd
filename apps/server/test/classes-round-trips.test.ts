import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClassDetail, ClassMember } from '@aprenda/shared/schemas/classes';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

/**
 * A teacher's writes on PostgreSQL under a crowd of readers (issue 16, point 2; decision 0045):
 * every statement a request waits for costs a round trip, and under load each one also waits its
 * turn on the event loop — so the class writes teachers make all day are held to a number of
 * sequential round trips, and their session check does not queue behind the readers' pool.
 *
 * Each answer from PostgreSQL is held back ROUND_TRIP_MS here (as a far or busy database would),
 * so a request's time counts its sequential round trips; statements sent together count once
 * (the half round trip of slack in each bound is the request's own CPU time on a loaded machine).
 */
const ROUND_TRIP_MS = 300;
/** Connections per pool (the class page's three reads go out together). */
const POOL_SIZE = 3;

const clientProto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const query = clientProto.query;
let slow = false;
clientProto.query = function (this: unknown, ...args: unknown[]) {
  // The app asks pg for its callback form (db/client.ts, decision 0054): hold the callback back.
  const last = args.length - 1;
  if (slow && typeof args[last] === 'function') {
    const callback = args[last] as (...answer: unknown[]) => void;
    args[last] = (...answer: unknown[]) => setTimeout(() => callback(...answer), ROUND_TRIP_MS);
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (!slow || !(result instanceof Promise)) return result;
  const later = <T>(settle: () => T) =>
    new Promise<T>((resolve, reject) =>
      setTimeout(() => {
        try {
          resolve(settle());
        } catch (err) {
          reject(err as Error);
        }
      }, ROUND_TRIP_MS),
    );
  return result.then(
    (value: unknown) => later(() => value),
    (err: unknown) =>
      later(() => {
        throw err;
      }),
  );
};

/** How many round trips `work` waited for, in sequence (with ROUND_TRIP_MS each). */
async function roundTrips<T>(work: () => Promise<T>): Promise<{ result: T; trips: number }> {
  slow = true;
  const started = performance.now();
  try {
    const result = await work();
    return { result, trips: (performance.now() - started) / ROUND_TRIP_MS };
  } finally {
    slow = false;
  }
}

describe.skipIf(!dialects.includes('postgres'))('class writes in round trips (postgres)', () => {
  let t: TestApp;
  let helena: SignedUp;
  let lucas: SignedUp;
  let maria: SignedUp;
  let stranger: SignedUp;

  beforeAll(async () => {
    t = await createTestApp('postgres', {}, { poolSize: POOL_SIZE });
    helena = await signUp(t, { role: 'teacher', name: 'Helena Costa' });
    lucas = await signUp(t, { role: 'student', name: 'Lucas Almeida' });
    maria = await signUp(t, { role: 'student', name: 'Maria Souza' });
    stranger = await signUp(t, { role: 'teacher', name: 'Outra Pessoa' });
  });
  afterEach(() => {
    slow = false;
  });
  afterAll(async () => {
    clientProto.query = query;
    await t?.close();
  });

  async function call<T = unknown>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t, method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** The contexts of `user`'s `action` records about class `classId`, oldest first. */
  async function actions(user: SignedUp, action: string, classId: string): Promise<unknown[]> {
    const rows = await t.db.db
      .selectFrom('user_actions')
      .select('context')
      .where('user_id', '=', user.id)
      .where('action', '=', action)
      .orderBy('id')
      .execute();
    return rows
      .map((r) => JSON.parse(r.context!) as { class_id: string })
      .filter((c) => c.class_id === classId);
  }

  async function classWith(...students: SignedUp[]) {
    const created = await call<ClassDetail>(helena, 'POST', '/classes', { title: 'Física' });
    expect(created.status).toBe(201);
    for (const s of students) {
      const added = await call(
        helena,
        'POST',
        `/classes/${created.body.id}/members?user_id=${s.id}&role=student`,
      );
      expect(added.status).toBe(201);
    }
    return created.body.id;
  }

  it('a rename: session, the guarded update, the class page — three round trips', async () => {
    const id = await classWith(lucas);
    // Warm: the session is known, statements are prepared.
    expect((await call(helena, 'PUT', `/classes/${id}`, { title: 'Física I' })).status).toBe(200);
    const { result, trips } = await roundTrips(() =>
      call<ClassDetail>(helena, 'PUT', `/classes/${id}`, { title: 'Física II' }),
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id, title: 'Física II', role: 'teacher', member_count: 2 });
    expect(trips).toBeGreaterThanOrEqual(3);
    expect(trips).toBeLessThan(3.5);
  });

  it('the update checks the teacher itself: students 403, strangers and unknown classes 404, nothing changes', async () => {
    const id = await classWith(lucas);
    const asStudent = await call<{ code: string }>(lucas, 'PUT', `/classes/${id}`, {
      title: 'Nova',
    });
    expect(asStudent.status).toBe(403);
    expect((await call(stranger, 'PUT', `/classes/${id}`, { title: 'Nova' })).status).toBe(404);
    const unknown = '01900000-0000-7000-8000-000000000000';
    expect((await call(helena, 'PUT', `/classes/${unknown}`, { title: 'Nova' })).status).toBe(404);
    const seen = await call<ClassDetail>(helena, 'GET', `/classes/${id}`);
    expect(seen.body.title).toBe('Física');
    // A taken code is still 409 for a teacher, and tells a student nothing.
    const other = await classWith();
    const code = (await call<ClassDetail>(helena, 'GET', `/classes/${other}`)).body.code;
    expect((await call(helena, 'PUT', `/classes/${id}`, { code })).status).toBe(409);
    expect((await call(lucas, 'PUT', `/classes/${id}`, { code })).status).toBe(403);
  });

  it('adding a member: access and the user together, then one statement adds and records them — three round trips', async () => {
    const id = await classWith();
    const { result, trips } = await roundTrips(() =>
      call<ClassMember>(helena, 'POST', `/classes/${id}/members?user_id=${maria.id}&role=student`),
    );
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ user_id: maria.id, role: 'student' });
    // session, [access ‖ user], the insert with its record (no begin, no commit)
    expect(trips).toBeGreaterThanOrEqual(3);
    expect(trips).toBeLessThan(3.5);
    // Twice is harmless (200), and the student sees the class.
    const again = await call(
      helena,
      'POST',
      `/classes/${id}/members?user_id=${maria.id}&role=student`,
    );
    expect(again.status).toBe(200);
    expect((await call(maria, 'GET', `/classes/${id}`)).status).toBe(200);
    // Recorded once, by the insert that added her; the second call added and recorded nothing.
    expect(await actions(helena, 'member_added', id)).toEqual([
      { class_id: id, user_id: maria.id, role: 'student' },
    ]);
  });

  it('only a teacher may add, whatever the user asked for exists or not', async () => {
    const id = await classWith(lucas);
    const nobody = '01900000-0000-7000-8000-000000000001';
    for (const target of [maria.id, nobody]) {
      const path = `/classes/${id}/members?user_id=${target}&role=student`;
      expect((await call(lucas, 'POST', path)).status).toBe(403);
      expect((await call(stranger, 'POST', path)).status).toBe(404);
    }
    const missing = await call<{ code: string }>(
      helena,
      'POST',
      `/classes/${id}/members?user_id=${nobody}&role=student`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('user_not_found');
  });

  it('removing a student: one statement finds, removes and records them, no class lock — three round trips', async () => {
    const id = await classWith(lucas);
    const { result, trips } = await roundTrips(() =>
      call(helena, 'DELETE', `/classes/${id}/members/${lucas.id}`),
    );
    expect(result.status).toBe(204);
    // session, access, the delete with its record (no begin, no commit)
    expect(trips).toBeGreaterThanOrEqual(3);
    expect(trips).toBeLessThan(3.5);
    expect((await call(lucas, 'GET', `/classes/${id}`)).status).toBe(404);
    // Not a member (any more) → 404, and nothing more recorded.
    expect((await call(helena, 'DELETE', `/classes/${id}/members/${lucas.id}`)).status).toBe(404);
    expect(await actions(helena, 'member_removed', id)).toEqual([
      { class_id: id, user_id: lucas.id },
    ]);
  });

  it('a member who is one already, a teacher, the owner: the locked path keeps every rule', async () => {
    const id = await classWith(lucas);
    // Lucas again as a student: nothing changes (200); as a teacher: re-roled (200, not 201).
    const path = (u: SignedUp, role: string) =>
      `/classes/${id}/members?user_id=${u.id}&role=${role}`;
    expect((await call(helena, 'POST', path(lucas, 'student'))).status).toBe(200);
    const promoted = await call<ClassMember>(helena, 'POST', path(lucas, 'teacher'));
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('teacher');
    // The owner cannot be demoted; a teacher who is not the owner can be removed.
    const demote = await call<{ code: string }>(helena, 'POST', path(helena, 'student'));
    expect(demote.status).toBe(403);
    expect(demote.body.code).toBe('owner_protected');
    expect((await call(helena, 'DELETE', `/classes/${id}/members/${lucas.id}`)).status).toBe(204);
    // Helena is now the last teacher: she cannot leave either way.
    const leave = await call<{ code: string }>(
      helena,
      'DELETE',
      `/classes/${id}/members/${helena.id}`,
    );
    expect(leave.status).toBe(409);
    expect(leave.body.code).toBe('last_teacher');
    const removed = await t.db.db
      .selectFrom('user_actions')
      .select('context')
      .where('user_id', '=', helena.id)
      .where('action', '=', 'member_removed')
      .execute();
    expect(
      removed
        .map((r) => JSON.parse(r.context!) as { class_id: string })
        .filter((c) => c.class_id === id),
    ).toHaveLength(1);
  });

  it('adding while the class is deleted: 201 or 404, never a failure', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await classWith();
      const [added, deleted] = await Promise.all([
        call(helena, 'POST', `/classes/${id}/members?user_id=${maria.id}&role=student`),
        call(helena, 'DELETE', `/classes/${id}`),
      ]);
      expect(deleted.status, `round ${round}`).toBe(204);
      expect([201, 404], `round ${round}: ${added.status}`).toContain(added.status);
      const left = await t.db.db
        .selectFrom('class_members')
        .select('user_id')
        .where('class_id', '=', id)
        .execute();
      expect(left).toEqual([]);
    }
  });

  it('a student removed while promoted: the answers tell what is left', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await classWith(lucas);
      const [removed, promoted] = await Promise.all([
        call(helena, 'DELETE', `/classes/${id}/members/${lucas.id}`),
        call<ClassMember>(
          helena,
          'POST',
          `/classes/${id}/members?user_id=${lucas.id}&role=teacher`,
        ),
      ]);
      expect(removed.status, `round ${round}`).toBe(204);
      const row = await t.db.db
        .selectFrom('class_members')
        .select('role')
        .where('class_id', '=', id)
        .where('user_id', '=', lucas.id)
        .executeTakeFirst();
      // Removed, then added as a teacher (201) — or promoted (200), then removed.
      if (promoted.status === 201) expect(row?.role, `round ${round}`).toBe('teacher');
      else {
        expect(promoted.status, `round ${round}`).toBe(200);
        expect(row, `round ${round}`).toBeUndefined();
      }
    }
  });

  it("a write's session check runs on the write pool: it does not wait behind the readers", async () => {
    const id = await classWith(lucas);
    // Every read connection busy for 1.5 s, as under a crowd of readers…
    const reads = Array.from({ length: POOL_SIZE }, () =>
      t.db.readRow('select 1 from pg_sleep(1.5)', []),
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    // …a teacher's rename is answered at once (its session, update and page on the write pool),
    const renamed = await call<ClassDetail>(helena, 'PUT', `/classes/${id}`, { title: 'Ótica' });
    expect(renamed.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    // while a read waits for its turn.
    const read = call(lucas, 'GET', '/classes/mine');
    const [readAt] = await Promise.all([read.then(() => performance.now()), ...reads]);
    expect(readAt - started).toBeGreaterThan(1000);
  });
});
