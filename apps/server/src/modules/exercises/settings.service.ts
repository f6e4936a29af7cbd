import { mistakeDeckTitle, flashcardBack, MISTAKE_CARD_TEXTS } from '@aprenda/shared/mistake-cards';
import type {
  AutoFlashcard,
  GradedResult,
  PracticeSettings,
  PublicItem,
} from '@aprenda/shared/schemas/exercises';
import type { AppContext } from '../../context.ts';
import type { Trx } from '../../db/types.ts';
import { addMistakeCardToOwnDeck } from '../flashcards/public.ts';
import { selectAutoFlashcards, upsertSettings } from './settings.queries.ts';

/**
 * A student's practice settings (docs/api/exercises.md "Settings"), one row per account so every
 * device sees the same, and the automatic flashcard of a wrong answer they ask for.
 */

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** GET /practice/settings (no row yet: everything off). */
export async function getPracticeSettings(ctx: Ctx, userId: string): Promise<PracticeSettings> {
  return { auto_flashcards: await selectAutoFlashcards(ctx.db.db, userId) };
}

/** PUT /practice/settings. */
export async function putPracticeSettings(
  ctx: Ctx,
  userId: string,
  input: PracticeSettings,
): Promise<PracticeSettings> {
  await upsertSettings(ctx.db.db, userId, input, ctx.clock.now().toISOString());
  return getPracticeSettings(ctx, userId);
}

/**
 * Inside an answer's transaction: when the answer was wrong, its feedback shows now and the
 * student turned `auto_flashcards` on, the flashcard the "Criar flashcard" button would make —
 * the stem as the student saw it on the front, the correct answer and the explanation on the back
 * (`flashcardBack`, in the answer's language), the item's skill — goes into the student's deck
 * "Erros de {título}" (an assignment) or "Erros da prática" (practice), created when missing.
 * Runs only for a newly stored answer, so a retry of the same client id makes no second card;
 * and one card per question: the same question answered wrong again (practice serves it again a
 * few items later) adds none and says where the card is (`addMistakeCardToOwnDeck`).
 */
export async function autoFlashcard(
  trx: Trx,
  userId: string,
  answer: {
    item: PublicItem;
    result: GradedResult;
    lang: 'pt-BR' | 'en';
    /** The assignment's title; null for practice. */
    assignmentTitle: string | null;
  },
  now: Date,
): Promise<AutoFlashcard | null> {
  if (answer.result.correct) return null;
  if (!(await selectAutoFlashcards(trx, userId))) return null;
  const texts = MISTAKE_CARD_TEXTS[answer.lang];
  return addMistakeCardToOwnDeck(
    trx,
    userId,
    answer.item.id,
    {
      deckTitle: mistakeDeckTitle(answer.lang, answer.assignmentTitle),
      front: answer.item.stem,
      back: flashcardBack(answer.item, answer.result, texts),
      skill_id: answer.item.skill_id,
    },
    now,
  );
}
