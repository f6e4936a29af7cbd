import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../context.ts';
import { publicConfig } from './config.service.ts';

/** GET /config → PublicConfig. */
export function configRoutes(ctx: AppContext) {
  const config = publicConfig(ctx.env);
  const r = new Hono<AppEnv>();
  r.get('/config', (c) => c.json(config, 200, { 'cache-control': 'no-cache' }));
  return r;
}
