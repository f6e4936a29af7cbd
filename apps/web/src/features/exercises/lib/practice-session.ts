import {
  ANSWER_DURATION_MAX_MS,
  type AutoFlashcard,
  type GradedResult,
  type ItemResponse,
  type MasteryLevel,
  type PracticeAnswerInput,
  type PracticeAnswerResult,
  type PracticeNext,
  type PublicItem,
  type SkillMastery,
} from '@aprenda/shared/schemas/exercises';

/**
 * One practice sitting, as pure state: the item shown, the answer being typed, the answer on its
 * way (its client id and body kept until the server has it, so "Tentar de novo" resends the same
 * one and it counts once), the graded result and the skill's standing after it.
 */

export type PracticePhase = 'loading' | 'loadError' | 'empty' | 'answering' | 'feedback';

export interface PracticeState {
  phase: PracticePhase;
  item: PublicItem | null;
  /** The skill of the item shown (the one asked for, or the one "o que eu mais preciso" chose). */
  skillId: string | null;
  shownAt: number;
  response: ItemResponse | null;
  /** The answer being sent or waiting for a retry: the same id and body every time. */
  pending: PracticeAnswerInput | null;
  sending: boolean;
  sendError: unknown;
  loadError: unknown;
  result: GradedResult | null;
  mastery: SkillMastery | null;
  previousLevel: MasteryLevel | null;
  /** The flashcard the wrong answer became (the student's "automatic flashcards" setting). */
  flashcard: AutoFlashcard | null;
}

export const initialPractice: PracticeState = {
  phase: 'loading',
  item: null,
  skillId: null,
  shownAt: 0,
  response: null,
  pending: null,
  sending: false,
  sendError: null,
  loadError: null,
  result: null,
  mastery: null,
  previousLevel: null,
  flashcard: null,
};

export type PracticeAction =
  | { type: 'load' }
  | { type: 'loaded'; next: PracticeNext; now: number }
  | { type: 'loadFailed'; error: unknown }
  | { type: 'respond'; response: ItemResponse | null }
  | { type: 'send'; body: PracticeAnswerInput }
  | { type: 'sent'; answer: PracticeAnswerResult }
  | { type: 'sendFailed'; error: unknown };

export function practiceReducer(state: PracticeState, action: PracticeAction): PracticeState {
  switch (action.type) {
    case 'load':
      return { ...state, phase: 'loading', loadError: null };
    case 'loaded': {
      const { item, skill_id } = action.next;
      return {
        ...state,
        phase: item ? 'answering' : 'empty',
        item,
        skillId: skill_id ?? item?.skill_id ?? state.skillId,
        shownAt: action.now,
        response: null,
        pending: null,
        sending: false,
        sendError: null,
        result: null,
        previousLevel: null,
        flashcard: null,
      };
    }
    case 'loadFailed':
      return { ...state, phase: 'loadError', loadError: action.error };
    case 'respond':
      if (state.phase !== 'answering' || state.sending) return state;
      // A changed answer is another answer: it gets its own id.
      return { ...state, response: action.response, pending: null, sendError: null };
    case 'send':
      if (state.phase !== 'answering' || state.sending) return state;
      return { ...state, pending: action.body, sending: true, sendError: null };
    case 'sent':
      return {
        ...state,
        phase: 'feedback',
        sending: false,
        sendError: null,
        pending: null,
        result: action.answer.result,
        mastery: action.answer.mastery,
        previousLevel: action.answer.previous_level,
        flashcard: action.answer.flashcard ?? null,
      };
    case 'sendFailed':
      return { ...state, sending: false, sendError: action.error };
  }
}

/**
 * The body of the answer to send: the one already on its way when there is one (a retry), or a
 * new one with a fresh id, the time since the item showed and the language numbers are in.
 */
export function answerBody(
  state: PracticeState,
  now: number,
  lang: string,
  newId: () => string = newAnswerId,
): PracticeAnswerInput | null {
  if (state.pending) return state.pending;
  if (!state.item || !state.response) return null;
  return {
    id: newId(),
    item_id: state.item.id,
    response: state.response,
    duration_ms: answerDuration(state.shownAt, now),
    lang: answerLanguage(lang),
  };
}

/** Milliseconds since the item showed, whole, within what the server takes. */
export function answerDuration(shownAt: number, now: number): number {
  return Math.min(ANSWER_DURATION_MAX_MS, Math.max(0, Math.round(now - shownAt)));
}

/** The answer language of an i18n language: numbers with a decimal dot in English. */
export function answerLanguage(language: string): 'pt-BR' | 'en' {
  return language.toLowerCase().startsWith('en') ? 'en' : 'pt-BR';
}

/** A version-4 UUID for an answer's client id (also where `crypto.randomUUID` is missing: plain http). */
export function newAnswerId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
