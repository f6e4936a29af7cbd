import {
  generateText,
  JSONParseError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  Output,
  TypeValidationError,
} from 'ai';
import { z } from 'zod';
import { clozeNumbers } from '@aprenda/shared/cloze';
import {
  CARD_SIDE_MAX,
  CARD_TAG_MAX,
  GENERATE_COUNT_DEFAULT,
  GENERATE_TEXT_MAX,
  type CardInput,
  type GenerateCardsResult,
} from '@aprenda/shared/schemas/flashcards';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { classifyProviderError, providerStatus, resolveModel } from '../ai/public.ts';
import { conversationTranscript } from '../conversations/public.ts';
import { createUserAction } from '../records/public.ts';
import { generateSourcePrompt, generateSystemPrompt } from './generate-prompt.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret' | 'env' | 'logger'>;

/** Characters of a conversation sent as the source: its newest messages (as for pasted text). */
export const GENERATE_CONVERSATION_MAX_CHARS = GENERATE_TEXT_MAX;
/** Tags kept per proposed card. */
const GENERATED_TAGS_MAX = 5;

/**
 * What the model must answer (sent as the JSON schema of the structured output). Every member is
 * required — OpenAI's strict mode wants it so; an empty `back` or `tags` says "none".
 */
export const generatedCardsSchema = z.object({
  cards: z.array(
    z.object({
      kind: z.enum(['basic', 'cloze']).describe('basic: question and answer; cloze: {{c1::…}}'),
      front: z.string().describe('the question, or the sentence with {{c1::…}} gaps'),
      back: z.string().describe('the answer (basic), or an optional note (cloze), or ""'),
      tags: z.array(z.string()).describe('0–3 topic words without spaces'),
    }),
  ),
});
type GeneratedCards = z.infer<typeof generatedCardsSchema>;

export interface GenerateInput {
  source: { conversation_id: string } | { text: string };
  count?: number | undefined;
  model?: string | undefined;
}

/**
 * POST /flashcards/generate: the AI proposes up to `count` cards (basic and cloze) from a
 * conversation the user may read (404 otherwise, like every read of it; 400 `conversation_empty`
 * when it has no text yet) or from pasted text. Nothing is saved: the user keeps, edits or
 * discards each proposal and saves through POST /decks/{id}/cards/batch.
 *
 * The model and key follow the chat's rules (`resolveModel`: the user's own key wins over the
 * school's; none → 400 `no_api_key`; an unknown model → 400 `model_not_available`) and a failed
 * call answers the chat's provider codes (`provider_auth_failed`, `provider_rate_limited`,
 * `provider_timeout`, `provider_error`). An answer that is not the cards' JSON, or whose every
 * card is unusable, is 502 `generated_cards_invalid`. The call may take up to twice
 * AI_FIRST_TOKEN_TIMEOUT_MS (a whole answer, not a first token).
 */
export async function generateCards(
  ctx: Ctx,
  user: { id: string },
  input: GenerateInput,
): Promise<GenerateCardsResult> {
  const count = input.count ?? GENERATE_COUNT_DEFAULT;
  // The source first (404 for a conversation that is not readable, whatever the keys), then the
  // model (no key → the chat's explanation).
  const source = await readSource(ctx, user.id, input.source);
  const model = await resolveModel(ctx, user.id, input.model);

  let output: GeneratedCards;
  const timeout = AbortSignal.timeout(ctx.env.AI_FIRST_TOKEN_TIMEOUT_MS * 2);
  try {
    const result = await generateText({
      model: model.model,
      system: generateSystemPrompt(count),
      prompt: generateSourcePrompt(source),
      output: Output.object({
        schema: generatedCardsSchema,
        name: 'flashcards',
        description: 'Flashcards proposed from the source',
      }),
      temperature: 0.3,
      maxRetries: 0,
      abortSignal: timeout,
    });
    output = result.output;
  } catch (err) {
    if (isInvalidOutput(err)) {
      ctx.logger({ level: 'warn', msg: 'generated cards invalid', provider: model.provider });
      throw invalidCards();
    }
    const code = timeout.aborted ? 'provider_timeout' : classifyProviderError(err, false);
    // Only the code and status: provider messages may echo part of a key.
    ctx.logger({
      level: 'warn',
      msg: 'provider call failed',
      code,
      provider: model.provider,
      status: providerStatus(err) ?? null,
    });
    throw new AppError(code, 'The AI provider could not propose cards');
  }

  const cards = cleanCards(output, count);
  if (cards.length === 0 && output.cards.length > 0) throw invalidCards();
  await createUserAction(ctx, user.id, {
    action: 'flashcards_generated',
    context: {
      source: 'text' in input.source ? 'text' : 'conversation',
      proposed: cards.length,
      model: model.id,
    },
  });
  return { cards, model: model.id };
}

const invalidCards = () =>
  new AppError('generated_cards_invalid', 'The AI answered something that is not cards');

/** The AI SDK could not read the answer as the schema's object. */
function isInvalidOutput(err: unknown): boolean {
  return (
    NoObjectGeneratedError.isInstance(err) ||
    NoOutputGeneratedError.isInstance(err) ||
    TypeValidationError.isInstance(err) ||
    JSONParseError.isInstance(err)
  );
}

async function readSource(
  ctx: Ctx,
  userId: string,
  source: GenerateInput['source'],
): Promise<Parameters<typeof generateSourcePrompt>[0]> {
  if ('text' in source) return { kind: 'text', text: source.text.slice(0, GENERATE_TEXT_MAX) };
  const transcript = await conversationTranscript(
    ctx,
    userId,
    source.conversation_id,
    GENERATE_CONVERSATION_MAX_CHARS,
  );
  if (transcript.messages.length === 0) {
    throw new AppError('conversation_empty', 'This conversation has no text yet');
  }
  return {
    kind: 'conversation',
    title: transcript.title,
    lines: transcript.messages.map(
      (m) => `${m.role === 'assistant' ? 'Tutor' : 'Student'}: ${m.text}`,
    ),
  };
}

/**
 * The model's cards as proposals the batch endpoint accepts: sides trimmed; a card without a
 * front, a basic card without an answer, a cloze card without a `{{cN::…}}`, a side over
 * CARD_SIDE_MAX and repeated fronts are dropped; tags become lower-case words without spaces
 * (at most 5, each ≤ 40 characters); at most `count` cards.
 */
export function cleanCards(output: GeneratedCards, count: number): CardInput[] {
  const cards: CardInput[] = [];
  const fronts = new Set<string>();
  for (const raw of output.cards) {
    const front = raw.front.trim();
    const back = raw.back.trim();
    if (front === '' || front.length > CARD_SIDE_MAX || back.length > CARD_SIDE_MAX) continue;
    if (raw.kind === 'basic' && back === '') continue;
    if (raw.kind === 'cloze' && clozeNumbers(front).length === 0) continue;
    const key = front.toLowerCase();
    if (fronts.has(key)) continue;
    fronts.add(key);
    cards.push({ kind: raw.kind, front, back, tags: cleanTags(raw.tags) });
    if (cards.length === count) break;
  }
  return cards;
}

function cleanTags(tags: string[]): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    const clean = tag
      .trim()
      .replace(/^#+/, '')
      .toLowerCase()
      .replace(/\s+/g, '-')
      .slice(0, CARD_TAG_MAX);
    if (clean !== '' && !out.includes(clean)) out.push(clean);
    if (out.length === GENERATED_TAGS_MAX) break;
  }
  return out;
}
