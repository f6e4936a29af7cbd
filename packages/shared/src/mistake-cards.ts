import type { GradedResult, PublicItem } from './schemas/exercises.ts';
import { DECK_TITLE_MAX } from './schemas/flashcards.ts';

/**
 * A flashcard from a wrong answer (issue 13, point 5): the stem on the front, the correct answer
 * and the explanation on the back, skill carried over. Pure: the web's "Criar flashcard" button and
 * the server's automatic cards (docs/api/exercises.md "Settings") build the same card with these.
 */

/** The words the server writes in automatic cards; the web's locales say the same. */
export const MISTAKE_CARD_TEXTS = {
  'pt-BR': {
    answer: 'Resposta certa:',
    explanation: 'Explicação:',
    /** The deck of an assignment's mistakes ("Erros de {título}"). */
    assignmentDeck: 'Erros de {{title}}',
    /** The deck of practice mistakes. */
    practiceDeck: 'Erros da prática',
  },
  en: {
    answer: 'Correct answer:',
    explanation: 'Explanation:',
    assignmentDeck: 'Mistakes in {{title}}',
    practiceDeck: 'Practice mistakes',
  },
} as const;

/** The correct answer as markdown: the right choices' texts, or the value (maths in $…$). */
export function correctAnswerText(item: PublicItem, result: GradedResult): string {
  const answer = result.correct_answer;
  if ('value' in answer) return item.kind === 'expression' ? `$${answer.value}$` : answer.value;
  return answer.choices.map((id) => item.choices.find((c) => c.id === id)?.text ?? id).join('; ');
}

/** A flashcard's back from a wrong answer: the correct answer, then the explanation. */
export function flashcardBack(
  item: PublicItem,
  result: GradedResult,
  labels: { answer: string; explanation: string },
): string {
  const parts = [`**${labels.answer}** ${correctAnswerText(item, result)}`];
  if (result.explanation.trim())
    parts.push(`**${labels.explanation}** ${result.explanation.trim()}`);
  return parts.join('\n\n');
}

/** A deck title cut to what the server takes ("Erros de {título}"). */
export function deckTitle(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= DECK_TITLE_MAX ? trimmed : `${trimmed.slice(0, DECK_TITLE_MAX - 1)}…`;
}

/** The deck an automatic card goes to: the assignment's mistakes, or the practice's. */
export function mistakeDeckTitle(lang: 'pt-BR' | 'en', assignmentTitle: string | null): string {
  const texts = MISTAKE_CARD_TEXTS[lang];
  return deckTitle(
    assignmentTitle === null
      ? texts.practiceDeck
      : texts.assignmentDeck.replace('{{title}}', () => assignmentTitle),
  );
}
