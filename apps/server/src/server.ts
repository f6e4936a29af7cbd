import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { type Env, EnvError, loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { resolveSecret } from './secret.ts';
import { hasAnyUser, seedDemo } from './seed.ts';
import { failAbandonedAnswers } from './modules/conversations/conversations.service.ts';

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
  const db = createDb(env.DATABASE_URL, { preparedStatements: env.PG_PREPARED_STATEMENTS });
  const { app, auth, ctx } = createApp({ env, db, secret, logger });

  await migrate(db, auth);
  // Answers a previous process was streaming when it died: failed, with their partial text.
  const abandoned = await failAbandonedAnswers(ctx, env.AI_FIRST_TOKEN_TIMEOUT_MS + 120_000);
  if (abandoned > 0) logger({ level: 'warn', msg: 'marked abandoned answers failed', abandoned });

  if (env.NODE_ENV !== 'production' && env.SEED_DEMO) {
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

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger({ level: 'info', msg: 'listening', host: env.HOST, port: info.port });
    process.stdout.write(`Aprenda listening on http://localhost:${info.port}\n`);
  }) as Server;
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
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS);
    });
    const clean = await Promise.race([drained, timedOut]);
    clearInterval(idleSweep);
    clearTimeout(timer);
    if (!clean) {
      logger({ level: 'warn', msg: 'drain timed out; closing remaining connections' });
      server.closeAllConnections();
    }
    await Promise.allSettled([ctx.rateLimitStore.close(), db.close()]);
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
