import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { getMigrations } from 'better-auth/db/migration';
import type { Auth } from '../auth.ts';
import type { CacheScope } from '../lib/cache-scopes.ts';
import { syncCacheTriggers } from './cache-triggers.ts';
import type { DbHandle } from './client.ts';
import type { Db } from './types.ts';
import { migrations } from './migrations/index.ts';

/**
 * Bring the schema up to date: Better Auth's own tables first (its migration planner, from the
 * same options the app uses), then the app's Kysely migrations in order, then the cache triggers
 * the cache scopes generate (src/cache-scopes.ts; db/cache-triggers.ts). Idempotent.
 *
 * On PostgreSQL the migrator's bookkeeping tables live in the connection's current schema
 * (search_path): Kysely otherwise looks for them in *every* schema and, when another schema of the
 * same database already has them, skips creating its own.
 */
export async function migrate(
  handle: DbHandle,
  auth: Auth,
  cacheScopes: readonly CacheScope[],
): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  if (handle.dialect !== 'postgres') {
    await runAppMigrations(handle.db);
    await syncCacheTriggers(handle.db, 'sqlite', cacheScopes);
    return;
  }
  // On one connection whose statements may take as long as they need (building an index on a
  // large table must not hit DB_STATEMENT_TIMEOUT_MS); the setting ends with the session's use.
  await handle.db.connection().execute(async (conn) => {
    await sql`set statement_timeout = 0`.execute(conn);
    await sql`set lock_timeout = 0`.execute(conn);
    try {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        conn,
      );
      await runAppMigrations(conn, rows[0]?.schema ?? 'public');
      await syncCacheTriggers(conn, 'postgres', cacheScopes);
    } finally {
      await sql`reset statement_timeout`.execute(conn);
      await sql`reset lock_timeout`.execute(conn);
    }
  });
}

async function runAppMigrations(db: Db, migrationTableSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Work on parallel branches can land a lower-numbered migration after a higher one ran
    // (0003 landed after 0004): apply the missing one instead of refusing to start. Migrations
    // must therefore not depend on the order of siblings that landed the same day.
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
