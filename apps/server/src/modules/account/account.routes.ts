import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../context.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { accountExport } from './export.service.ts';

/**
 * The signed-in user's own account under /api/account (docs/api/account.md), mounted by app.ts.
 * GET /export: "Baixar meus dados", a JSON file to keep (never cached).
 */
export function accountRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser);
  r.get('/export', async (c) => {
    const user = currentUser(c);
    const data = await accountExport(ctx, user.id);
    const day = data.exported_at.slice(0, 10);
    c.header('content-disposition', `attachment; filename="aprenda-meus-dados-${day}.json"`);
    c.header('cache-control', 'no-store');
    return c.json(data);
  });
  return r;
}
