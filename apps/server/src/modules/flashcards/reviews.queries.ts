import { sql, type Compilable, type CompiledQuery, type Insertable, type Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared.ts';
import type { DbHandle } from '../../db/client.ts';
import type {
  Executor,
  FlashcardReviewTable,
  FlashcardStateTable,
  UserActionTable,
} from '../../db/types.ts';
import {
  CARD_WITH_DECK_COLUMNS,
  cardWithDeckOf,
  type CardRow,
  type DeckRow,
} from './access.queries.ts';
import { lit, type StateRow } from './study.queries.ts';

export type ReviewRow = Selectable<FlashcardReviewTable>;

function normaliseReview(row: ReviewRow): ReviewRow {
  return {
    ...row,
    rating: Number(row.rating),
    content_version: Number(row.content_version),
    scheduled_days: Number(row.scheduled_days),
    elapsed_days: Number(row.elapsed_days),
    duration_ms: Number(row.duration_ms),
  };
}

/** The user's review with this client id, if any. */
export async function selectReview(
  db: Executor,
  userId: string,
  id: string,
): Promise<ReviewRow | undefined> {
  const row = await db
    .selectFrom('flashcard_reviews')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? normaliseReview(row) : undefined;
}

/** An item: its card and position (the card's deck is the item's). */
export async function selectItem(
  db: Executor,
  itemId: string,
): Promise<{ id: string; card_id: string; position: number } | undefined> {
  const row = await db
    .selectFrom('flashcard_items')
    .select(['id', 'card_id', 'position'])
    .where('id', '=', itemId)
    .executeTakeFirst();
  return row ? { ...row, position: Number(row.position) } : undefined;
}

/** What rating an item needs to know before its transaction (selectRatingTarget). */
export interface RatingTarget {
  item: { id: string; card_id: string; position: number };
  card: CardRow;
  deck: DeckRow;
  /** The user's fitted weights (JSON), if any. */
  weights: string | null;
  /** The user already has a review under the client's id (a retry: answered from the log). */
  known: boolean;
  /**
   * Another card of a deck the user can study (own, or shared with one of their classes) is due
   * (learning or review, not suspended or deleted) before `dueBefore` — the end of the study day:
   * whether this rating can leave the day cleared (docs/api/metrics.md).
   */
  otherDue: boolean;
}

type RatingTargetArgs = { userId: string; itemId: string; reviewId: string; dueBefore: string };

/**
 * The statement of selectRatingTarget, built once and kept prepared (db/prepared.ts, decision
 * 0032): per rating, no query building or compiling. Compared values are `cast(? as text)` (as
 * `txt`: SQLite prepares it once), constants are literals.
 */
const ratingTarget = preparedQuery<RatingTargetArgs, Record<string, unknown>>((db, arg) => {
  const user = sql<string>`cast(${arg('userId')} as text)`;
  const item = sql<string>`cast(${arg('itemId')} as text)`;
  return db
    .selectFrom('flashcard_items as i')
    .innerJoin('flashcards as c', 'c.id', 'i.card_id')
    .innerJoin('decks as d', 'd.id', 'c.deck_id')
    .select((eb) => [
      'i.id as i_id',
      'i.position as i_position',
      ...CARD_WITH_DECK_COLUMNS,
      eb
        .selectFrom('fsrs_parameters as p')
        .select('p.weights')
        .where('p.user_id', '=', user)
        .as('weights'),
      eb
        .selectFrom('flashcard_reviews as r')
        .select(eb.lit(1).as('one'))
        .where('r.user_id', '=', user)
        .where('r.id', '=', sql<string>`cast(${arg('reviewId')} as text)`)
        .as('known'),
      eb
        .exists(
          eb
            .selectFrom('flashcard_states as s')
            .select(eb.lit(1).as('one'))
            .where('s.user_id', '=', user)
            .where(sql<boolean>`s.queue in (1, 2)`)
            .where(sql<boolean>`s.due < cast(${arg('dueBefore')} as text)`)
            .where('s.item_id', '<>', item)
            .where((w) =>
              w(
                's.deck_id',
                'in',
                w
                  .selectFrom('decks as od')
                  .select('od.id')
                  .where('od.owner_id', '=', user)
                  .union(
                    w
                      .selectFrom('deck_shares as ds')
                      .innerJoin('class_members as cm', 'cm.class_id', 'ds.class_id')
                      .select('ds.deck_id as id')
                      .where('cm.user_id', '=', user),
                  ),
              ),
            ),
        )
        .as('other_due'),
    ])
    .where('i.id', '=', item)
    .compile() as CompiledQuery<Record<string, unknown>>;
});

/**
 * ONE statement for everything a rating reads before its transaction: the item with its card and
 * deck (the access check), the user's fitted weights and whether the client's id is already in
 * the log. Undefined when the item does not exist.
 */
export async function selectRatingTarget(
  db: Executor,
  userId: string,
  itemId: string,
  reviewId: string,
  dueBefore: string,
): Promise<RatingTarget | undefined> {
  const [row] = await ratingTarget.all(db, { userId, itemId, reviewId, dueBefore });
  if (!row) return undefined;
  return {
    item: { id: String(row.i_id), card_id: String(row.id), position: Number(row.i_position) },
    ...cardWithDeckOf(row as Parameters<typeof cardWithDeckOf>[0]),
    weights: (row.weights as string | null | undefined) ?? null,
    known: row.known !== null && row.known !== undefined,
    otherDue: Boolean(Number(row.other_due)),
  };
}

/** The user's state of an item, locked for the transaction on PostgreSQL. */
export async function selectStateForUpdate(
  db: Executor,
  engine: Pick<DbHandle, 'dialect'>,
  userId: string,
  itemId: string,
): Promise<StateRow | undefined> {
  let q = db
    .selectFrom('flashcard_states')
    .selectAll()
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId);
  if (engine.dialect === 'postgres') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    elapsed_days: Number(row.elapsed_days),
    scheduled_days: Number(row.scheduled_days),
    learning_steps: Number(row.learning_steps),
    reps: Number(row.reps),
    lapses: Number(row.lapses),
    suspended: Number(row.suspended),
    deleted: Number(row.deleted),
  };
}

/** Insert a review log row; false when the user already has one with this id. */
export async function insertReviewRow(
  db: Executor,
  row: Insertable<FlashcardReviewTable>,
): Promise<boolean> {
  const res = await db
    .insertInto('flashcard_reviews')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A write built by another module for the rating's transaction (the metrics rollups). */
export type ExtraWrite = Compilable & { execute(): Promise<unknown> };

/**
 * A rating's three writes: its review-log row, the item's new state, the `card_reviewed` record,
 * and the `extra` writes (the day's rollups, built by the metrics module).
 * False (nothing to keep: the caller rolls the transaction back) when the user already has a
 * review under this id. PostgreSQL: ONE statement (data-modifying CTEs — a round trip and a
 * statement each fewer, in a transaction that holds the item's row lock); SQLite: three statements
 * (no writes in CTEs), each a call on the same connection.
 */
export async function writeRating(
  db: Executor,
  engine: Pick<DbHandle, 'dialect'>,
  rows: {
    review: Insertable<FlashcardReviewTable>;
    state: Insertable<FlashcardStateTable>;
    action: Insertable<UserActionTable>;
  },
  extra: readonly ExtraWrite[] = [],
): Promise<boolean> {
  if (engine.dialect !== 'postgres') {
    if (!(await insertReviewRow(db, rows.review))) return false;
    await upsertState(db, rows.state);
    await insertActionRow(db, rows.action);
    for (const w of extra) await w.execute();
    return true;
  }
  const review = db
    .insertInto('flashcard_reviews')
    .values(rows.review)
    .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
    .returning(sql<number>`1`.as('one'));
  const { user_id: _u, item_id: _i, ...changes } = rows.state;
  const state = db
    .insertInto('flashcard_states')
    .values(rows.state)
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doUpdateSet(changes));
  const action = db.insertInto('user_actions').values(rows.action);
  const more = extra.map((w, i) => sql`, ${sql.raw(`x${i}`)} as (${w})`);
  const { rows: out } = await sql<{ stored: number | string }>`
    with r as (${review}), s as (${state}), a as (${action})${sql.join(more, sql``)}
    select count(*) as stored from r
  `.execute(db);
  return Number(out[0]?.stored ?? 0) > 0;
}

/** Insert or replace the user's state of an item (the queue value computed from its flags). */
export async function upsertState(
  db: Executor,
  row: Insertable<FlashcardStateTable>,
): Promise<void> {
  const { user_id: _u, item_id: _i, ...changes } = row;
  await db
    .insertInto('flashcard_states')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doUpdateSet(changes))
    .execute();
}

export async function deleteState(db: Executor, userId: string, itemId: string): Promise<void> {
  await db
    .deleteFrom('flashcard_states')
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .execute();
}

/**
 * Move the user's new-item mark of a deck up to just before the first item still unseen (or to
 * `lastPosition` when none is): the walk for new items then starts there.
 */
export async function advanceNewMark(
  db: Executor,
  userId: string,
  deckId: string,
  lastPosition: number,
): Promise<void> {
  const current = await db
    .selectFrom('flashcard_progress')
    .select('new_after')
    .where('user_id', '=', userId)
    .where('deck_id', '=', deckId)
    .executeTakeFirst();
  const from = Number(current?.new_after ?? 0);
  const first = await db
    .selectFrom('flashcard_items as i')
    .select('i.position')
    .where('i.deck_id', '=', deckId)
    .where('i.deleted', '=', 0)
    .where('i.position', '>', from)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('flashcard_states as s')
            .select('s.item_id')
            .where('s.user_id', '=', userId)
            .whereRef('s.item_id', '=', 'i.id'),
        ),
      ),
    )
    .orderBy('i.position')
    .limit(lit(1))
    .executeTakeFirst();
  const mark = first ? Number(first.position) - 1 : Math.max(from, lastPosition);
  if (current && mark <= from) return;
  await db
    .insertInto('flashcard_progress')
    .values({ user_id: userId, deck_id: deckId, new_after: mark })
    .onConflict((oc) => oc.columns(['user_id', 'deck_id']).doUpdateSet({ new_after: mark }))
    .execute();
}

/** The user's latest review of a deck that is not undone (its id), if any. */
export async function selectLatestReviewId(
  db: Executor,
  userId: string,
  deckId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('flashcard_reviews')
    .select('id')
    .where('user_id', '=', userId)
    .where('deck_id', '=', deckId)
    .where('undone_at', 'is', null)
    .orderBy('reviewed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(lit(1))
    .executeTakeFirst();
  return row?.id;
}

/** Mark a review undone; false when it already was. */
export async function markUndone(
  db: Executor,
  userId: string,
  id: string,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('flashcard_reviews')
    .set({ undone_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A `user_actions` row, in the review's transaction (a record exactly when the review counts). */
export async function insertActionRow(
  db: Executor,
  row: Insertable<UserActionTable>,
): Promise<void> {
  await db.insertInto('user_actions').values(row).execute();
}
