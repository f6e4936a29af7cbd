import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createDb, dbOptionsFromEnv } from './db/client.ts';
import { CACHE_SCOPES } from './cache-scopes.ts';
import { migrate } from './db/migrate.ts';
import { type Env, EnvError, loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { listeningBanner } from './lib/origins.ts';
import { resolveSecret } from './secret.ts';
import { hasAnyUser, seedDemo } from './seed.ts';
import { drainAnswers, failAbandonedAnswers } from './modules/conversations/public.ts';
import { closeBoards } from './modules/boards/public.ts';
import { databaseFault, isConnectionFault } from './db/faults.ts';
import { describeError } from './middleware/errors.ts';

/** How long SIGTERM/SIGINT waits for in-flight requests before cutting connections. */
const DRAIN_TIMEOUT_MS = 10_000;

/** The full start: env → db → app → migrations → demo seed (once) → listen; graceful shutdown. */
async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(`Aprenda cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const secret = resolveSecret(env);
  const db = createDb(env.DATABASE_URL, dbOptionsFromEnv(env, logger));
  const { app, auth, ctx } = createApp({ env, db, secret, logger });
  if (ctx.mailer.kind === 'none') {
    logger({
      level: 'error',
      msg: 'SMTP_URL is not set: password-reset and confirmation mails cannot be sent',
    });
  }

  let readOnly = false;
  try {
    await migrate(db, auth, CACHE_SCOPES);
  } catch (err) {
    if (databaseFault(err) !== 'read_only') throw err;
    console.error(
      'Aprenda cannot start: the database is read-only and its schema is not up to date ' +
        '(migrations must be written first).',
    );
    process.exit(1);
  }

  // Answers a previous process was streaming when it died: failed, with their partial text —
  // now (those already stale) and then periodically (one instance at a time).
  const staleMs = env.AI_FIRST_TOKEN_TIMEOUT_MS + env.ANSWER_STALE_MARGIN_MS;
  const sweep = async () => {
    try {
      const abandoned = await failAbandonedAnswers(ctx, staleMs);
      if (abandoned > 0)
        logger({ level: 'warn', msg: 'marked abandoned answers failed', abandoned });
    } catch (err) {
      const fault = databaseFault(err);
      if (fault === 'read_only') readOnly = true;
      else
        logger({
          level: 'warn',
          msg: 'sweep of abandoned answers failed',
          fault,
          err: describeError(err),
        });
    }
  };
  await sweep();
  const sweeper = setInterval(() => void sweep(), env.ANSWER_SWEEP_INTERVAL_MS);
  sweeper.unref();
  if (readOnly) {
    logger({
      level: 'warn',
      msg: 'the database is read-only: serving reads, refusing writes (503)',
    });
    process.stdout.write(
      'Aprenda: the database is READ-ONLY — reads work, every write answers 503.\n',
    );
  }

  if (env.NODE_ENV !== 'production' && env.SEED_DEMO && !readOnly) {
    if (!(await hasAnyUser(ctx))) {
      const accounts = await seedDemo(ctx);
      const lines = accounts.map(
        (a) => `  ${a.role.padEnd(8)} ${a.name.padEnd(20)} ${a.email.padEnd(32)} ${a.password}`,
      );
      process.stdout.write(
        `\nDemo accounts (created once on this empty database; never in production):\n${lines.join('\n')}\n\n`,
      );
    }
  }

  const server = serve(
    {
      fetch: app.fetch,
      port: env.PORT,
      hostname: env.HOST,
      // Slow or stalled clients cannot hold connections: headers within HTTP_HEADERS_TIMEOUT_MS,
      // the whole request within HTTP_REQUEST_TIMEOUT_MS (answers may stream longer), checked
      // every second (Node's default is every 30 s).
      serverOptions: {
        headersTimeout: Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS),
        requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
        keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
        connectionsCheckingInterval: 1000,
      },
    },
    (info) => {
      logger({ level: 'info', msg: 'listening', host: env.HOST, port: info.port });
      process.stdout.write(`${listeningBanner(env, info.port).join('\n')}\n`);
    },
  ) as Server;
  server.on('error', (err: NodeJS.ErrnoException) => {
    console.error(
      err.code === 'EADDRINUSE'
        ? `Aprenda cannot start: port ${env.PORT} on ${env.HOST} is already in use (set PORT)`
        : `Aprenda cannot start: ${err.message}`,
    );
    process.exit(1);
  });

  let stopping = false;
  const shutdown = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    logger({ level: 'info', msg: 'shutting down', reason });
    // Stop accepting; let in-flight requests finish (bounded); close keep-alive sockets as they idle.
    const drained = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    server.closeIdleConnections();
    // Boards' live streams never end by themselves: end them (clients reconnect elsewhere) and
    // close the boards' Redis connections.
    const boardsClosed = closeBoards(ctx);
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS);
    });
    // Answers outlive their requests (decision 0024): they get the drain time too, then end failed
    // with their text, in time for readers still connected to receive that end.
    const answers = drainAnswers(ctx, Math.max(0, DRAIN_TIMEOUT_MS - 2500));
    const clean = await Promise.race([Promise.all([drained, answers]).then(() => true), timedOut]);
    clearInterval(idleSweep);
    clearInterval(sweeper);
    clearTimeout(timer);
    if (!clean) {
      logger({ level: 'warn', msg: 'drain timed out; closing remaining connections' });
      server.closeAllConnections();
    }
    await Promise.allSettled([
      boardsClosed,
      ctx.rateLimitStore.close(),
      ctx.answerRelay.close(),
      db.close(),
    ]);
    logger({ level: 'info', msg: 'stopped' });
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('unhandledRejection', (err) => {
    logger({
      level: 'error',
      msg: 'unhandled rejection',
      err:
        err instanceof Error
          ? { name: err.name, message: err.message, stack: err.stack }
          : String(err),
    });
  });
  process.on('uncaughtException', (err) => {
    // A lost database connection is the pool's business (it discards the client and the request
    // using it gets 503): never a reason to stop serving.
    if (isConnectionFault(err)) {
      logger({ level: 'warn', msg: 'database connection lost (late)', err: describeError(err) });
      return;
    }
    logger({
      level: 'error',
      msg: 'uncaught exception',
      err: { name: err.name, message: err.message, stack: err.stack },
    });
    void shutdown('uncaughtException', 1);
  });
}

main().catch((err: unknown) => {
  console.error(
    'Aprenda failed to start:',
    err instanceof Error ? (err.stack ?? err.message) : err,
  );
  process.exit(1);
});
