import { Hono } from 'hono';
import { pageQuerySchema } from '@aprenda/shared/schemas/common';
import {
  acceptInviteSchema,
  addMemberQuerySchema,
  createClassSchema,
  createEventSchema,
  createInviteSchema,
  eventsQuerySchema,
  teachingQuerySchema,
  transferOwnershipSchema,
  updateClassSchema,
  updateEventSchema,
} from '@aprenda/shared/schemas/classes';
import type { AppContext, AppEnv } from '../../context.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { idParams as params, zv } from '../../middleware/validate.ts';
import { classAccess, visibleClassAccess } from './access.service.ts';
import {
  classDetail,
  classListValidUntil,
  createClassAs,
  deleteClass,
  listUserClasses,
  resetClassCode,
  setArchived,
  transferOwnership,
  updateClass,
} from './classes.service.ts';
import { createEvent, deleteEvent, listEvents, updateEvent } from './events.service.ts';
import {
  acceptInvite,
  createInvite,
  joinByCode,
  listInvites,
  previewInvite,
  revokeInvite,
} from './invites.service.ts';
import { addMember, addMemberByEmail, listMembers, removeMember } from './members.service.ts';
import { cachedJson } from '../../middleware/cached-json.ts';
import { classesScope } from './classes.cache.ts';
import { joinCodeBodySchema } from './join-code.ts';

/**
 * Class API under `${API_PREFIX}/classes` (docs/api/classes.md). Every route needs a session;
 * permissions come from the caller's membership of the class (never from headers).
 */
export function classesRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser);

  // Static paths first: they must win over `/:id`.
  // Lists of my classes: from the response cache while no class, membership, event or teacher's
  // name has changed since (the `classes` data version; decision 0018) and none of the listed
  // next events is over yet (then another one is next). Archiving or restoring a class updates
  // its row, which bumps every member's version: the lists drop or regain it at once.
  // Not `async`: cachedJson's promise is handed on as it is (decision 0048).
  r.get('/mine', zv('query', pageQuerySchema), (c) => {
    const user = currentUser(c);
    const page = c.req.valid('query');
    const key = JSON.stringify(['classes', 'mine', user.id, page.limit, page.cursor ?? '']);
    return cachedJson(
      c,
      ctx,
      key,
      [classesScope],
      () => listUserClasses(ctx, user.id, 'mine', page),
      classListValidUntil,
    );
  });
  // `?archived=1`: the archived classes I teach ("Arquivadas"), same order and cursor.
  r.get('/teaching', zv('query', teachingQuerySchema), (c) => {
    const user = currentUser(c);
    const { archived, ...page } = c.req.valid('query');
    const key = JSON.stringify([
      'classes',
      archived ? 'teaching-archived' : 'teaching',
      user.id,
      page.limit,
      page.cursor ?? '',
    ]);
    return cachedJson(
      c,
      ctx,
      key,
      [classesScope],
      () => listUserClasses(ctx, user.id, 'teaching', page, archived),
      classListValidUntil,
    );
  });

  r.post('/', zv('json', createClassSchema), async (c) => {
    const user = currentUser(c);
    const created = await createClassAs(ctx, user, c.req.valid('json'));
    return c.json(await classDetail(ctx, await classAccess(ctx, created.id, user.id)), 201);
  });

  // Wrong codes per user are limited (JOIN_CODE_RATE_LIMIT_*), so codes cannot be guessed: each
  // attempt counts until it turns out right (or malformed).
  const joinLimiter = ctx.rateLimitStore.limiter({
    name: 'join-code',
    points: ctx.env.JOIN_CODE_RATE_LIMIT_MAX,
    durationSeconds: ctx.env.JOIN_CODE_RATE_LIMIT_WINDOW_SECONDS,
  });
  const joinAttempts = rateLimit({
    limiter: joinLimiter,
    key: (c) => currentUser(c).id,
    settle: (status) => (status === 404 ? 'keep' : 'refund'),
  });

  // Spaces and dashes in the code are ignored (`jcr zax`, `JCR-ZAX`). The answer says whether the
  // user was in the class already (`already_member`): the web says "you are already in…" then.
  r.post('/join', joinAttempts, zv('json', joinCodeBodySchema), async (c) => {
    const user = currentUser(c);
    const { access, alreadyMember } = await joinByCode(ctx, user.id, c.req.valid('json').code);
    return c.json({ ...(await classDetail(ctx, access)), already_member: alreadyMember });
  });

  r.post('/invites', zv('json', createInviteSchema), async (c) => {
    const user = currentUser(c);
    const { class_id, ...input } = c.req.valid('json');
    const access = await visibleClassAccess(ctx, class_id, user.id);
    return c.json(await createInvite(ctx, access, input), 201);
  });

  r.post('/invites/accept', zv('json', acceptInviteSchema), async (c) => {
    const user = currentUser(c);
    const access = await acceptInvite(ctx, user, c.req.valid('json').token);
    return c.json(await classDetail(ctx, access));
  });

  r.get('/invites/:token', params('token'), async (c) => {
    const user = currentUser(c);
    return c.json(await previewInvite(ctx, user, c.req.valid('param').token));
  });

  r.delete('/invites/:inviteId', params('inviteId'), async (c) => {
    const user = currentUser(c);
    await revokeInvite(ctx, user.id, c.req.valid('param').inviteId);
    return c.body(null, 204);
  });

  // From here on an archived class does not exist for its students (visibleClassAccess: 404).
  r.get('/:id', params('id'), async (c) => {
    const user = currentUser(c);
    const access = await visibleClassAccess(ctx, c.req.valid('param').id, user.id);
    return c.json(await classDetail(ctx, access));
  });

  r.put('/:id', params('id'), zv('json', updateClassSchema), async (c) => {
    const user = currentUser(c);
    const id = c.req.valid('param').id;
    return c.json(await classDetail(ctx, await updateClass(ctx, id, user.id, c.req.valid('json'))));
  });

  r.delete('/:id', params('id'), async (c) => {
    const user = currentUser(c);
    await deleteClass(ctx, await visibleClassAccess(ctx, c.req.valid('param').id, user.id));
    return c.body(null, 204);
  });

  // Archive / restore (the owner only; co-teachers 403 `owner_only`).
  for (const [path, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    r.post(`/:id/${path}`, params('id'), async (c) => {
      const user = currentUser(c);
      const access = await visibleClassAccess(ctx, c.req.valid('param').id, user.id);
      return c.json(await classDetail(ctx, await setArchived(ctx, access, archived)));
    });
  }

  r.post('/:id/owner', params('id'), zv('json', transferOwnershipSchema), async (c) => {
    const user = currentUser(c);
    const access = await visibleClassAccess(ctx, c.req.valid('param').id, user.id);
    const next = await transferOwnership(ctx, access, c.req.valid('json').user_id);
    return c.json(await classDetail(ctx, next));
  });

  r.post('/:id/code/reset', params('id'), async (c) => {
    const user = currentUser(c);
    const access = await visibleClassAccess(ctx, c.req.valid('param').id, user.id);
    return c.json(await classDetail(ctx, await resetClassCode(ctx, access)));
  });

  r.get('/:id/members', params('id'), zv('query', pageQuerySchema), async (c) => {
    const user = currentUser(c);
    const access = await visibleClassAccess(ctx, c.req.valid('param').id, user.id);
    return c.json(await listMembers(ctx, access, c.req.valid('query')));
  });

  r.post('/:id/members', params('id'), zv('query', addMemberQuerySchema), async (c) => {
    const user = currentUser(c);
    const id = c.req.valid('param').id;
    const { role, user_id, email } = c.req.valid('query');
    if (email !== undefined) {
      const access = await visibleClassAccess(ctx, id, user.id);
      const { answer, created } = await addMemberByEmail(ctx, access, email, role, user);
      return c.json(answer, created ? 201 : 200);
    }
    const { member, created } = await addMember(ctx, id, user.id, { user_id }, role);
    return c.json(member, created ? 201 : 200);
  });

  r.delete('/:id/members/:userId', params('id', 'userId'), async (c) => {
    const user = currentUser(c);
    const { id, userId } = c.req.valid('param');
    await removeMember(ctx, await visibleClassAccess(ctx, id, user.id), userId);
    return c.body(null, 204);
  });

  r.get('/:id/invites', params('id'), zv('query', pageQuerySchema), async (c) => {
    const user = currentUser(c);
    const access = await visibleClassAccess(ctx, c.req.valid('param').id, user.id);
    return c.json(await listInvites(ctx, access, c.req.valid('query')));
  });

  r.get('/:id/events', params('id'), zv('query', eventsQuerySchema), async (c) => {
    const user = currentUser(c);
    const access = await visibleClassAccess(ctx, c.req.valid('param').id, user.id);
    return c.json(await listEvents(ctx, access, c.req.valid('query')));
  });

  r.post('/:id/events', params('id'), zv('json', createEventSchema), async (c) => {
    const user = currentUser(c);
    const access = await visibleClassAccess(ctx, c.req.valid('param').id, user.id);
    return c.json(await createEvent(ctx, access, c.req.valid('json')), 201);
  });

  r.put(
    '/:id/events/:eventId',
    params('id', 'eventId'),
    zv('json', updateEventSchema),
    async (c) => {
      const user = currentUser(c);
      const { id, eventId } = c.req.valid('param');
      const access = await visibleClassAccess(ctx, id, user.id);
      return c.json(await updateEvent(ctx, access, eventId, c.req.valid('json')));
    },
  );

  r.delete('/:id/events/:eventId', params('id', 'eventId'), async (c) => {
    const user = currentUser(c);
    const { id, eventId } = c.req.valid('param');
    await deleteEvent(ctx, await visibleClassAccess(ctx, id, user.id), eventId);
    return c.body(null, 204);
  });

  return r;
}
