import { userMemberships } from '../classes/public.ts';
import { type ReadCtx } from './access.service.ts';
import { retrievability } from './fsrs-adapter.ts';
import { parseWeights } from './parameters.service.ts';
import {
  selectDueBuckets,
  selectMemories,
  selectStudyDecks,
  selectWeights,
  type StudyDeckRow,
} from './stats.queries.ts';
import { countsOfDecks } from './study.service.ts';
import { studyDayEnds } from './study-day.ts';

/**
 * What the metrics module asks of flashcards (docs/api/metrics.md): over the decks the student
 * can study — their own and those shared with a class they are in —, the due forecast, the
 * estimated knowledge, the desired retention and today's counts.
 */

async function studyDecks(ctx: ReadCtx, userId: string): Promise<StudyDeckRow[]> {
  const memberships = await userMemberships(ctx, userId);
  return selectStudyDecks(
    ctx.db.db,
    userId,
    memberships.map((m) => m.class_id),
  );
}

export interface CardOutlook {
  /** Cards due per study day from today (`days` entries); today's includes the overdue. */
  forecast: number[];
  knowledge: { cards: number; expected: number };
  /** Desired retention weighted by cards in review (a plain mean with none); null: no deck. */
  desired: number | null;
}

export async function cardOutlook(
  ctx: ReadCtx,
  userId: string,
  tz: string | undefined,
  days: number,
): Promise<CardOutlook> {
  const now = ctx.clock.now();
  const decks = await studyDecks(ctx, userId);
  const ids = decks.map((d) => d.id);
  const ends = studyDayEnds(now, tz, days);
  const [buckets, memories, weightsJson] = await Promise.all([
    selectDueBuckets(
      ctx.db.db,
      userId,
      ids,
      ends.map((e) => e.toISOString()),
    ),
    selectMemories(ctx.db.db, userId, ids),
    selectWeights(ctx.db.db, userId),
  ]);
  const weights = parseWeights(weightsJson);
  let expected = 0;
  const inReview = new Map<string, number>();
  for (const m of memories) {
    if (m.queue === 2) inReview.set(m.deck_id, (inReview.get(m.deck_id) ?? 0) + 1);
    if (!m.last_review) continue;
    expected += retrievability(
      {
        state: m.queue === 2 ? 'review' : 'learning',
        stability: m.stability,
        last_review: new Date(m.last_review),
      },
      now,
      weights,
    );
  }
  let desired: number | null = null;
  if (decks.length > 0) {
    const total = [...inReview.values()].reduce((a, b) => a + b, 0);
    desired =
      total > 0
        ? decks.reduce((sum, d) => sum + d.desired_retention * (inReview.get(d.id) ?? 0), 0) / total
        : decks.reduce((sum, d) => sum + d.desired_retention, 0) / decks.length;
  }
  return {
    forecast: ends.map((_, k) => buckets.get(k) ?? 0),
    knowledge: { cards: memories.filter((m) => m.last_review).length, expected },
    desired,
  };
}

/** Today's cards over every deck the student can study (the deck list's counts). */
export async function cardsToday(
  ctx: ReadCtx,
  userId: string,
  tz: string | undefined,
): Promise<{
  due: number;
  new: number;
  decks: { id: string; title: string; due: number; new: number }[];
}> {
  const decks = await studyDecks(ctx, userId);
  if (decks.length === 0) return { due: 0, new: 0, decks: [] };
  const counts = await countsOfDecks(ctx, userId, decks, tz);
  const rows = decks.map((d) => {
    const c = counts.get(d.id)!;
    // Due: learning and review items to study today (within the deck's limits); new apart.
    return { id: d.id, title: d.title, due: c.learning + c.review, new: c.new };
  });
  return {
    due: rows.reduce((s, r) => s + r.due, 0),
    new: rows.reduce((s, r) => s + r.new, 0),
    decks: rows.filter((r) => r.due > 0 || r.new > 0),
  };
}
