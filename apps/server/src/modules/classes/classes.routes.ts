import { Hono } from 'hono';
import { pageQuerySchema } from '@aprenda/shared/schemas/common';
import type { AppContext, AppEnv } from '../../app.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { zv } from '../../lib/validate.ts';
import { listUserClasses } from './classes.service.ts';

/** Class API under `${API_PREFIX}/classes` (foundation: the two reads of the spec). */
export function classesRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/mine', requireUser, zv('query', pageQuerySchema), async (c) => {
    const user = currentUser(c);
    return c.json(await listUserClasses(ctx, user.id, 'mine', c.req.valid('query')));
  });

  r.get('/teaching', requireUser, zv('query', pageQuerySchema), async (c) => {
    const user = currentUser(c);
    return c.json(await listUserClasses(ctx, user.id, 'teaching', c.req.valid('query')));
  });

  return r;
}
