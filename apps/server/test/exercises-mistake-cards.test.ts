import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from '@aprenda/shared/schemas/common';
import type {
  Assignment,
  Attempt,
  AttemptAnswerResult,
  ExerciseSet,
  ItemDetail,
  PracticeAnswerResult,
} from '@aprenda/shared/schemas/exercises';
import type { Card, DeckSummary } from '@aprenda/shared/schemas/flashcards';
import * as migration from '../src/db/migrations/0026-mistake-flashcards.ts';
import { api, testClock } from './flashcards-helpers.ts';
import { createTestApp, dialects, signUp, type SignedUp, type TestApp } from './helpers.ts';

/**
 * Automatic flashcards of mistakes, one per student and question (docs/api/exercises.md
 * "Automatic flashcards"): adaptive practice serves a missed question again a few items later,
 * and a second miss made a second, identical card in "Erros da prática".
 */

const SKILL = 'bncc-ef07ma18';

function choiceItem(n: number) {
  return {
    kind: 'single',
    stem: `Questão ${n}: quanto é ${n} × ${n}?`,
    explanation: `Multiplique ${n} por ${n}.`,
    skill_id: SKILL,
    choices: ['a', 'b', 'c'].map((id, k) => ({
      id,
      text: id === 'a' ? String(n * n) : String(n * n + k),
      correct: id === 'a',
    })),
  };
}

describe.each(dialects)('exercises: one mistake card per question (%s)', (dialect) => {
  const time = testClock('2030-04-02T12:00:00.000Z');
  let t: TestApp;
  let teacher: SignedUp;
  let ana: SignedUp;
  let classId: string;
  const a = api(() => t);
  const items: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: time.clock });
    teacher = await signUp(t, { role: 'teacher' });
    ana = await signUp(t, { role: 'student' });
    classId = (await a.newClass(teacher, { students: [ana] })).id;
    for (let i = 1; i <= 6; i++) {
      const res = await a.call<ItemDetail>(teacher, 'POST', '/items', choiceItem(i));
      expect(res.status).toBe(201);
      items.push(res.body.id);
    }
    expect((await a.call(ana, 'PUT', '/practice/settings', { auto_flashcards: true })).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  function practice(itemId: string, choice: string, extra: object = {}) {
    return a.call<PracticeAnswerResult>(ana, 'POST', '/practice/answers', {
      id: crypto.randomUUID(),
      item_id: itemId,
      response: { choice },
      ...extra,
    });
  }

  async function ownDecks() {
    const res = await a.call<Page<DeckSummary>>(ana, 'GET', '/decks');
    expect(res.status).toBe(200);
    return res.body.items.filter((d) => d.source === 'own');
  }

  async function cardsOf(deckId: string) {
    const res = await a.call<Page<Card>>(ana, 'GET', `/decks/${deckId}/cards`);
    expect(res.status).toBe(200);
    return res.body.items;
  }

  it('the same question answered wrong twice makes one card; the second answer says where it is', async () => {
    const first = await practice(items[0]!, 'b');
    expect(first.status).toBe(201);
    expect(first.body.flashcard).toMatchObject({
      deck_title: 'Erros da prática',
      deck_full: false,
    });
    const deckId = first.body.flashcard!.deck_id;
    const [card] = await cardsOf(deckId);

    // Two other questions in between, as practice serves them; one of them missed too.
    expect((await practice(items[1]!, 'a')).body.flashcard).toBeNull();
    expect((await practice(items[2]!, 'c')).body.flashcard?.deck_id).toBe(deckId);

    const second = await practice(items[0]!, 'c');
    expect(second.status).toBe(201);
    expect(second.body.result.correct).toBe(false);
    expect(second.body.flashcard).toEqual({
      deck_id: deckId,
      deck_title: 'Erros da prática',
      deck_full: false,
    });
    // In English too: it is the same question, its card is the one already made.
    const third = await practice(items[0]!, 'b', { lang: 'en' });
    expect(third.body.flashcard?.deck_id).toBe(deckId);

    const cards = await cardsOf(deckId);
    expect(cards.map((c) => c.front).sort()).toEqual([
      'Questão 1: quanto é 1 × 1?',
      'Questão 3: quanto é 3 × 3?',
    ]);
    // The first card is untouched (same id, same content version).
    expect(cards.find((c) => c.id === card!.id)).toMatchObject({
      content_version: card!.content_version,
      updated_at: card!.updated_at,
    });
    const decks = await ownDecks();
    expect(decks.map((d) => [d.title, d.card_count])).toEqual([['Erros da prática', 2]]);
  });

  it('a card the student deleted comes back at the next mistake, once', async () => {
    const deckId = (await ownDecks())[0]!.id;
    const card = (await cardsOf(deckId)).find((c) => c.front.startsWith('Questão 1:'))!;
    expect((await a.call(ana, 'DELETE', `/cards/${card.id}`)).status).toBe(204);
    const again = await practice(items[0]!, 'b');
    expect(again.body.flashcard).toMatchObject({ deck_id: deckId, deck_full: false });
    const more = await practice(items[0]!, 'c');
    expect(more.body.flashcard?.deck_id).toBe(deckId);
    const fronts = (await cardsOf(deckId)).map((c) => c.front);
    expect(fronts.filter((f) => f.startsWith('Questão 1:'))).toHaveLength(1);
  });

  it('many wrong answers to one question at the same moment make one card', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => practice(items[3]!, 'b')));
    for (const res of answers) {
      expect(res.status).toBe(201);
      expect(res.body.flashcard).toMatchObject({
        deck_title: 'Erros da prática',
        deck_full: false,
      });
    }
    const deckId = answers[0]!.body.flashcard!.deck_id;
    expect(new Set(answers.map((r) => r.body.flashcard!.deck_id))).toEqual(new Set([deckId]));
    const fronts = (await cardsOf(deckId)).map((c) => c.front);
    expect(fronts.filter((f) => f.startsWith('Questão 4:'))).toHaveLength(1);
  });

  it('an assignment mistake on a question whose card exists points at that card', async () => {
    const set = await a.call<ExerciseSet>(teacher, 'POST', '/sets', {
      title: 'Lista de produtos',
      entries: [{ item_id: items[0] }, { item_id: items[4] }],
    });
    expect(set.status).toBe(201);
    const assignment = await a.call<Assignment>(
      teacher,
      'POST',
      `/classes/${classId}/assignments`,
      {
        set_id: set.body.id,
        open_at: '2030-04-02T11:00:00.000Z',
        due_at: '2030-04-09T23:59:00.000Z',
        feedback: 'immediate',
        shuffle: false,
      },
    );
    expect(assignment.status).toBe(201);
    const attempt = await a.call<Attempt>(
      ana,
      'POST',
      `/assignments/${assignment.body.id}/attempts`,
    );
    expect(attempt.status).toBe(201);
    const answer = (itemId: string) =>
      a.call<AttemptAnswerResult>(ana, 'POST', `/attempts/${attempt.body.id}/answers`, {
        id: crypto.randomUUID(),
        item_id: itemId,
        response: { choice: 'b' },
      });
    const known = await answer(items[0]!);
    expect(known.body.flashcard).toMatchObject({ deck_title: 'Erros da prática' });
    const fresh = await answer(items[4]!);
    expect(fresh.body.flashcard).toMatchObject({ deck_title: 'Erros de Lista de produtos' });
    const again = await a.call<Attempt>(ana, 'GET', `/attempts/${attempt.body.id}`);
    const byItem = new Map(again.body.items.map((e) => [e.item.id, e.flashcard?.deck_title]));
    expect(byItem.get(items[0]!)).toBe('Erros da prática');
    expect(byItem.get(items[4]!)).toBe('Erros de Lista de produtos');
  });

  it('migration 0026 maps earlier cards (duplicates included) to their question, the oldest first', async () => {
    // Cards made before the migration: two identical ones for question 6 (answered wrong), and
    // one for question 7, never answered wrong.
    const seventh = await a.call<ItemDetail>(teacher, 'POST', '/items', choiceItem(7));
    expect(seventh.status).toBe(201);
    const deck = await a.newDeck(ana, 'Meus erros antigos');
    const older = await a.newCard(ana, deck.id, { front: choiceItem(6).stem, back: '36' });
    await a.newCard(ana, deck.id, { front: choiceItem(6).stem, back: '36' });
    await a.newCard(ana, deck.id, { front: choiceItem(7).stem, back: '49' });
    expect((await practice(seventh.body.id, 'a')).body.result.correct).toBe(true);
    await sql`update learner_settings set auto_flashcards = 0 where user_id = ${ana.id}`.execute(
      t.db.db,
    );
    expect((await practice(items[5]!, 'b')).body.flashcard).toBeNull();
    await sql`update learner_settings set auto_flashcards = 1 where user_id = ${ana.id}`.execute(
      t.db.db,
    );
    const before = await sql<{ item_id: string; card_id: string }>`
      select item_id, card_id from mistake_flashcards where user_id = ${ana.id}
      order by item_id`.execute(t.db.db);

    await migration.down(t.db.db as never);
    await migration.up(t.db.db as never);

    const { rows } = await sql<{ item_id: string; card_id: string }>`
      select item_id, card_id from mistake_flashcards where user_id = ${ana.id}
      order by item_id`.execute(t.db.db);
    // The question 6 pair, to the older of its two cards; none for question 7.
    expect(rows).toContainEqual({ item_id: items[5]!, card_id: older.id });
    expect(rows.map((r) => r.item_id)).not.toContain(seventh.body.id);
    // The cards the setting made are found again by their front (not the deleted one).
    expect(rows.filter((r) => r.item_id !== items[5])).toEqual(before.rows);
    // Its next mistake makes nothing new: the card is the older one's deck.
    const next = await practice(items[5]!, 'c');
    expect(next.body.flashcard).toMatchObject({
      deck_id: deck.id,
      deck_title: 'Meus erros antigos',
    });
    expect((await cardsOf(deck.id)).length).toBe(3);
  });
});
