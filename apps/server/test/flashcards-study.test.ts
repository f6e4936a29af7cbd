import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckDetail, ReviewResult } from '@aprenda/shared/schemas/flashcards';
import { createTestApp, dialects, signUp, type SignedUp, type TestApp } from './helpers.ts';
import { api, testClock, type Problem } from './flashcards-helpers.ts';

/**
 * Issue 12: studying (docs/api/flashcards.md, "Studying") — the queue as Anki orders it, daily
 * limits, the study day starting at 04:00 in the student's time zone, idempotent ratings, undo and
 * the `card_reviewed` record.
 */
describe.each(dialects)('flashcards: studying (%s)', (dialect) => {
  let t: TestApp;
  const time = testClock('2030-05-10T15:00:00.000Z');
  const { call, newDeck, newCards, queue, review } = api(() => t);
  let eva: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: time.clock });
    eva = await signUp(t, { role: 'student', name: 'Eva' });
  });
  afterAll(async () => t?.close());

  const setDue = (userId: string, itemId: string, due: string) =>
    t.db.db
      .updateTable('flashcard_states')
      .set({ due })
      .where('user_id', '=', userId)
      .where('item_id', '=', itemId)
      .execute();

  it('orders the queue: learning due now, then reviews by due with new items interleaved, within the limits', async () => {
    time.set('2030-05-10T15:00:00.000Z');
    const deck = await newDeck(eva, 'Ordem', { new_per_day: 8, reviews_per_day: 3 });
    const cards = await newCards(eva, deck.id, 10);
    const first = await queue(eva, deck.id, '?limit=50');
    // New items come in the order they were written.
    expect(first.items.map((i) => i.card_id)).toEqual(cards.slice(0, 8).map((c) => c.id));
    expect(first.counts).toEqual({ new: 8, learning: 0, review: 0, due: 8, total: 10 });
    const items = first.items.map((i) => i.item_id);
    // Day 1: five items straight to review (Easy), one to learning (Again).
    for (const id of items.slice(0, 5)) expect((await review(eva, id, 4)).status).toBe(201);
    expect((await review(eva, items[5]!, 1)).status).toBe(201);

    // Day 2 (UTC): reviews due at chosen times, one learning item due a minute ago.
    time.set('2030-05-11T12:00:00.000Z');
    await setDue(eva.id, items[0]!, '2030-05-11T09:00:00.000Z');
    await setDue(eva.id, items[1]!, '2030-05-09T09:00:00.000Z');
    await setDue(eva.id, items[2]!, '2030-05-11T20:00:00.000Z'); // later today: still due today
    await setDue(eva.id, items[3]!, '2030-05-10T09:00:00.000Z');
    await setDue(eva.id, items[4]!, '2030-05-15T09:00:00.000Z'); // not due
    await setDue(eva.id, items[5]!, '2030-05-11T11:59:00.000Z');
    await t.db.db.updateTable('decks').set({ new_per_day: 2 }).where('id', '=', deck.id).execute();

    const q = await queue(eva, deck.id, '?limit=50');
    expect(q.counts).toEqual({ new: 2, learning: 1, review: 3, due: 6, total: 10 });
    const [n1, n2] = [items[6]!, items[7]!];
    expect(q.items.map((i) => i.item_id)).toEqual([
      items[5], // learning, due now
      items[1], // reviews by due (three of four: the daily limit)
      n1, // one new after every reviews/new = 1 review
      items[3],
      n2,
      items[0],
    ]);
    expect(q.items.map((i) => i.state)).toEqual([
      'learning',
      'review',
      'new',
      'review',
      'new',
      'review',
    ]);
    // Each item carries the four ratings' next due times, Again soonest.
    const p = q.items[1]!.previews;
    expect(p[1].interval_ms).toBeLessThan(p[3].interval_ms);
    expect(p[3].interval_ms).toBeLessThanOrEqual(p[4].interval_ms);
    expect(Date.parse(p[3].due)).toBe(Date.parse(q.items[1]!.previews[3].due));

    // The limits hold: after three reviews and two new ones, only learning remains.
    for (const id of [items[1]!, n1, items[3]!, n2, items[0]!]) {
      expect((await review(eva, id, 3)).status).toBe(201);
    }
    const after = await queue(eva, deck.id, '?limit=50');
    expect(after.counts.review).toBe(0);
    expect(after.counts.new).toBe(0);
    expect(after.items.every((i) => i.state === 'learning' || i.state === 'relearning')).toBe(true);
  });

  it('a finished queue says when the next card is due', async () => {
    time.set('2030-06-01T12:00:00.000Z');
    const deck = await newDeck(eva, 'Fim', { new_per_day: 1 });
    await newCards(eva, deck.id, 2);
    const q = await queue(eva, deck.id);
    const res = await review(eva, q.items[0]!.item_id, 4); // Easy: a review days away
    expect(res.body.state).toBe('review');
    const done = await queue(eva, deck.id);
    expect(done.items).toEqual([]);
    // The new limit is used up: the next new card comes at the next study day (04:00 UTC).
    expect(done.next_due_at).toBe('2030-06-02T04:00:00.000Z');
  });

  it('the study day starts at 04:00 in the student’s time zone (São Paulo and UTC)', async () => {
    const deck = await newDeck(eva, 'Fuso', { new_per_day: 1 });
    await newCards(eva, deck.id, 3);
    // 03:30 UTC = 00:30 in São Paulo: one new card studied.
    time.set('2030-07-11T03:30:00.000Z');
    const q = await queue(eva, deck.id, '?tz=America/Sao_Paulo');
    await review(eva, q.items[0]!.item_id, 4, { tz: 'America/Sao_Paulo' });
    const counts = async (tz?: string) =>
      (await call<DeckDetail>(eva, 'GET', `/decks/${deck.id}${tz ? `?tz=${tz}` : ''}`)).body.counts
        .new;
    expect(await counts('America/Sao_Paulo')).toBe(0);
    expect(await counts('UTC')).toBe(0);
    // 05:00 UTC: a new study day in UTC (since 04:00), still the same one in São Paulo (02:00).
    time.set('2030-07-11T05:00:00.000Z');
    expect(await counts('America/Sao_Paulo')).toBe(0);
    expect(await counts('UTC')).toBe(1);
    expect(await counts()).toBe(1);
    // 07:00 UTC = 04:00 in São Paulo: a new day there too.
    time.set('2030-07-11T06:59:00.000Z');
    expect(await counts('America/Sao_Paulo')).toBe(0);
    time.set('2030-07-11T07:00:00.000Z');
    expect(await counts('America/Sao_Paulo')).toBe(1);
    const bad = await call<Problem>(eva, 'GET', `/decks/${deck.id}/queue?tz=Nowhere/City`);
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } });

    // Reviews are due "today" until the study day ends: 06:00 UTC is 03:00 in São Paulo.
    const item = q.items[0]!.item_id;
    await setDue(eva.id, item, '2030-07-12T06:00:00.000Z');
    time.set('2030-07-11T12:00:00.000Z');
    const review1 = async (tz: string) =>
      (await call<DeckDetail>(eva, 'GET', `/decks/${deck.id}?tz=${tz}`)).body.counts.review;
    expect(await review1('America/Sao_Paulo')).toBe(1); // day ends 07:00 UTC on the 12th
    expect(await review1('UTC')).toBe(0); // day ends 04:00 UTC on the 12th
  });

  it('a rating counts once: the same id again is 200 with the same answer; another payload is 409', async () => {
    time.set('2030-08-01T12:00:00.000Z');
    const deck = await newDeck(eva, 'Idempotente');
    await newCards(eva, deck.id, 2);
    const [a, b] = (await queue(eva, deck.id)).items;
    const id = crypto.randomUUID();
    const body = {
      id,
      item_id: a!.item_id,
      rating: 3,
      duration_ms: 5000,
      client_time: '2030-08-01T08:59:58-03:00',
    };
    const first = await call<ReviewResult>(eva, 'POST', '/reviews', body);
    expect(first.status).toBe(201);
    time.advance(60_000);
    const again = await call<ReviewResult>(eva, 'POST', '/reviews', {
      ...body,
      client_time: '2030-08-01T11:59:58.000Z',
    });
    expect(again.status).toBe(200);
    expect({ ...again.body, counts: null }).toEqual({ ...first.body, counts: null });
    const conflict = await call<Problem>(eva, 'POST', '/reviews', { ...body, rating: 4 });
    expect(conflict).toMatchObject({ status: 409, body: { code: 'review_conflict' } });
    const otherItem = await call<Problem>(eva, 'POST', '/reviews', {
      ...body,
      item_id: b!.item_id,
    });
    expect(otherItem.body.code).toBe('review_conflict');

    // A double tap: both at once, one counted.
    const twin = { ...body, id: crypto.randomUUID(), item_id: b!.item_id };
    const both = await Promise.all([
      call<ReviewResult>(eva, 'POST', '/reviews', twin),
      call<ReviewResult>(eva, 'POST', '/reviews', twin),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);

    const logs = await t.db.db
      .selectFrom('flashcard_reviews')
      .select(['id', 'rating', 'prev_state', 'duration_ms', 'client_time'])
      .where('user_id', '=', eva.id)
      .where('deck_id', '=', deck.id)
      .execute();
    expect(logs).toHaveLength(2);
    const states = await t.db.db
      .selectFrom('flashcard_states')
      .select(['reps'])
      .where('user_id', '=', eva.id)
      .where('deck_id', '=', deck.id)
      .execute();
    expect(states.map((s) => Number(s.reps))).toEqual([1, 1]);
    const actions = await t.db.db
      .selectFrom('user_actions')
      .select('context')
      .where('user_id', '=', eva.id)
      .where('action', '=', 'card_reviewed')
      .where('context', 'like', `%${deck.id}%`)
      .execute();
    expect(actions.map((a) => JSON.parse(a.context!))).toEqual([
      { deck_id: deck.id, rating: 3 },
      { deck_id: deck.id, rating: 3 },
    ]);
    // No card text in the record.
    expect(actions.some((a) => a.context!.includes('Pergunta'))).toBe(false);
  });

  it('true retention: learnt cards remembered in the last 30 days, undone ratings not counted', async () => {
    time.set('2031-01-10T12:00:00.000Z');
    // A student of their own: the other tests count this user's ratings and undos.
    const eva = await signUp(t, { role: 'student', name: 'Íris' });
    const deck = await newDeck(eva, 'Retenção');
    await newCards(eva, deck.id, 3);
    const retention = async () =>
      (await call<DeckDetail>(eva, 'GET', `/decks/${deck.id}`)).body.retention;
    expect(await retention()).toEqual({ days: 30, reviews: 0, rate: null });
    const items = (await queue(eva, deck.id)).items;
    // Easy on new cards: first sight, not counted (they were not learnt yet).
    for (const item of items) expect((await review(eva, item.item_id, 4)).status).toBe(201);
    expect(await retention()).toEqual({ days: 30, reviews: 0, rate: null });
    // 20 days later, in review: two remembered (Bom, Difícil), one forgotten (De novo).
    time.advance(20 * 86_400_000);
    await review(eva, items[0]!.item_id, 3);
    await review(eva, items[1]!.item_id, 2);
    await review(eva, items[2]!.item_id, 1);
    expect(await retention()).toMatchObject({ reviews: 3, rate: 2 / 3 });
    // Relearning after the lapse is not a review of a learnt card.
    time.advance(10 * 60_000);
    const lapsed = await review(eva, items[2]!.item_id, 3);
    expect(await retention()).toMatchObject({ reviews: 3 });
    // An undone rating leaves the figure.
    await call(eva, 'POST', `/reviews/${lapsed.body.review_id}/undo`);
    const undone = await call<ReviewResult>(
      eva,
      'POST',
      `/reviews/${(await review(eva, items[2]!.item_id, 3)).body.review_id}/undo`,
    );
    expect(undone.status).toBe(200);
    expect(await retention()).toMatchObject({ reviews: 3, rate: 2 / 3 });
    // 31 days on, the window is empty again.
    time.advance(31 * 86_400_000);
    expect(await retention()).toEqual({ days: 30, reviews: 0, rate: null });
  });

  it('undo restores the previous state, only for the latest rating of the deck', async () => {
    time.set('2030-09-01T12:00:00.000Z');
    const deck = await newDeck(eva, 'Desfazer');
    await newCards(eva, deck.id, 2);
    const [a, b] = (await queue(eva, deck.id)).items;
    const stateOf = (itemId: string) =>
      t.db.db
        .selectFrom('flashcard_states')
        .select(['state', 'due', 'stability', 'difficulty', 'reps', 'lapses', 'queue'])
        .where('user_id', '=', eva.id)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
    const reviewCount = async () =>
      (await call<DeckDetail>(eva, 'GET', `/decks/${deck.id}`)).body.parameters.review_count;

    const body1 = {
      id: crypto.randomUUID(),
      item_id: a!.item_id,
      rating: 4,
      duration_ms: 4200,
      client_time: '2030-09-01T12:00:00.000Z',
    };
    const r1 = await call<ReviewResult>(eva, 'POST', '/reviews', body1);
    time.advance(10 * 86_400_000);
    const before = await stateOf(a!.item_id);
    const countBefore = await reviewCount();
    const r2 = await review(eva, a!.item_id, 1);
    expect(r2.body.state).toBe('relearning');
    expect(await reviewCount()).toBe(countBefore + 1);

    const old = await call<Problem>(eva, 'POST', `/reviews/${r1.body.review_id}/undo`);
    expect(old).toMatchObject({ status: 409, body: { code: 'nothing_to_undo' } });
    const undone = await call<ReviewResult>(eva, 'POST', `/reviews/${r2.body.review_id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ review_id: r2.body.review_id, state: 'review' });
    expect(await stateOf(a!.item_id)).toEqual(before);
    expect(await reviewCount()).toBe(countBefore);
    const twice = await call<Problem>(eva, 'POST', `/reviews/${r2.body.review_id}/undo`);
    expect(twice.body.code).toBe('nothing_to_undo');

    // Now r1 is the latest not undone: undoing it makes the item new again.
    const r1Undone = await call<ReviewResult>(eva, 'POST', `/reviews/${r1.body.review_id}/undo`);
    expect(r1Undone.body.state).toBe('new');
    expect(await stateOf(a!.item_id)).toBeUndefined();
    const q = await queue(eva, deck.id);
    expect(q.items.map((i) => i.item_id)).toEqual([a!.item_id, b!.item_id]);
    expect(q.counts.new).toBe(2);
    const rows = await t.db.db
      .selectFrom('flashcard_reviews')
      .select(['id', 'undone_at'])
      .where('user_id', '=', eva.id)
      .where('deck_id', '=', deck.id)
      .execute();
    expect(rows.every((r) => r.undone_at !== null)).toBe(true);
    // The same id sent again after its undo does not count again.
    const retry = await call(eva, 'POST', '/reviews', body1);
    expect(retry.status).toBe(200);
    expect(await stateOf(a!.item_id)).toBeUndefined();
    const undoActions = await t.db.db
      .selectFrom('user_actions')
      .select('context')
      .where('user_id', '=', eva.id)
      .where('action', '=', 'card_review_undone')
      .execute();
    expect(undoActions.map((x) => JSON.parse(x.context!))).toEqual([
      { deck_id: deck.id, rating: 1 },
      { deck_id: deck.id, rating: 4 },
    ]);
  });
});
