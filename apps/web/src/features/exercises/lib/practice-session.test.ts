import { describe, expect, it } from 'vitest';
import type { PracticeAnswerResult, PublicItem } from '@aprenda/shared/schemas/exercises';
import {
  answerBody,
  answerDuration,
  answerLanguage,
  initialPractice,
  newAnswerId,
  practiceReducer,
  type PracticeState,
} from './practice-session';

const item: PublicItem = {
  id: 'i1',
  kind: 'numeric',
  stem: 'Quanto é 5/2?',
  choices: [],
  skill_id: 's1',
};
const answer: PracticeAnswerResult = {
  result: {
    correct: true,
    score: 1,
    feedback: [],
    explanation: '',
    correct_answer: { value: '2,5' },
  },
  mastery: { skill_id: 's1', level: 'attempted', ability: 0.2, answers: 1, success: 0.6 },
  previous_level: null,
  flashcard: null,
};

function shown(now = 1000): PracticeState {
  return practiceReducer(initialPractice, { type: 'loaded', next: { item, skill_id: 's1' }, now });
}

describe('practiceReducer', () => {
  it('shows an item, or the empty state when there is none', () => {
    const state = shown();
    expect(state.phase).toBe('answering');
    expect(state.skillId).toBe('s1');
    expect(state.shownAt).toBe(1000);
    const none = practiceReducer(initialPractice, {
      type: 'loaded',
      next: { item: null, skill_id: null },
      now: 1,
    });
    expect(none.phase).toBe('empty');
  });

  it('keeps the answer and its id after a failed send, and resends the same body', () => {
    let state = practiceReducer(shown(), { type: 'respond', response: { value: '2,5' } });
    const body = answerBody(state, 5000, 'pt-BR', () => 'id-1');
    expect(body).toEqual({
      id: 'id-1',
      item_id: 'i1',
      response: { value: '2,5' },
      duration_ms: 4000,
      lang: 'pt-BR',
    });
    state = practiceReducer(state, { type: 'send', body: body! });
    expect(state.sending).toBe(true);
    // A second tap while sending changes nothing.
    expect(practiceReducer(state, { type: 'send', body: body! })).toBe(state);
    state = practiceReducer(state, { type: 'sendFailed', error: new Error('offline') });
    expect(state.sending).toBe(false);
    expect(state.response).toEqual({ value: '2,5' });
    expect(answerBody(state, 99_000, 'en', () => 'id-2')).toBe(body);
  });

  it('gives a changed answer a new id', () => {
    let state = practiceReducer(shown(), { type: 'respond', response: { value: '2' } });
    const body = answerBody(state, 2000, 'pt-BR', () => 'id-1')!;
    state = practiceReducer(state, { type: 'send', body });
    state = practiceReducer(state, { type: 'sendFailed', error: new Error('offline') });
    state = practiceReducer(state, { type: 'respond', response: { value: '2,5' } });
    expect(state.pending).toBeNull();
    expect(answerBody(state, 3000, 'pt-BR', () => 'id-2')?.id).toBe('id-2');
  });

  it('shows the graded answer and the new standing, then the next item starts clean', () => {
    let state = practiceReducer(shown(), { type: 'respond', response: { value: '2,5' } });
    state = practiceReducer(state, { type: 'send', body: answerBody(state, 2000, 'pt-BR')! });
    state = practiceReducer(state, { type: 'sent', answer });
    expect(state.phase).toBe('feedback');
    expect(state.result?.correct).toBe(true);
    expect(state.mastery?.level).toBe('attempted');
    expect(state.pending).toBeNull();
    // No typing once graded.
    expect(practiceReducer(state, { type: 'respond', response: { value: '3' } })).toBe(state);
    state = practiceReducer(state, { type: 'load' });
    expect(state.phase).toBe('loading');
    state = practiceReducer(state, { type: 'loaded', next: { item, skill_id: 's1' }, now: 9 });
    expect(state.response).toBeNull();
    expect(state.result).toBeNull();
    expect(state.mastery?.answers).toBe(1);
  });

  it('says a failed load', () => {
    const state = practiceReducer(initialPractice, { type: 'loadFailed', error: 'x' });
    expect(state.phase).toBe('loadError');
  });

  it('sends nothing without an answer', () => {
    expect(answerBody(shown(), 2000, 'pt-BR')).toBeNull();
    expect(answerBody(initialPractice, 2000, 'pt-BR')).toBeNull();
  });
});

describe('helpers', () => {
  it('caps the duration at an hour and never goes below zero', () => {
    expect(answerDuration(1000, 1500.4)).toBe(500);
    expect(answerDuration(1000, 500)).toBe(0);
    expect(answerDuration(0, 10 * 3_600_000)).toBe(3_600_000);
  });

  it('maps the UI language to the answer language', () => {
    expect(answerLanguage('en')).toBe('en');
    expect(answerLanguage('en-US')).toBe('en');
    expect(answerLanguage('pt-BR')).toBe('pt-BR');
    expect(answerLanguage('fr')).toBe('pt-BR');
  });

  it('makes version-4 UUIDs, also without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newAnswerId()).toMatch(uuid);
    const original = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', {
      value: undefined,
      configurable: true,
    });
    try {
      const ids = new Set(Array.from({ length: 20 }, () => newAnswerId()));
      expect(ids.size).toBe(20);
      for (const id of ids) expect(id).toMatch(uuid);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', {
        value: original,
        configurable: true,
      });
    }
  });
});
