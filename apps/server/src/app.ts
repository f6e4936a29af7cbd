import { Hono } from 'hono';
import type { Env } from './env.ts';
import type { DbHandle } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { type Logger, silentLogger } from './lib/logger.ts';
import { errorHandler, notFoundHandler } from './middleware/errors.ts';
import { type Auth, createAuth } from './auth.ts';
import { sessionMiddleware, type SessionVariables } from './middleware/session.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { classesRoutes } from './modules/classes/classes.routes.ts';

/** Everything the app needs from outside. Tests build it in-process with their own db and clock. */
export interface AppDeps {
  env: Env;
  db: DbHandle;
  /** 32+ byte secret (from APP_SECRET or the data folder; see secret.ts). */
  secret: string;
  clock?: Clock;
  logger?: Logger;
}

export type AppVariables = SessionVariables & { requestId: string };
export type AppEnv = { Variables: AppVariables };

export interface AppContext {
  env: Env;
  db: DbHandle;
  secret: string;
  clock: Clock;
  logger: Logger;
  auth: Auth;
}

/** Build the HTTP app. No side effects (no listen, no migrations). */
export function createApp(deps: AppDeps) {
  const ctx: AppContext = {
    env: deps.env,
    db: deps.db,
    secret: deps.secret,
    clock: deps.clock ?? systemClock,
    logger: deps.logger ?? silentLogger,
    auth: undefined as unknown as Auth,
  };
  ctx.auth = createAuth(ctx);

  const app = new Hono<AppEnv>();
  app.onError(errorHandler((entry) => ctx.logger({ level: 'error', msg: 'error', ...entry })));
  app.notFound(notFoundHandler);

  app.use('*', sessionMiddleware(ctx));
  app.route(ctx.env.RECORDS_PREFIX, recordsRoutes(ctx));
  app.route(`${ctx.env.API_PREFIX}/classes`, classesRoutes(ctx));

  return { app, auth: ctx.auth, ctx };
}

export type App = ReturnType<typeof createApp>['app'];
