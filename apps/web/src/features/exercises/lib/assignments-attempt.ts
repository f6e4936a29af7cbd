import {
  ANSWER_DURATION_MAX_MS,
  type Attempt,
  type ItemResponse,
  type PublicItem,
} from '@aprenda/shared/schemas/exercises';
import type { PendingMap } from './assignments-pending';

/** Pure helpers of taking an assignment: answers, what is left, the score and flashcards. */

export type AttemptItem = Attempt['items'][number];

/** Whether two responses say the same (null equals null). */
export function sameResponse(a: ItemResponse | null, b: ItemResponse | null): boolean {
  if (a === null || b === null) return a === b;
  if ('choice' in a && 'choice' in b) return a.choice === b.choice;
  if ('choices' in a && 'choices' in b) {
    return [...a.choices].sort().join('\n') === [...b.choices].sort().join('\n');
  }
  if ('value' in a && 'value' in b) return a.value === b.value;
  return false;
}

/** The answer to an item as the student sees it: the waiting one, else the confirmed one. */
export function currentResponse(
  itemId: string,
  pending: PendingMap,
  confirmed: Record<string, ItemResponse | null>,
): ItemResponse | null {
  return pending[itemId]?.response ?? confirmed[itemId] ?? null;
}

/** Milliseconds spent on a question, within what the server takes. */
export function durationSince(start: number, now: number): number {
  return Math.round(Math.min(ANSWER_DURATION_MAX_MS, Math.max(0, now - start)));
}

/** The score as points out of the items ("3 de 5"; partial credit gives "3,5 de 5"). */
export function scorePoints(score: number | null, count: number): number {
  if (score === null || !Number.isFinite(score)) return 0;
  return Math.round(Math.min(1, Math.max(0, score)) * count * 10) / 10;
}

/** The student's answer as text: the picked choices' texts, or what was typed. */
export function responseText(item: PublicItem, response: ItemResponse | null): string {
  if (!response) return '';
  if ('value' in response)
    return item.kind === 'expression' ? `$${response.value}$` : response.value;
  const ids = 'choice' in response ? [response.choice] : response.choices;
  return ids.map((id) => item.choices.find((c) => c.id === id)?.text ?? id).join('; ');
}

/** The flashcard of a wrong answer: one copy, shared with the server's automatic cards. */
export { correctAnswerText, deckTitle, flashcardBack } from '@aprenda/shared/mistake-cards';

/** The language numbers are written in, for `?lang=` and answers. */
export function answerLang(language: string | undefined): 'pt-BR' | 'en' {
  return language?.startsWith('en') ? 'en' : 'pt-BR';
}
