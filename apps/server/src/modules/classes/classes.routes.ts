import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../app.ts';

export function classesRoutes(_ctx: AppContext) {
  const r = new Hono<AppEnv>();
  return r;
}
