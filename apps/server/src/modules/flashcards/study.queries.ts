import { sql } from 'kysely';
import type { Executor, FlashcardStateTable } from '../../db/types.ts';
import type { Selectable } from 'kysely';
import { lit, txt } from '../../db/sql-values.ts';
import { normaliseDeckRow, type DeckRow } from './access.queries.ts';

export { lit, txt };

/** `flashcard_states.queue` values (migration 0014). */
export const QUEUE = { new: 0, learning: 1, review: 2, suspended: -1, deleted: -2 } as const;

/** The queue value of a state: learning/relearning 1, review 2, new 0 (before the flags). */
export function queueOf(state: string, suspended: boolean, deleted: boolean): number {
  if (deleted) return QUEUE.deleted;
  if (suspended) return QUEUE.suspended;
  if (state === 'learning' || state === 'relearning') return QUEUE.learning;
  if (state === 'review') return QUEUE.review;
  return QUEUE.new;
}

/** The same rule in SQL, over a row's `state`, `suspended` and `deleted` columns. */
export const QUEUE_SQL = sql<number>`case when deleted = 1 then -2 when suspended = 1 then -1
  when state in ('learning', 'relearning') then 1 when state = 'review' then 2 else 0 end`;

/** Raw per-deck numbers for one user and study day; the service applies the limits. */
export interface RawCounts {
  deck_id: string;
  /** Learning/relearning items due before the end of the study day. */
  learning: number;
  /** Review items due before the end of the study day (at most the cap asked for). */
  review_due: number;
  /** Unseen items (at most the cap asked for). */
  new_avail: number;
  /**
   * Today's counted reviews of new items, and of review items (the daily limits) — at most the
   * caps asked for: beyond its limit a deck has nothing left either way, and a student who rated
   * thousands today costs no more than one who rated the limit.
   */
  new_done: number;
  review_done: number;
}

/**
 * The five count columns of `selectRawCounts` for the deck row `d` (shared with the queue's
 * statement).
 */
function countColumns(
  userId: string,
  day: { start: string; end: string },
  caps: { newCap: number; reviewCap: number },
) {
  return sql`
      (select count(*) from flashcard_states s
        where s.user_id = ${txt(userId)} and s.deck_id = d.id and s.queue = 1 and s.due < ${txt(day.end)})
        as learning,
      (select count(*) from (select 1 as one from flashcard_states s
        where s.user_id = ${txt(userId)} and s.deck_id = d.id and s.queue = 2 and s.due < ${txt(day.end)}
        limit ${lit(caps.reviewCap)}) rq) as review_due,
      (select count(*) from (select 1 as one from flashcard_items i
        where i.deck_id = d.id and i.deleted = 0
          and i.position > coalesce((select p.new_after from flashcard_progress p
            where p.user_id = ${txt(userId)} and p.deck_id = d.id), 0)
          -- A scalar subquery, not NOT EXISTS: PostgreSQL turns NOT EXISTS into an anti-join
          -- that, in the generic plan of the named statement, hashes every state of the user
          -- (40,000 rows for a heavy student) — see migration 0017.
          and (select 1 from flashcard_states s
            where s.user_id = ${txt(userId)} and s.item_id = i.id) is null
        order by i.position
        limit ${lit(caps.newCap)}) nq) as new_avail,
      (select count(*) from (select 1 as one from flashcard_reviews r
        where r.user_id = ${txt(userId)} and r.deck_id = d.id and r.reviewed_at >= ${txt(day.start)}
          and r.prev_state = 'new' and r.undone_at is null
        limit ${lit(caps.newCap)}) nd) as new_done,
      (select count(*) from (select 1 as one from flashcard_reviews r
        where r.user_id = ${txt(userId)} and r.deck_id = d.id and r.reviewed_at >= ${txt(day.start)}
          and r.prev_state = 'review' and r.undone_at is null
        limit ${lit(caps.reviewCap)}) rd) as review_done`;
}

/**
 * Today's numbers of several decks for one user, in ONE statement of index range scans — no walk
 * over a deck's cards: learning and review counts are ranges of flashcard_states (user_id,
 * deck_id, queue, due); today's done counts ranges of flashcard_reviews (user_id, deck_id,
 * reviewed_at, …); unseen items a walk of flashcard_items (deck_id, deleted, position) from the
 * user's `new_after` mark, stopped after `newCap` found. Review, new and done counts are capped
 * (the largest daily limit among the decks), so a backlog of thousands costs no more than the
 * limit.
 */
export async function selectRawCounts(
  db: Executor,
  userId: string,
  deckIds: readonly string[],
  day: { start: string; end: string },
  caps: { newCap: number; reviewCap: number },
): Promise<Map<string, RawCounts>> {
  const out = new Map<string, RawCounts>();
  if (deckIds.length === 0) return out;
  const { rows } = await sql<RawCounts>`
    select d.id as deck_id, ${countColumns(userId, day, caps)}
    from decks d
    where d.id in (${sql.join(deckIds)})
  `.execute(db);
  for (const r of rows) {
    out.set(r.deck_id, {
      deck_id: r.deck_id,
      learning: Number(r.learning),
      review_due: Number(r.review_due),
      new_avail: Number(r.new_avail),
      new_done: Number(r.new_done),
      review_done: Number(r.review_done),
    });
  }
  return out;
}

/** A deck of the caller's own page with its share count and today's raw numbers. */
export interface CountedDeck {
  deck: DeckRow;
  /** How many classes it is shared with (the shares are read only for a deck that has some). */
  shareCount: number;
  counts: RawCounts;
}

/**
 * A page of the user's own decks, newest first (index owner_id, created_at, id), each with its
 * share count and today's numbers (as `selectRawCounts`, with these caps) — the deck list's own
 * decks in ONE statement. The subqueries run for the page's rows only (an ordered index scan with
 * a LIMIT, nothing sorted).
 */
export async function selectOwnDecksCounted(
  db: Executor,
  ownerId: string,
  after: { created_at: string; id: string } | null,
  limit: number,
  day: { start: string; end: string },
  caps: { newCap: number; reviewCap: number },
): Promise<CountedDeck[]> {
  const keyset = after
    ? sql`and (d.created_at < ${txt(after.created_at)}
        or (d.created_at = ${txt(after.created_at)} and d.id < ${txt(after.id)}))`
    : sql``;
  const { rows } = await sql<
    DeckRow & { share_count: number | string } & Omit<RawCounts, 'deck_id'>
  >`
    select d.*,
      (select count(*) from deck_shares sh where sh.deck_id = d.id) as share_count,
      ${countColumns(ownerId, day, caps)}
    from decks d
    where d.owner_id = ${txt(ownerId)} ${keyset}
    order by d.created_at desc, d.id desc
    limit ${lit(limit)}
  `.execute(db);
  return rows.map((r) => {
    const { share_count, learning, review_due, new_avail, new_done, review_done, ...deck } = r;
    return {
      deck: normaliseDeckRow(deck),
      shareCount: Number(share_count),
      counts: {
        deck_id: deck.id,
        learning: Number(learning),
        review_due: Number(review_due),
        new_avail: Number(new_avail),
        new_done: Number(new_done),
        review_done: Number(review_done),
      },
    };
  });
}

export type StateRow = Selectable<FlashcardStateTable>;

/** An item of the study queue with what the screen shows of its card (no state: new). */
export interface QueueRow {
  item_id: string;
  card_id: string;
  ord: number;
  kind: string;
  front: string;
  back: string;
  state: string | null;
  due: string | null;
  stability: number | null;
  difficulty: number | null;
  elapsed_days: number | null;
  scheduled_days: number | null;
  learning_steps: number | null;
  reps: number | null;
  lapses: number | null;
  last_review: string | null;
}

/** A candidate of the study queue: its bucket and sort key (due, or position for new items). */
export interface Candidate {
  bucket: 'learning' | 'review' | 'new';
  item_id: string;
  /** The user's state (all null for a new item). */
  state: string | null;
  due: string | null;
  stability: number | null;
  difficulty: number | null;
  elapsed_days: number | null;
  scheduled_days: number | null;
  learning_steps: number | null;
  reps: number | null;
  lapses: number | null;
  last_review: string | null;
  /** New items' order. */
  position: number | null;
}

/** The deck as the queue's first statement reads it, with the user's weights and today's numbers. */
export interface StudyDeck {
  deck: DeckRow;
  /** The user's fitted weights (JSON), if any. */
  weights: string | null;
  counts: RawCounts;
}

/**
 * The queue's first statement: the deck (for the access check), the user's fitted weights and
 * today's numbers of the deck (as `selectRawCounts`) — one row. Undefined when the deck does not
 * exist.
 */
export async function selectStudyDeck(
  db: Executor,
  userId: string,
  deckId: string,
  day: { start: string; end: string },
  caps: { newCap: number; reviewCap: number },
): Promise<StudyDeck | undefined> {
  const { rows } = await sql<StudyDeckRow>`
    select d.*, (select p.weights from fsrs_parameters p where p.user_id = ${txt(userId)}) as weights,
      ${countColumns(userId, day, caps)}
    from decks d
    where d.id = ${txt(deckId)}
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { weights, learning, review_due, new_avail, new_done, review_done, ...deck } = row;
  return {
    deck: normaliseDeckRow(deck),
    weights: weights ?? null,
    counts: {
      deck_id: deck.id,
      learning: Number(learning),
      review_due: Number(review_due),
      new_avail: Number(new_avail),
      new_done: Number(new_done),
      review_done: Number(review_done),
    },
  };
}

type StudyDeckRow = DeckRow & { weights: string | null } & Omit<RawCounts, 'deck_id'>;

/**
 * The queue's candidates — ids, sort keys and the user's states, no card text — in ONE statement of three index range scans,
 * each ordered and limited by its index: learning items due by `learnUntil` (by due), review
 * items due before the end of the study day (by due), unseen items (by position, from
 * `new_after`). The service picks the items (Anki's order); `selectQueueItems` then reads the
 * cards of those only. In no order (a UNION ALL promises none).
 */
export async function selectCandidates(
  db: Executor,
  userId: string,
  deckId: string,
  bounds: { learnUntil: string; dayEnd: string },
  limits: { learning: number; review: number; new: number },
): Promise<Candidate[]> {
  const { rows } = await sql<Candidate>`
    select * from (
      select 'learning' as bucket, s.item_id, s.state, s.due, s.stability, s.difficulty, s.elapsed_days,
        s.scheduled_days, s.learning_steps, s.reps, s.lapses, s.last_review,
        cast(null as integer) as position
      from flashcard_states s
      where s.user_id = ${txt(userId)} and s.deck_id = ${txt(deckId)} and s.queue = 1
        and s.due <= ${txt(bounds.learnUntil)}
      order by s.due limit ${lit(limits.learning)}) lq
    union all
    select * from (
      select 'review' as bucket, s.item_id, s.state, s.due, s.stability, s.difficulty, s.elapsed_days,
        s.scheduled_days, s.learning_steps, s.reps, s.lapses, s.last_review,
        cast(null as integer) as position
      from flashcard_states s
      where s.user_id = ${txt(userId)} and s.deck_id = ${txt(deckId)} and s.queue = 2
        and s.due < ${txt(bounds.dayEnd)}
      order by s.due limit ${lit(limits.review)}) rq
    union all
    select * from (
      select 'new' as bucket, i.id as item_id, cast(null as text) as state,
        cast(null as text) as due, cast(null as double precision) as stability,
        cast(null as double precision) as difficulty, cast(null as integer) as elapsed_days,
        cast(null as integer) as scheduled_days, cast(null as integer) as learning_steps,
        cast(null as integer) as reps, cast(null as integer) as lapses,
        cast(null as text) as last_review, i.position
      from flashcard_items i
      where i.deck_id = ${txt(deckId)} and i.deleted = 0
        and i.position > coalesce((select p.new_after from flashcard_progress p
          where p.user_id = ${txt(userId)} and p.deck_id = ${txt(deckId)}), 0)
        -- Not NOT EXISTS (an anti-join over all the user's states in PostgreSQL's generic plan).
        and (select 1 from flashcard_states s2
          where s2.user_id = ${txt(userId)} and s2.item_id = i.id) is null
      order by i.position limit ${lit(limits.new)}) nq
  `.execute(db);
  return rows.map((r) => ({
    ...r,
    position: r.position === null ? null : Number(r.position),
    stability: r.stability === null ? null : Number(r.stability),
    difficulty: r.difficulty === null ? null : Number(r.difficulty),
  }));
}

/** What the screen shows of the chosen items' cards: key lookups of at most the queue's limit. */
export async function selectQueueCards(
  db: Executor,
  itemIds: readonly string[],
): Promise<Array<Pick<QueueRow, 'item_id' | 'card_id' | 'ord' | 'kind' | 'front' | 'back'>>> {
  if (itemIds.length === 0) return [];
  const { rows } = await sql<
    Pick<QueueRow, 'item_id' | 'card_id' | 'ord' | 'kind' | 'front' | 'back'>
  >`
    select i.id as item_id, i.card_id, i.ord, c.kind, c.front, c.back
    from flashcard_items i join flashcards c on c.id = i.card_id
    where i.id in (${sql.join(itemIds.map(txt))})
  `.execute(db);
  return rows.map((r) => ({ ...r, ord: Number(r.ord) }));
}

/**
 * What comes after today's queue: the earliest learning due after `after`, and the earliest
 * review due at or after the end of the study day (two index seeks).
 */
export async function selectNextDue(
  db: Executor,
  userId: string,
  deckId: string,
  after: string,
  dayEnd: string,
): Promise<{ learning: string | null; review: string | null }> {
  const { rows } = await sql<{ learning: string | null; review: string | null }>`
    select
      (select s.due from flashcard_states s where s.user_id = ${txt(userId)} and s.deck_id = ${txt(deckId)}
        and s.queue = 1 and s.due > ${txt(after)} order by s.due limit 1) as learning,
      (select s.due from flashcard_states s where s.user_id = ${txt(userId)} and s.deck_id = ${txt(deckId)}
        and s.queue = 2 and s.due >= ${txt(dayEnd)} order by s.due limit 1) as review
  `.execute(db);
  return rows[0] ?? { learning: null, review: null };
}
