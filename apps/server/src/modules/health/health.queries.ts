import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';

/** The smallest real round trip to the database. */
export async function selectOne(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
