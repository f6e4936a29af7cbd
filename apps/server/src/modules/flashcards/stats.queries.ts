import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';
import { txt } from './study.queries.ts';

/**
 * Reads for the student's metrics (docs/api/metrics.md): the decks they can study, their cards'
 * memory and the due forecast — each bounded by the student (`flashcard_states` by user and deck,
 * never the review log).
 */

export interface StudyDeckRow {
  id: string;
  title: string;
  desired_retention: number;
  new_per_day: number;
  reviews_per_day: number;
  card_count: number;
}

/** The decks the user can study: their own and those shared with `classIds`. */
export async function selectStudyDecks(
  db: Executor,
  userId: string,
  classIds: readonly string[],
): Promise<StudyDeckRow[]> {
  const rows = await db
    .selectFrom('decks as d')
    .select([
      'd.id',
      'd.title',
      'd.desired_retention',
      'd.new_per_day',
      'd.reviews_per_day',
      'd.card_count',
      'd.created_at',
    ])
    .where((eb) =>
      classIds.length === 0
        ? eb('d.owner_id', '=', userId)
        : eb.or([
            eb('d.owner_id', '=', userId),
            eb(
              'd.id',
              'in',
              eb
                .selectFrom('deck_shares as ds')
                .select('ds.deck_id')
                .where('ds.class_id', 'in', [...classIds]),
            ),
          ]),
    )
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    desired_retention: Number(r.desired_retention),
    new_per_day: Number(r.new_per_day),
    reviews_per_day: Number(r.reviews_per_day),
    card_count: Number(r.card_count),
  }));
}

/**
 * Cards due (learning or review; not suspended or deleted) per bucket: bucket 0 = due before
 * `ends[0]` (overdue included), bucket k = due in [ends[k−1], ends[k]). One grouped statement.
 */
export async function selectDueBuckets(
  db: Executor,
  userId: string,
  deckIds: readonly string[],
  ends: readonly string[],
): Promise<Map<number, number>> {
  if (deckIds.length === 0 || ends.length === 0) return new Map();
  const cases = ends.map((end, k) => sql`when s.due < ${txt(end)} then ${sql.lit(k)}`);
  const bucket = sql<number>`case ${sql.join(cases, sql` `)} end`;
  const rows = await db
    .selectFrom('flashcard_states as s')
    .select([bucket.as('bucket'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('s.user_id', '=', userId)
    .where('s.deck_id', 'in', [...deckIds])
    .where('s.queue', 'in', [1, 2])
    .where(sql<boolean>`s.due < ${txt(ends.at(-1)!)}`)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [Number(r.bucket), Number(r.n)]));
}

/** The memory of every studied card (learning or review; not suspended or deleted). */
export async function selectMemories(
  db: Executor,
  userId: string,
  deckIds: readonly string[],
): Promise<{ deck_id: string; queue: number; stability: number; last_review: string | null }[]> {
  if (deckIds.length === 0) return [];
  const rows = await db
    .selectFrom('flashcard_states as s')
    .select(['s.deck_id', 's.queue', 's.stability', 's.last_review'])
    .where('s.user_id', '=', userId)
    .where('s.deck_id', 'in', [...deckIds])
    .where('s.queue', 'in', [1, 2])
    .execute();
  return rows.map((r) => ({
    deck_id: r.deck_id,
    queue: Number(r.queue),
    stability: Number(r.stability),
    last_review: r.last_review,
  }));
}

/** The user's fitted FSRS weights (JSON), if any. */
export async function selectWeights(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('fsrs_parameters')
    .select('weights')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.weights ?? null;
}
