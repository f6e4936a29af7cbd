import { renderClozeBack, renderClozeFront } from '@aprenda/shared/cloze';
import {
  LEARN_AHEAD_MINUTES,
  NEW_PER_DAY_DEFAULT,
  REVIEWS_PER_DAY_DEFAULT,
  type CardKind,
  type Counts,
  type FsrsStateName,
  type Queue,
  type QueueItem,
  type Rating,
} from '@aprenda/shared/schemas/flashcards';
import { accessTo, type DeckAccess, type ReadCtx } from './access.service.ts';
import { notFound } from '../../lib/app-error.ts';
import { emptyMemory, previewDue, type Memory } from './fsrs-adapter.ts';
import { parseWeights } from './parameters.service.ts';
import type { DeckRow } from './access.queries.ts';
import {
  selectNextDue,
  selectOwnDecksCounted,
  selectRawCounts,
  selectCandidates,
  selectQueueCards,
  selectStudyDeck,
  type Candidate,
  type QueueRow,
  type RawCounts,
} from './study.queries.ts';
import { studyDay, type StudyDay } from './study-day.ts';

/** The deck settings the counts need. */
export interface DeckLimits {
  id: string;
  new_per_day: number;
  reviews_per_day: number;
  card_count: number;
}

interface DeckNumbers {
  counts: Counts;
  /** Unseen items left beyond today's new limit / reviews due beyond today's review limit. */
  moreNew: boolean;
  moreReviews: boolean;
}

function numbers(deck: DeckLimits, raw: Omit<RawCounts, 'deck_id'> | undefined): DeckNumbers {
  const r = raw ?? { learning: 0, review_due: 0, new_avail: 0, new_done: 0, review_done: 0 };
  const newLeft = Math.max(0, deck.new_per_day - r.new_done);
  const reviewsLeft = Math.max(0, deck.reviews_per_day - r.review_done);
  const counts = {
    new: Math.min(r.new_avail, newLeft),
    learning: r.learning,
    review: Math.min(r.review_due, reviewsLeft),
    due: 0,
    total: deck.card_count,
  };
  counts.due = counts.new + counts.learning + counts.review;
  return {
    counts,
    moreNew: r.new_avail > counts.new,
    moreReviews: r.review_due > counts.review,
  };
}

/** How far the count subqueries walk: one beyond the largest daily limit (is anything left?). */
function capsOf(decks: readonly Pick<DeckLimits, 'new_per_day' | 'reviews_per_day'>[]) {
  return {
    newCap: Math.max(0, ...decks.map((d) => d.new_per_day)) + 1,
    reviewCap: Math.max(0, ...decks.map((d) => d.reviews_per_day)) + 1,
  };
}

type Caps = ReturnType<typeof capsOf>;

/**
 * The queue's one statement counts before it knows the deck's limits: with the caps of the
 * deck's limits as last seen by this process (the defaults' for a deck not seen yet). A count
 * that reached a cap smaller than the deck's turns out to be its limit + 1 is counted again with
 * the right caps — so a stale guess costs a statement, never a wrong count.
 */
const DEFAULT_CAPS = capsOf([
  { new_per_day: NEW_PER_DAY_DEFAULT, reviews_per_day: REVIEWS_PER_DAY_DEFAULT },
]);
const capsSeen = new Map<string, Caps>();
const CAPS_SEEN_SIZE = 10_000;

function rememberCaps(deckId: string, caps: Caps): void {
  if (capsSeen.size >= CAPS_SEEN_SIZE && !capsSeen.has(deckId)) capsSeen.clear();
  capsSeen.set(deckId, caps);
  listCaps = {
    newCap: Math.max(listCaps.newCap, Math.min(caps.newCap, LIST_CAP_MAX)),
    reviewCap: Math.max(listCaps.reviewCap, Math.min(caps.reviewCap, LIST_CAP_MAX)),
  };
}

/**
 * Caps for a page of decks not read yet: the defaults', or the largest limits seen on a deck —
 * at most LIST_CAP_MAX, so one deck with a huge limit does not make every list walk that far.
 */
const LIST_CAP_MAX = 1001;
let listCaps: Caps = DEFAULT_CAPS;

/** Whether counts read with `used` caps hold for a deck whose own caps are `needed`. */
function countsHold(raw: Omit<RawCounts, 'deck_id'>, used: Caps, needed: Caps): boolean {
  const newOk =
    used.newCap >= needed.newCap || (raw.new_avail < used.newCap && raw.new_done < used.newCap);
  const reviewOk =
    used.reviewCap >= needed.reviewCap ||
    (raw.review_due < used.reviewCap && raw.review_done < used.reviewCap);
  return newOk && reviewOk;
}

async function deckNumbers(
  ctx: ReadCtx,
  userId: string,
  decks: readonly DeckLimits[],
  day: StudyDay,
): Promise<Map<string, DeckNumbers>> {
  const raw = await selectRawCounts(
    ctx.db.db,
    userId,
    decks.map((d) => d.id),
    { start: day.start.toISOString(), end: day.end.toISOString() },
    capsOf(decks),
  );
  return new Map(decks.map((d) => [d.id, numbers(d, raw.get(d.id))]));
}

/**
 * The caller's own decks, newest first, each with today's counts and whether it is shared — ONE
 * statement for the page (`selectOwnDecksCounted`, with the caps of the decks' limits as last
 * seen; a deck whose counts reached a cap below its limits is counted again, see `countsHold`).
 */
export async function ownDecksCounted(
  ctx: ReadCtx,
  userId: string,
  after: { created_at: string; id: string } | null,
  limit: number,
  tz: string | undefined,
): Promise<Array<{ deck: DeckRow; shared: boolean; counts: Counts }>> {
  const day = studyDay(ctx.clock.now(), tz);
  const range = { start: day.start.toISOString(), end: day.end.toISOString() };
  const used = listCaps;
  const rows = await selectOwnDecksCounted(ctx.db.db, userId, after, limit, range, used);
  const recount = rows.filter((r) => !countsHold(r.counts, used, capsOf([r.deck])));
  const again =
    recount.length > 0
      ? await selectRawCounts(
          ctx.db.db,
          userId,
          recount.map((r) => r.deck.id),
          range,
          capsOf(recount.map((r) => r.deck)),
        )
      : new Map<string, RawCounts>();
  return rows.map((r) => {
    rememberCaps(r.deck.id, capsOf([r.deck]));
    const raw = again.get(r.deck.id) ?? r.counts;
    return { deck: r.deck, shared: r.shareCount > 0, counts: numbers(r.deck, raw).counts };
  });
}

/** Today's counts of each deck for the user (the deck list: one statement for the page). */
export async function countsOfDecks(
  ctx: ReadCtx,
  userId: string,
  decks: readonly DeckLimits[],
  tz: string | undefined,
): Promise<Map<string, Counts>> {
  const day = studyDay(ctx.clock.now(), tz);
  const all = await deckNumbers(ctx, userId, decks, day);
  return new Map([...all].map(([id, n]) => [id, n.counts]));
}

/** Today's counts of one deck for the user. */
export async function countsOfDeck(
  ctx: ReadCtx,
  userId: string,
  deck: DeckLimits,
  tz: string | undefined,
): Promise<Counts> {
  return (await countsOfDecks(ctx, userId, [deck], tz)).get(deck.id)!;
}

/**
 * GET /decks/{id}/queue — as Anki orders it: learning items due now (by due), then reviews due
 * today (by due) with new items interleaved evenly (one new after every reviews/new reviews), at
 * most `reviews_per_day` reviews and `new_per_day` new items a study day. When nothing else is
 * left, learning items due within LEARN_AHEAD_MINUTES are shown early. Three statements: the
 * deck with the caller's weights and today's counts (the access check follows — a query only for
 * a deck the caller does not own — before anything else is read); the candidates, ids and sort
 * keys only, within today's limits; the cards of the items picked.
 */
export async function studyQueue(
  ctx: ReadCtx,
  deckId: string,
  userId: string,
  query: { tz?: string | undefined; limit: number },
): Promise<Queue> {
  const now = ctx.clock.now();
  const day = studyDay(now, query.tz);
  const learnUntil = new Date(now.getTime() + LEARN_AHEAD_MINUTES * 60_000);
  const range = { start: day.start.toISOString(), end: day.end.toISOString() };
  const caps = capsSeen.get(deckId) ?? DEFAULT_CAPS;
  const read = await selectStudyDeck(ctx.db.db, userId, deckId, range, caps);
  if (!read) throw notFound('No such deck');
  const access = await accessTo(ctx, read.deck, userId);
  const deck = access.deck;
  const needed = capsOf([deck]);
  rememberCaps(deck.id, needed);
  let raw: Omit<RawCounts, 'deck_id'> | undefined = read.counts;
  if (!countsHold(read.counts, caps, needed)) {
    raw = (await selectRawCounts(ctx.db.db, userId, [deck.id], range, needed)).get(deck.id);
  }
  const nums = numbers(deck, raw);
  const { counts } = nums;
  const candidates = await selectCandidates(
    ctx.db.db,
    userId,
    deck.id,
    { learnUntil: learnUntil.toISOString(), dayEnd: range.end },
    {
      learning: query.limit,
      review: Math.min(query.limit, counts.review),
      new: Math.min(query.limit, counts.new),
    },
  );
  const nowIso = now.toISOString();
  const byDue = (a: Candidate, b: Candidate) => (a.due! < b.due! ? -1 : a.due! > b.due! ? 1 : 0);
  const of = (bucket: Candidate['bucket']) => candidates.filter((c) => c.bucket === bucket);
  const learning = of('learning').sort(byDue);
  const learningNow = learning.filter((c) => c.due! <= nowIso);
  const learningAhead = learning.filter((c) => c.due! > nowIso);
  const mixed = interleave(
    of('review').sort(byDue).slice(0, counts.review),
    of('new')
      .sort((a, b) => a.position! - b.position!)
      .slice(0, counts.new),
    counts.review,
    counts.new,
  );
  let ordered = [...learningNow, ...mixed];
  if (ordered.length === 0) ordered = learningAhead;
  ordered = ordered.slice(0, query.limit);

  // The cards of the chosen items only.
  const cards = new Map(
    (
      await selectQueueCards(
        ctx.db.db,
        ordered.map((c) => c.item_id),
      )
    ).map((r) => [r.item_id, r]),
  );
  const config = { desiredRetention: deck.desired_retention, weights: parseWeights(read.weights) };
  const items = ordered.flatMap((c) => {
    const card = cards.get(c.item_id);
    return card ? [queueItem({ ...c, ...card }, now, config)] : [];
  });
  let nextDueAt: string | null = null;
  if (items.length === 0) {
    nextDueAt = await nextDue(ctx, access, deck, nums, day, learnUntil, query.tz);
  }
  return { items, counts, next_due_at: nextDueAt };
}

/** Reviews in order, with new items spread evenly among them (Anki's "mix new with reviews"). */
export function interleave<T>(reviews: T[], news: T[], reviewTotal: number, newTotal: number): T[] {
  if (news.length === 0) return reviews;
  if (reviews.length === 0) return news;
  const every = Math.max(1, Math.floor(reviewTotal / Math.max(1, newTotal)));
  const out: T[] = [];
  let n = 0;
  reviews.forEach((r, i) => {
    out.push(r);
    if ((i + 1) % every === 0 && n < news.length) out.push(news[n++]!);
  });
  while (n < news.length) out.push(news[n++]!);
  return out;
}

function memoryOf(r: QueueRow, now: Date): Memory {
  if (r.state === null) return emptyMemory(now);
  return {
    state: r.state as FsrsStateName,
    due: new Date(r.due!),
    stability: r.stability!,
    difficulty: r.difficulty!,
    elapsed_days: Number(r.elapsed_days),
    scheduled_days: Number(r.scheduled_days),
    learning_steps: Number(r.learning_steps),
    reps: Number(r.reps),
    lapses: Number(r.lapses),
    last_review: r.last_review ? new Date(r.last_review) : null,
  };
}

/** What the review screen shows of one item: its two sides and the four ratings' outcomes. */
function queueItem(
  r: QueueRow,
  now: Date,
  config: { desiredRetention: number; weights: readonly number[] | null },
): QueueItem {
  const kind = r.kind as CardKind;
  const memory = memoryOf(r, now);
  const dues = previewDue(memory, now, r.item_id, config);
  const previews = {} as QueueItem['previews'];
  for (const rating of [1, 2, 3, 4] as Rating[]) {
    const due = dues[rating];
    previews[rating] = { due: due.toISOString(), interval_ms: due.getTime() - now.getTime() };
  }
  return {
    item_id: r.item_id,
    card_id: r.card_id,
    kind,
    ord: r.ord,
    ...renderSides(kind, r.front, r.back, r.ord),
    state: memory.state,
    previews,
  };
}

/** The question and answer of one item (a cloze item: its deletions hidden, then revealed). */
export function renderSides(
  kind: CardKind,
  front: string,
  back: string,
  ord: number,
): { front: string; back: string } {
  if (kind === 'basic') return { front, back };
  const revealed = renderClozeBack(front, ord);
  return {
    front: renderClozeFront(front, ord),
    back: back.trim() === '' ? revealed : `${revealed}\n\n${back}`,
  };
}

/** When something of the deck can next be studied, once today's queue is done. */
async function nextDue(
  ctx: ReadCtx,
  access: DeckAccess,
  deck: DeckLimits,
  nums: DeckNumbers,
  day: StudyDay,
  learnUntil: Date,
  tz: string | undefined,
): Promise<string | null> {
  const candidates: number[] = [];
  if (nums.moreNew && deck.new_per_day > 0) candidates.push(day.end.getTime());
  if (nums.moreReviews && deck.reviews_per_day > 0) candidates.push(day.end.getTime());
  const next = await selectNextDue(
    ctx.db.db,
    access.userId,
    deck.id,
    learnUntil.toISOString(),
    day.end.toISOString(),
  );
  if (next.learning) candidates.push(Date.parse(next.learning));
  // A review is shown from the start of the study day it falls in.
  if (next.review) candidates.push(studyDay(new Date(next.review), tz).start.getTime());
  if (candidates.length === 0) return null;
  return new Date(Math.min(...candidates)).toISOString();
}
