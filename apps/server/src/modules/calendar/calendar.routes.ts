import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { getOrCreateFeed, renderFeed, resetFeed } from './calendar.service.ts';

/**
 * Personal calendar feed under `${API_PREFIX}/calendar`:
 * `GET /feed` and `POST /feed/reset` (signed in) manage the URL; `GET /{token}.ics` serves the
 * feed to calendar apps with no session (the token is the credential).
 */
export function calendarRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/feed', requireUser, async (c) => {
    const user = currentUser(c);
    c.header('cache-control', 'no-store');
    return c.json(await getOrCreateFeed(ctx, user.id));
  });

  r.post('/feed/reset', requireUser, async (c) => {
    const user = currentUser(c);
    c.header('cache-control', 'no-store');
    return c.json(await resetFeed(ctx, user.id));
  });

  r.get('/:file', async (c) => {
    const file = c.req.param('file');
    if (!file.endsWith('.ics')) throw notFound('No such route');
    const body = await renderFeed(ctx, file.slice(0, -'.ics'.length));
    return c.body(body, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="aprenda.ics"',
      'cache-control': 'private, max-age=300',
    });
  });

  return r;
}
