import type { Selectable } from 'kysely';
import type { Executor, FsrsParametersTable } from '../../db/types.ts';
import { keysetAfter } from '../../lib/cursor.ts';

export type ParametersRow = Selectable<FsrsParametersTable>;

/** The user's parameters row, if any. */
export async function selectParameters(
  db: Executor,
  userId: string,
): Promise<ParametersRow | undefined> {
  return db
    .selectFrom('fsrs_parameters')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Add `delta` to the user's counted reviews; the new count and the count at the last fit. */
export async function addReviewCount(
  db: Executor,
  userId: string,
  delta: number,
  now: string,
): Promise<{ review_count: number; fitted_reviews: number }> {
  const row = await db
    .insertInto('fsrs_parameters')
    .values({ user_id: userId, review_count: Math.max(0, delta), updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        review_count: eb('fsrs_parameters.review_count', '+', delta),
        updated_at: now,
      })),
    )
    .returning(['review_count', 'fitted_reviews'])
    .executeTakeFirstOrThrow();
  return { review_count: Number(row.review_count), fitted_reviews: Number(row.fitted_reviews) };
}

/**
 * Claim the fit at `count` reviews: only one caller (process or instance) wins while the count is
 * at least `every` past the last fit.
 */
export async function claimFit(
  db: Executor,
  userId: string,
  count: number,
  every: number,
): Promise<boolean> {
  const res = await db
    .updateTable('fsrs_parameters')
    .set({ fitted_reviews: count })
    .where('user_id', '=', userId)
    .where((eb) => eb(eb('review_count', '-', eb.ref('fitted_reviews')), '>=', every))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Store fitted weights. */
export async function saveWeights(
  db: Executor,
  userId: string,
  weights: number[],
  now: string,
): Promise<void> {
  await db
    .updateTable('fsrs_parameters')
    .set({ weights: JSON.stringify(weights), fitted_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** One counted review of the user's history, for fitting. */
export interface HistoryRow {
  item_id: string;
  content_version: number;
  rating: number;
  elapsed_days: number;
  reviewed_at: string;
}

/**
 * A page of the user's counted reviews, item by item in time order, after `after` (keyset on the
 * index user_id, item_id, reviewed_at).
 */
export async function selectHistoryPage(
  db: Executor,
  userId: string,
  after: { item_id: string; reviewed_at: string } | null,
  limit: number,
): Promise<HistoryRow[]> {
  let q = db
    .selectFrom('flashcard_reviews')
    .select(['item_id', 'content_version', 'rating', 'elapsed_days', 'reviewed_at'])
    .where('user_id', '=', userId)
    .where('undone_at', 'is', null);
  if (after) {
    q = q.where((eb) =>
      keysetAfter(eb, 'asc', [
        ['item_id', after.item_id],
        ['reviewed_at', after.reviewed_at],
      ]),
    );
  }
  const rows = await q.orderBy('item_id').orderBy('reviewed_at').limit(limit).execute();
  return rows.map((r) => ({
    ...r,
    content_version: Number(r.content_version),
    rating: Number(r.rating),
    elapsed_days: Number(r.elapsed_days),
  }));
}
