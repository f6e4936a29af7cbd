import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@aprenda/shared/schemas/common';
import type {
  Assignment,
  AttemptAnswerResult,
  Attempt,
  ExerciseSet,
  ItemDetail,
  PracticeAnswerResult,
  PracticeSettings,
} from '@aprenda/shared/schemas/exercises';
import type { Card, DeckSummary } from '@aprenda/shared/schemas/flashcards';
import { api, testClock } from './flashcards-helpers.ts';
import {
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

/**
 * Issue 13, point 5: "or does it automatically if the student turned that on". The setting is
 * the account's (GET/PUT /practice/settings); a wrong answer whose feedback shows now becomes one
 * flashcard in the student's own deck, in the answer's transaction — a retry of the same client
 * id makes no second card — and never before the due date of a feedback-after-due assignment.
 */

const SKILL = 'bncc-ef07ma18';

function choiceItem(n: number) {
  return {
    kind: 'single',
    stem: `Questão ${n}: quanto é ${n} + ${n}?`,
    explanation: `Some ${n} com ${n}.`,
    skill_id: SKILL,
    choices: ['a', 'b', 'c'].map((id, k) => ({
      id,
      text: id === 'a' ? String(2 * n) : String(2 * n + k),
      correct: id === 'a',
    })),
  };
}

describe.each(dialects)('exercises: automatic flashcards of mistakes (%s)', (dialect) => {
  const time = testClock('2030-03-02T12:00:00.000Z');
  let t: TestApp;
  let teacher: SignedUp;
  let ana: SignedUp;
  let bia: SignedUp;
  let classId: string;
  const a = api(() => t);
  const items: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: time.clock });
    teacher = await signUp(t, { role: 'teacher' });
    ana = await signUp(t, { role: 'student' });
    bia = await signUp(t, { role: 'student' });
    classId = (await a.newClass(teacher, { students: [ana, bia] })).id;
    for (let i = 1; i <= 6; i++) {
      const res = await a.call<ItemDetail>(teacher, 'POST', '/items', choiceItem(i));
      expect(res.status).toBe(201);
      items.push(res.body.id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  function practice(u: SignedUp, itemId: string, choice: string, extra: object = {}) {
    return a.call<PracticeAnswerResult>(u, 'POST', '/practice/answers', {
      id: crypto.randomUUID(),
      item_id: itemId,
      response: { choice },
      ...extra,
    });
  }

  async function setAuto(u: SignedUp, on: boolean) {
    const res = await a.call<PracticeSettings>(u, 'PUT', '/practice/settings', {
      auto_flashcards: on,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ auto_flashcards: on });
  }

  async function ownDecks(u: SignedUp) {
    const res = await a.call<Page<DeckSummary>>(u, 'GET', '/decks');
    expect(res.status).toBe(200);
    return res.body.items.filter((d) => d.source === 'own');
  }

  async function cardsOf(u: SignedUp, deckId: string) {
    const res = await a.call<Page<Card>>(u, 'GET', `/decks/${deckId}/cards`);
    expect(res.status).toBe(200);
    return res.body.items;
  }

  it('settings: 401 without a session; off by default; one student’s setting is theirs', async () => {
    expect((await jsonRequest(t, 'GET', '/api/practice/settings')).status).toBe(401);
    expect(
      (await jsonRequest(t, 'PUT', '/api/practice/settings', { auto_flashcards: true })).status,
    ).toBe(401);
    expect((await a.call(ana, 'GET', '/practice/settings')).body).toEqual({
      auto_flashcards: false,
    });
    expect(
      (await a.call(ana, 'PUT', '/practice/settings', { auto_flashcards: 'sim' })).status,
    ).toBe(400);
    await setAuto(ana, true);
    expect((await a.call(ana, 'GET', '/practice/settings')).body).toEqual({
      auto_flashcards: true,
    });
    expect((await a.call(bia, 'GET', '/practice/settings')).body).toEqual({
      auto_flashcards: false,
    });
    await setAuto(ana, false);
    expect((await a.call(ana, 'GET', '/practice/settings')).body).toEqual({
      auto_flashcards: false,
    });
  });

  it('off: a wrong practice answer makes no card', async () => {
    const res = await practice(bia, items[0]!, 'b');
    expect(res.status).toBe(201);
    expect(res.body.result.correct).toBe(false);
    expect(res.body.flashcard).toBeNull();
    expect(await ownDecks(bia)).toEqual([]);
  });

  it('on: a wrong practice answer makes exactly one card; a retry or a right answer none', async () => {
    await setAuto(ana, true);
    const id = crypto.randomUUID();
    const body = { id, item_id: items[0], response: { choice: 'c' } };
    const first = await a.call<PracticeAnswerResult>(ana, 'POST', '/practice/answers', body);
    expect(first.status).toBe(201);
    expect(first.body.result.correct).toBe(false);
    expect(first.body.flashcard).toMatchObject({
      deck_title: 'Erros da prática',
      deck_full: false,
    });
    const deckId = first.body.flashcard!.deck_id;

    const again = await a.call<PracticeAnswerResult>(ana, 'POST', '/practice/answers', body);
    expect(again.status).toBe(200);
    expect(again.body.flashcard).toBeNull();

    const right = await practice(ana, items[1]!, 'a');
    expect(right.body.result.correct).toBe(true);
    expect(right.body.flashcard).toBeNull();

    const decks = await ownDecks(ana);
    expect(decks.map((d) => [d.id, d.title, d.card_count])).toEqual([
      [deckId, 'Erros da prática', 1],
    ]);
    const [card] = await cardsOf(ana, deckId);
    // Item 1: "quanto é 1 + 1?", right answer "2" (choice a), explanation "Some 1 com 1.".
    expect(card).toMatchObject({
      kind: 'basic',
      front: 'Questão 1: quanto é 1 + 1?',
      back: '**Resposta certa:** 2\n\n**Explicação:** Some 1 com 1.',
      skill_id: SKILL,
    });

    // A second mistake goes into the same deck; in English, into the English deck.
    const second = await practice(ana, items[2]!, 'b');
    expect(second.body.flashcard?.deck_id).toBe(deckId);
    const en = await practice(ana, items[3]!, 'b', { lang: 'en' });
    expect(en.body.flashcard).toMatchObject({ deck_title: 'Practice mistakes', deck_full: false });
    const [enCard] = await cardsOf(ana, en.body.flashcard!.deck_id);
    expect(enCard!.back).toBe('**Correct answer:** 8\n\n**Explanation:** Some 4 com 4.');
    expect((await cardsOf(ana, deckId)).length).toBe(2);

    // Bia (off) still has no deck.
    expect(await ownDecks(bia)).toEqual([]);
  });

  it('a full deck: the answer is kept, no card is added, and the answer says so', async () => {
    const deck = (await ownDecks(ana)).find((d) => d.title === 'Erros da prática')!;
    await t.db.db
      .updateTable('decks')
      .set({ card_count: 20_000 })
      .where('id', '=', deck.id)
      .execute();
    const res = await practice(ana, items[4]!, 'b');
    expect(res.status).toBe(201);
    expect(res.body.result.correct).toBe(false);
    expect(res.body.flashcard).toEqual({
      deck_id: deck.id,
      deck_title: 'Erros da prática',
      deck_full: true,
    });
    expect((await cardsOf(ana, deck.id)).length).toBe(2);
    await t.db.db.updateTable('decks').set({ card_count: 2 }).where('id', '=', deck.id).execute();
  });

  async function startAssignment(title: string, feedback: 'immediate' | 'after_due') {
    const set = await a.call<ExerciseSet>(teacher, 'POST', '/sets', {
      title,
      entries: [{ item_id: items[4] }, { item_id: items[5] }],
    });
    expect(set.status).toBe(201);
    const assignment = await a.call<Assignment>(
      teacher,
      'POST',
      `/classes/${classId}/assignments`,
      {
        set_id: set.body.id,
        open_at: '2030-03-02T11:00:00.000Z',
        due_at: '2030-03-09T23:59:00.000Z',
        feedback,
        shuffle: false,
      },
    );
    expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);
    const attempt = await a.call<Attempt>(
      ana,
      'POST',
      `/assignments/${assignment.body.id}/attempts`,
    );
    expect(attempt.status).toBe(201);
    return attempt.body;
  }

  function answerIn(attemptId: string, itemId: string, choice: string) {
    return a.call<AttemptAnswerResult>(ana, 'POST', `/attempts/${attemptId}/answers`, {
      id: crypto.randomUUID(),
      item_id: itemId,
      response: { choice },
    });
  }

  it('an assignment with feedback at once: the mistake goes to "Erros de {título}"', async () => {
    const attempt = await startAssignment('Lista de somas', 'immediate');
    const wrong = await answerIn(attempt.id, items[4]!, 'c');
    expect(wrong.status).toBe(201);
    expect(wrong.body.result?.correct).toBe(false);
    expect(wrong.body.flashcard).toMatchObject({
      deck_title: 'Erros de Lista de somas',
      deck_full: false,
    });
    const right = await answerIn(attempt.id, items[5]!, 'a');
    expect(right.body.result?.correct).toBe(true);
    expect(right.body.flashcard).toBeNull();
    const cards = await cardsOf(ana, wrong.body.flashcard!.deck_id);
    expect(cards.map((c) => [c.front, c.back, c.skill_id])).toEqual([
      [
        'Questão 5: quanto é 5 + 5?',
        '**Resposta certa:** 10\n\n**Explicação:** Some 5 com 5.',
        SKILL,
      ],
    ]);
    // Read again (a reload): the wrong answer's card is still said, the right one has none.
    const again = await a.call<Attempt>(ana, 'GET', `/attempts/${attempt.id}`);
    const byItem = new Map(again.body.items.map((e) => [e.item.id, e.flashcard]));
    expect(byItem.get(items[4]!)).toEqual({
      deck_id: wrong.body.flashcard!.deck_id,
      deck_title: 'Erros de Lista de somas',
      deck_full: false,
    });
    expect(byItem.get(items[5]!)).toBeNull();
  });

  it('an assignment with feedback after the due date: no card (it would tell the answer)', async () => {
    const before = (await ownDecks(ana)).length;
    const attempt = await startAssignment('Lista sem correção', 'after_due');
    const wrong = await answerIn(attempt.id, items[4]!, 'c');
    expect(wrong.status).toBe(201);
    expect(wrong.body).toEqual({ result: null, flashcard: null });
    const decks = await ownDecks(ana);
    expect(decks.length).toBe(before);
    expect(decks.map((d) => d.title)).not.toContain('Erros de Lista sem correção');
  });
});
