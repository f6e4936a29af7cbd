import { createAuth } from '../auth.ts';
import { CACHE_SCOPES } from '../cache-scopes.ts';
import { EnvError, loadEnv, type Env } from '../env.ts';
import { resolveSecret } from '../secret.ts';
import { createDb, dbOptionsFromEnv } from './client.ts';
import { migrate } from './migrate.ts';

/** `npm run migrate -w @aprenda/server`: bring DATABASE_URL's schema up to date, then exit. */
async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(`Cannot migrate: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const db = createDb(env.DATABASE_URL, dbOptionsFromEnv(env));
  try {
    const auth = createAuth({ env, db, secret: resolveSecret(env) });
    await migrate(db, auth, CACHE_SCOPES);
    process.stdout.write(`Database migrated (${db.dialect}).\n`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error('Migration failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
