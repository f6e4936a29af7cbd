import {
  generateText,
  JSONParseError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  Output,
  TypeValidationError,
} from 'ai';
import { z } from 'zod';
import type { UserRole } from '@aprenda/shared/constants';
import {
  itemInputSchema,
  type GenerateItemsResult,
  type ItemInput,
} from '@aprenda/shared/schemas/exercises';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { classifyProviderError, providerStatus, resolveModel } from '../ai/public.ts';
import { createUserAction } from '../records/public.ts';
import { findSkills } from '../skills/public.ts';
import { generateItemsSourcePrompt, generateItemsSystemPrompt } from './generate-prompt.ts';
import { checkItem, parseDecimal } from './grading.ts';
import { requireTeacherAccount } from './items.service.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret' | 'env' | 'logger'>;

/**
 * What the model must answer (the JSON schema of the structured output). Every member is required
 * (OpenAI's strict mode); "" and [] say "none".
 */
export const generatedItemsSchema = z.object({
  items: z.array(
    z.object({
      kind: z.enum(['single', 'multiple', 'numeric', 'text']),
      stem: z.string(),
      explanation: z.string(),
      choices: z.array(z.object({ text: z.string(), correct: z.boolean(), feedback: z.string() })),
      answer: z.string().describe('numeric items: the number, dot decimal; else ""'),
      accepted: z.array(z.string()).describe('text items: acceptable answers; else []'),
    }),
  ),
});
type GeneratedItems = z.infer<typeof generatedItemsSchema>;

const CHOICE_IDS = 'abcdefghij';

/**
 * The model's items as proposals POST /items accepts: trimmed, mapped to the item shape (choice
 * ids a, b, c…; a numeric answer read with `parseDecimal`), and kept only when they pass the
 * schema and every authoring check; repeated stems dropped; at most `count`.
 */
export function cleanItems(
  output: GeneratedItems,
  count: number,
  skillId: string | null,
): ItemInput[] {
  const items: ItemInput[] = [];
  const stems = new Set<string>();
  for (const raw of output.items) {
    const stem = raw.stem.trim();
    const key = stem.toLowerCase();
    if (stem === '' || stems.has(key)) continue;
    const isChoice = raw.kind === 'single' || raw.kind === 'multiple';
    const answer = parseDecimal(raw.answer);
    const candidate = itemInputSchema.safeParse({
      kind: raw.kind,
      stem,
      explanation: raw.explanation.trim(),
      skill_id: skillId,
      choices: isChoice
        ? raw.choices.slice(0, CHOICE_IDS.length).map((c, i) => ({
            id: CHOICE_IDS[i],
            text: c.text.trim(),
            correct: c.correct,
            feedback: c.feedback.trim(),
          }))
        : [],
      numeric:
        raw.kind === 'numeric' && answer !== null
          ? { answer, formula: null, tolerance: 0, tolerance_kind: 'absolute' }
          : null,
      text:
        raw.kind === 'text'
          ? { accepted: [...new Set(raw.accepted.map((a) => a.trim()).filter(Boolean))] }
          : null,
    });
    if (!candidate.success || checkItem(candidate.data).length > 0) continue;
    stems.add(key);
    items.push(candidate.data);
    if (items.length === count) break;
  }
  return items;
}

/**
 * POST /items/generate: the AI proposes up to `count` items from a topic or a text (teacher
 * accounts). The model and key follow the chat's rules (no key → 400 `no_api_key`), provider
 * failures answer the chat's codes, an answer that is not the items' JSON — or whose every item
 * is unusable — is 502 `generated_cards_invalid`. Nothing is saved.
 */
export async function generateItems(
  ctx: Ctx,
  user: { id: string; role: UserRole },
  input: { text: string; skill_id: string | null; count: number; model?: string | undefined },
): Promise<GenerateItemsResult> {
  requireTeacherAccount(user.role);
  if (input.skill_id !== null && (await findSkills(ctx, [input.skill_id])).length === 0) {
    throw badRequest('Unknown skill', [
      { path: 'skill_id', code: 'unknown_skill', message: 'No such skill' },
    ]);
  }
  const model = await resolveModel(ctx, user.id, input.model);
  let output: GeneratedItems;
  const timeout = AbortSignal.timeout(ctx.env.AI_FIRST_TOKEN_TIMEOUT_MS * 2);
  try {
    const result = await generateText({
      model: model.model,
      system: generateItemsSystemPrompt(input.count),
      prompt: generateItemsSourcePrompt(input.text),
      output: Output.object({
        schema: generatedItemsSchema,
        name: 'exercise_items',
        description: 'Exercise questions proposed for the teacher to review',
      }),
      temperature: 0.3,
      maxRetries: 0,
      abortSignal: timeout,
    });
    output = result.output;
  } catch (err) {
    if (
      NoObjectGeneratedError.isInstance(err) ||
      NoOutputGeneratedError.isInstance(err) ||
      TypeValidationError.isInstance(err) ||
      JSONParseError.isInstance(err)
    ) {
      throw new AppError('generated_cards_invalid', 'The AI answered something that is not items');
    }
    const code = timeout.aborted ? 'provider_timeout' : classifyProviderError(err, false);
    ctx.logger({
      level: 'warn',
      msg: 'provider call failed',
      code,
      provider: model.provider,
      status: providerStatus(err) ?? null,
    });
    throw new AppError(code, 'The AI provider could not propose items');
  }
  const items = cleanItems(output, input.count, input.skill_id);
  if (items.length === 0 && output.items.length > 0) {
    throw new AppError('generated_cards_invalid', 'The AI answered no usable item');
  }
  await createUserAction(ctx, user.id, {
    action: 'items_generated',
    context: { proposed: items.length, model: model.id },
  });
  return { items, model: model.id };
}
