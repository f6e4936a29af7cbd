import { generateText, type LanguageModel } from 'ai';
import {
  CONVERSATION_TITLE_MAX,
  GENERATED_TITLE_MAX_WORDS,
} from '@aprenda/shared/schemas/conversations';
import { titlePrompt } from './tutor-prompts.ts';

/** How long a title request may take before it is given up (the title then stays empty). */
export const TITLE_TIMEOUT_MS = 30_000;

/** Clean a model's title: one line, no markdown/quotes/final period, ≤ 6 words; '' if unusable. */
export function cleanTitle(raw: string): string {
  const line =
    raw
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  const words = line
    .replace(/^(title|título)\s*:\s*/i, '')
    .replace(/[*_#`"“”«»]/g, '')
    .replace(/^['‘’]+|['‘’]+$/g, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, GENERATED_TITLE_MAX_WORDS);
  return words
    .join(' ')
    .replace(/[.。:;,]+$/, '')
    .slice(0, CONVERSATION_TITLE_MAX)
    .trim();
}

/** Ask the model for a title of the first exchange; '' when it fails or answers nothing usable. */
export async function generateTitle(
  model: LanguageModel,
  question: string,
  answer: string,
): Promise<string> {
  const result = await generateText({
    model,
    prompt: titlePrompt(question, answer),
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
  });
  return cleanTitle(result.text);
}
