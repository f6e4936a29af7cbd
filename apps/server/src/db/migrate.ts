import { Migrator } from 'kysely/migration';
import { getMigrations } from 'better-auth/db/migration';
import type { Auth } from '../auth.ts';
import type { DbHandle } from './client.ts';
import { migrations } from './migrations/index.ts';

/**
 * Bring the schema up to date: Better Auth's own tables first (its migration planner, from the
 * same options the app uses), then the app's Kysely migrations in order. Idempotent.
 */
export async function migrate(handle: DbHandle, auth: Auth): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
