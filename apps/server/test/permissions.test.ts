import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classAccess } from '../src/modules/classes/access.service.ts';
import { createClass } from '../src/modules/classes/classes.service.ts';
import { createEvent } from '../src/modules/classes/events.service.ts';
import { createInvite } from '../src/modules/classes/invites.service.ts';
import { addClassMember } from '../src/modules/classes/members.service.ts';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

type Actor = 'owner' | 'coTeacher' | 'student' | 'outsider' | 'anonymous' | 'forged';
const ACTORS: Actor[] = ['owner', 'coTeacher', 'student', 'outsider', 'anonymous', 'forged'];

/** A fresh class per request, so destructive calls never affect the next row. */
interface Fixture {
  classId: string;
  code: string;
  eventId: string;
  inviteId: string;
  inviteToken: string;
  /** A student member that member-removal targets. */
  targetId: string;
  /** A user who is not a member, for adding. */
  newcomerId: string;
  /** The co-teacher (a transfer of ownership names them). */
  coTeacherId: string;
}

interface Route {
  name: string;
  req: (f: Fixture) => { method: string; path: string; body?: unknown };
  /** Expected status per actor; anonymous is always 401. */
  expect: Record<Exclude<Actor, 'anonymous'>, number>;
  /** Does a success change the class's rows? (denied calls must change nothing) */
  write?: boolean;
  /** The problem code of a 403 per actor, where it is more specific than `forbidden`. */
  forbiddenCode?: Partial<Record<Actor, string>>;
}

const read = (ok = 200) => ({
  owner: ok,
  coTeacher: ok,
  student: ok,
  outsider: 404,
  forged: ok,
});
const manage = (ok: number) => ({
  owner: ok,
  coTeacher: ok,
  student: 403,
  outsider: 404,
  forged: 403,
});
const anyone = (ok: number) => ({
  owner: ok,
  coTeacher: ok,
  student: ok,
  outsider: ok,
  forged: ok,
});

const ROUTES: Route[] = [
  {
    name: 'GET /classes/mine',
    req: () => ({ method: 'GET', path: '/api/classes/mine' }),
    expect: anyone(200),
  },
  {
    name: 'GET /classes/teaching',
    req: () => ({ method: 'GET', path: '/api/classes/teaching' }),
    expect: anyone(200),
  },
  {
    name: 'POST /classes',
    req: () => ({ method: 'POST', path: '/api/classes', body: { title: 'Nova turma' } }),
    expect: anyone(201),
  },
  {
    name: 'GET /classes/{id}',
    req: (f) => ({ method: 'GET', path: `/api/classes/${f.classId}` }),
    expect: read(),
  },
  {
    name: 'PUT /classes/{id}',
    req: (f) => ({
      method: 'PUT',
      path: `/api/classes/${f.classId}`,
      body: { title: 'Outro título' },
    }),
    expect: manage(200),
    write: true,
  },
  {
    name: 'DELETE /classes/{id}',
    req: (f) => ({ method: 'DELETE', path: `/api/classes/${f.classId}` }),
    // Deleting a class for everyone is for its owner only.
    expect: { owner: 204, coTeacher: 403, student: 403, outsider: 404, forged: 403 },
    forbiddenCode: { coTeacher: 'owner_only' },
    write: true,
  },
  {
    name: 'POST /classes/{id}/owner',
    req: (f) => ({
      method: 'POST',
      path: `/api/classes/${f.classId}/owner`,
      body: { user_id: f.coTeacherId },
    }),
    // Ownership moves only when the owner hands it over.
    expect: { owner: 200, coTeacher: 403, student: 403, outsider: 404, forged: 403 },
    forbiddenCode: { coTeacher: 'owner_only' },
    write: true,
  },
  {
    name: 'POST /classes/{id}/code/reset',
    req: (f) => ({ method: 'POST', path: `/api/classes/${f.classId}/code/reset` }),
    expect: manage(200),
    write: true,
  },
  {
    name: 'GET /classes/{id}/members',
    req: (f) => ({ method: 'GET', path: `/api/classes/${f.classId}/members` }),
    expect: read(),
  },
  {
    name: 'POST /classes/{id}/members',
    req: (f) => ({
      method: 'POST',
      path: `/api/classes/${f.classId}/members?user_id=${f.newcomerId}&role=teacher`,
    }),
    expect: manage(201),
    write: true,
  },
  {
    name: 'DELETE /classes/{id}/members/{userId}',
    req: (f) => ({ method: 'DELETE', path: `/api/classes/${f.classId}/members/${f.targetId}` }),
    expect: manage(204),
    write: true,
  },
  {
    name: 'POST /classes/invites',
    req: (f) => ({ method: 'POST', path: '/api/classes/invites', body: { class_id: f.classId } }),
    expect: manage(201),
    write: true,
  },
  {
    name: 'GET /classes/{id}/invites',
    req: (f) => ({ method: 'GET', path: `/api/classes/${f.classId}/invites` }),
    expect: manage(200),
  },
  {
    name: 'DELETE /classes/invites/{inviteId}',
    req: (f) => ({ method: 'DELETE', path: `/api/classes/invites/${f.inviteId}` }),
    expect: manage(204),
    write: true,
  },
  {
    name: 'GET /classes/invites/{token}',
    req: (f) => ({ method: 'GET', path: `/api/classes/invites/${f.inviteToken}` }),
    expect: anyone(200),
  },
  {
    name: 'POST /classes/invites/accept',
    req: (f) => ({
      method: 'POST',
      path: '/api/classes/invites/accept',
      body: { token: f.inviteToken },
    }),
    expect: anyone(200),
  },
  {
    name: 'POST /classes/join',
    req: (f) => ({
      method: 'POST',
      path: '/api/classes/join',
      body: { code: f.code.toLowerCase() },
    }),
    expect: anyone(200),
  },
  {
    name: 'GET /classes/{id}/events',
    req: (f) => ({ method: 'GET', path: `/api/classes/${f.classId}/events` }),
    expect: read(),
  },
  {
    name: 'POST /classes/{id}/events',
    req: (f) => ({
      method: 'POST',
      path: `/api/classes/${f.classId}/events`,
      body: { title: 'Prova', starts_at: '2031-05-10T13:00:00Z' },
    }),
    expect: manage(201),
    write: true,
  },
  {
    name: 'PUT /classes/{id}/events/{eventId}',
    req: (f) => ({
      method: 'PUT',
      path: `/api/classes/${f.classId}/events/${f.eventId}`,
      body: { title: 'Prova remarcada', starts_at: '2031-05-12T13:00:00Z' },
    }),
    expect: manage(200),
    write: true,
  },
  {
    name: 'DELETE /classes/{id}/events/{eventId}',
    req: (f) => ({ method: 'DELETE', path: `/api/classes/${f.classId}/events/${f.eventId}` }),
    expect: manage(204),
    write: true,
  },
  {
    name: 'GET /calendar/feed',
    req: () => ({ method: 'GET', path: '/api/calendar/feed' }),
    expect: anyone(200),
  },
  {
    name: 'POST /calendar/feed/reset',
    req: () => ({ method: 'POST', path: '/api/calendar/feed/reset' }),
    expect: anyone(200),
  },
];

describe.each(dialects)(
  'permission matrix: every class route × every kind of caller (%s)',
  (dialect) => {
    let t: TestApp;
    const users = {} as Record<'owner' | 'coTeacher' | 'student' | 'outsider', SignedUp>;
    let target: SignedUp;
    let newcomer: SignedUp;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      users.owner = await signUp(t, { role: 'teacher', name: 'Dona' });
      users.coTeacher = await signUp(t, { role: 'teacher', name: 'Co' });
      // A student whose *account* is a teacher still only has a student membership here.
      users.student = await signUp(t, { role: 'teacher', name: 'Aluna' });
      users.outsider = await signUp(t, { role: 'teacher', name: 'De Fora' });
      target = await signUp(t, { role: 'student' });
      newcomer = await signUp(t, { role: 'student' });
    });
    afterAll(async () => t?.close());

    async function fixture(): Promise<Fixture> {
      const klass = await createClass(t.ctx, users.owner.id, { title: 'Turma da matriz' });
      await addClassMember(t.ctx, klass.id, users.coTeacher.id, 'teacher');
      await addClassMember(t.ctx, klass.id, users.student.id, 'student');
      await addClassMember(t.ctx, klass.id, target.id, 'student');
      const access = await classAccess(t.ctx, klass.id, users.owner.id);
      const event = await createEvent(t.ctx, access, {
        title: 'Aula',
        starts_at: '2031-05-01T12:00:00Z',
        all_day: false,
      });
      const invite = await createInvite(t.ctx, access, { role: 'student' });
      return {
        classId: klass.id,
        code: klass.code!,
        eventId: event.id,
        inviteId: invite.id,
        inviteToken: invite.token,
        targetId: target.id,
        newcomerId: newcomer.id,
        coTeacherId: users.coTeacher.id,
      };
    }

    /** Everything a denied call must leave untouched. */
    async function snapshot(classId: string) {
      const db = t.db.db;
      return {
        klass: await db.selectFrom('classes').selectAll().where('id', '=', classId).execute(),
        members: await db
          .selectFrom('class_members')
          .select(['user_id', 'role'])
          .where('class_id', '=', classId)
          .orderBy('user_id')
          .execute(),
        events: await db
          .selectFrom('class_events')
          .select(['id', 'title', 'starts_at'])
          .where('class_id', '=', classId)
          .orderBy('id')
          .execute(),
        invites: await db
          .selectFrom('class_invites')
          .select(['id', 'revoked_at', 'uses'])
          .where('class_id', '=', classId)
          .orderBy('id')
          .execute(),
      };
    }

    function headersFor(actor: Actor): Record<string, string> {
      if (actor === 'anonymous') return { 'x-user-role': 'teacher' };
      if (actor === 'forged') {
        return {
          ...bearer(users.student),
          'x-user-id': users.student.id,
          'x-user-role': 'teacher',
        };
      }
      return { ...bearer(users[actor]), 'x-user-role': 'student' };
    }

    for (const route of ROUTES) {
      it(route.name, async () => {
        const got: Record<string, number> = {};
        const want: Record<string, number> = {};
        for (const actor of ACTORS) {
          const f = await fixture();
          const before = route.write ? await snapshot(f.classId) : null;
          const { method, path, body } = route.req(f);
          const res = await jsonRequest(t, method, path, body, headersFor(actor));
          got[actor] = res.status;
          want[actor] = actor === 'anonymous' ? 401 : route.expect[actor];
          if (res.status >= 400) {
            const problem = (await res.json()) as { code: string };
            expect(res.headers.get('content-type')).toContain('application/problem+json');
            if (res.status === 404) expect(problem.code).toBe('not_found');
            if (res.status === 403) {
              expect(problem.code).toBe(route.forbiddenCode?.[actor] ?? 'forbidden');
            }
            if (res.status === 401) expect(problem.code).toBe('unauthorized');
            if (before)
              expect(await snapshot(f.classId), `${route.name} as ${actor}`).toEqual(before);
          } else if (before && res.status === want[actor]) {
            expect(await snapshot(f.classId), `${route.name} as ${actor}`).not.toEqual(before);
          }
        }
        expect(got).toEqual(want);
      });
    }

    it('a non-member cannot tell an existing class from a missing one', async () => {
      const f = await fixture();
      const h = bearer(users.outsider);
      for (const id of [f.classId, '01900000-0000-7000-8000-000000000000']) {
        for (const [method, path] of [
          ['GET', `/api/classes/${id}`],
          ['GET', `/api/classes/${id}/members`],
          ['GET', `/api/classes/${id}/events`],
          ['DELETE', `/api/classes/${id}`],
        ] as const) {
          const res = await jsonRequest(t, method, path, undefined, h);
          expect(res.status).toBe(404);
          expect(((await res.json()) as { detail: string }).detail).toBe('No such class');
        }
      }
    });
  },
);
