import type { Selectable } from 'kysely';
import type { CalendarFeedTable, Executor, UserTable } from '../../db/types.ts';

export type CalendarFeedRow = Selectable<CalendarFeedTable>;
export type FeedOwner = Pick<Selectable<UserTable>, 'id' | 'name'>;

/** The nonce of the user's feed, or null when the user has none yet. */
export async function selectFeedNonce(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('nonce')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.nonce ?? null;
}

/** Store the user's first feed; a feed already stored (a concurrent first call) wins. */
export async function insertFeedIfAbsent(db: Executor, row: CalendarFeedRow): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Store the user's feed, replacing the one before (whose token then opens nothing). */
export async function upsertFeed(db: Executor, row: CalendarFeedRow): Promise<void> {
  const { user_id: _userId, ...values } = row;
  await db
    .insertInto('calendar_feeds')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** The user whose feed token hashes to `tokenHash`, or null. */
export async function selectFeedOwner(db: Executor, tokenHash: string): Promise<FeedOwner | null> {
  const row = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('user as u', 'u.id', 'f.user_id')
    .select(['u.id', 'u.name'])
    .where('f.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ?? null;
}
