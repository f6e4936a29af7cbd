import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckDetail, DeckSummary } from '@aprenda/shared/schemas/flashcards';
import { createTestApp, dialects, signUp, type SignedUp, type TestApp } from './helpers.ts';
import { api, testClock } from './flashcards-helpers.ts';

/**
 * Issue 12, point 9 (decision 0026): what the faster paths must keep exact — counts of decks whose
 * daily limits are above the defaults (the queue and the deck list count first with the caps last
 * seen and count again when a cap was too small), and the review counter updated after the
 * commit, one UPDATE per student at a time, under concurrent ratings and undos.
 */
describe.each(dialects)('flashcards: hot paths (%s)', (dialect) => {
  let t: TestApp;
  const time = testClock('2030-03-02T15:00:00.000Z');
  const { call, newDeck, newCards, queue, review } = api(() => t);
  let ana: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: time.clock });
    ana = await signUp(t, { role: 'student', name: 'Ana' });
  });
  afterAll(async () => t?.close());

  it('counts decks with limits above the defaults exactly, in the queue and the deck list', async () => {
    const big = await newDeck(ana, 'Grande', { new_per_day: 40 });
    await newCards(ana, big.id, 45);
    const small = await newDeck(ana, 'Pequeno', { new_per_day: 3 });
    await newCards(ana, small.id, 5);
    // First sight of the big deck: counted with the default caps (21 new), then again.
    const q = await queue(ana, big.id, '?limit=50');
    expect(q.counts).toMatchObject({ new: 40, due: 40, total: 45 });
    expect(q.items).toHaveLength(40);
    expect((await queue(ana, small.id, '?limit=50')).counts).toMatchObject({ new: 3 });
    const list = await call<{ items: DeckSummary[] }>(ana, 'GET', '/decks');
    const counts = new Map(list.body.items.map((d) => [d.id, d.counts.new]));
    expect(counts.get(big.id)).toBe(40);
    expect(counts.get(small.id)).toBe(3);
    // Rated 38 of them today: 2 left, from the queue and from the list.
    for (const item of q.items.slice(0, 38))
      expect((await review(ana, item.item_id, 4)).status).toBe(201);
    expect((await queue(ana, big.id, '?limit=50')).counts).toMatchObject({ new: 2 });
    const again = await call<{ items: DeckSummary[] }>(ana, 'GET', '/decks');
    expect(again.body.items.find((d) => d.id === big.id)!.counts.new).toBe(2);
  });

  it('counts every rating and undo once when they arrive together', async () => {
    const student = await signUp(t, { role: 'student' });
    const deck = await newDeck(student, 'Juntas', { new_per_day: 60 });
    await newCards(student, deck.id, 30);
    const items = (await queue(student, deck.id, '?limit=50')).items;
    const rated = await Promise.all(items.map((i) => review(student, i.item_id, 3)));
    expect(rated.map((r) => r.status)).toEqual(items.map(() => 201));
    const count = async () =>
      (await call<DeckDetail>(student, 'GET', `/decks/${deck.id}`)).body.parameters.review_count;
    expect(await count()).toBe(30);
    // The latest rating undone, and the same ids sent again (retries): counted once.
    const latest = await t.db.db
      .selectFrom('flashcard_reviews')
      .select('id')
      .where('user_id', '=', student.id)
      .orderBy('reviewed_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await call(student, 'POST', `/reviews/${latest.id}/undo`)).status).toBe(200);
    expect(await count()).toBe(29);
    const stored = await t.db.db
      .selectFrom('flashcard_reviews')
      .select(['id', 'item_id', 'rating', 'duration_ms', 'client_time'])
      .where('user_id', '=', student.id)
      .where('undone_at', 'is', null)
      .execute();
    const retries = await Promise.all(
      stored.map((r) =>
        call(student, 'POST', '/reviews', {
          id: r.id,
          item_id: r.item_id,
          rating: Number(r.rating),
          duration_ms: Number(r.duration_ms),
          client_time: r.client_time,
        }),
      ),
    );
    expect(retries.every((r) => r.status === 200)).toBe(true);
    expect(await count()).toBe(29);
  });
});
