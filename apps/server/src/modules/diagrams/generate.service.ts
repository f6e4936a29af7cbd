import { generateText, type ModelMessage } from 'ai';
import {
  DIAGRAM_CODE_MAX,
  DIAGRAM_TITLE_MAX,
  type GeneratedDiagram,
} from '@aprenda/shared/schemas/diagrams';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { classifyProviderError, providerStatus, resolveModel } from '../ai/public.ts';
import { conversationTranscript } from '../conversations/public.ts';
import { createUserAction } from '../records/public.ts';
import { diagramKind } from './diagram-kind.ts';
import {
  diagramConversationMessage,
  diagramPromptMessage,
  diagramRepairMessage,
  diagramSystemPrompt,
  type DiagramLocale,
} from './diagram-prompt.ts';
import { splitAccessibility, stripFences } from './generated-code.ts';
import { mermaidParser, ParserUnavailable, type MermaidParser } from './mermaid-parse.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret' | 'env' | 'logger'>;

/** Characters of a conversation sent as the source (its newest messages). */
export const DIAGRAM_CONVERSATION_MAX_CHARS = 20_000;
/** Tokens the model may write per answer (a diagram of ~25 nodes needs far fewer). */
const MAX_OUTPUT_TOKENS = 4000;
/** Characters of a parse error sent back to the model. */
const PARSE_ERROR_MAX = 1000;

export interface GenerateDiagramInput {
  prompt?: string | undefined;
  conversationId?: string | undefined;
  currentCode?: string | undefined;
  model?: string | undefined;
  locale: DiagramLocale;
}

/**
 * POST /diagrams/generate: the AI writes Mermaid code from a prompt (optionally changing the
 * editor's code) or summarises a conversation the user may read (404 otherwise, before any
 * provider call; 400 `conversation_empty` without text). The model and key follow the chat's
 * rules (`resolveModel`: the user's key for the provider wins over the school's; none → 400
 * `no_api_key`), and a failed call answers the chat's provider codes.
 *
 * The answer's fence is stripped, its `accTitle`/`accDescr` lines become the title and
 * description, and the code is parsed with Mermaid (mermaid-parse.ts). Invalid code is sent back
 * once with the parse error; invalid again is 502 `generated_diagram_invalid`. Nothing is saved;
 * the act is recorded as a `diagram_generated` user action (no prompt or code in it).
 */
export async function generateDiagram(
  ctx: Ctx,
  user: { id: string },
  input: GenerateDiagramInput,
  parser: MermaidParser = mermaidParser,
): Promise<GeneratedDiagram> {
  const source = await readSource(ctx, user.id, input);
  const model = await resolveModel(ctx, user.id, input.model);
  const messages: ModelMessage[] = [{ role: 'user', content: source.message }];

  let answer = await ask(ctx, model, input.locale, messages);
  let attempt = await check(parser, answer);
  let retried = false;
  if (!attempt.ok) {
    retried = true;
    ctx.logger({ level: 'info', msg: 'generated diagram invalid, asking again', model: model.id });
    messages.push(
      { role: 'assistant', content: answer },
      { role: 'user', content: diagramRepairMessage(attempt.error) },
    );
    answer = await ask(ctx, model, input.locale, messages);
    attempt = await check(parser, answer);
  }
  if (!attempt.ok) {
    ctx.logger({ level: 'warn', msg: 'generated diagram invalid twice', model: model.id });
    throw new AppError(
      'generated_diagram_invalid',
      'The AI wrote Mermaid code that does not parse, twice',
    );
  }

  const { split } = attempt;
  await createUserAction(ctx, user.id, {
    action: 'diagram_generated',
    context: {
      source: input.conversationId === undefined ? 'prompt' : 'conversation',
      changed: input.currentCode !== undefined && input.currentCode.trim() !== '',
      kind: diagramKind(split.code),
      retried,
      model: model.id,
    },
  });
  return {
    code: split.code,
    title: split.title ?? source.fallbackTitle,
    description: split.description ?? fallbackDescription(input.locale, source.fallbackTitle),
    model: model.id,
    retried,
  };
}

type Checked =
  { ok: true; split: ReturnType<typeof splitAccessibility> } | { ok: false; error: string };

/** The answer as code, title and description, if Mermaid parses the code. */
async function check(parser: MermaidParser, answer: string): Promise<Checked> {
  const split = splitAccessibility(stripFences(answer));
  if (split.code === '') return { ok: false, error: 'The answer has no Mermaid code.' };
  if (split.code.length > DIAGRAM_CODE_MAX) {
    return { ok: false, error: `The code is longer than ${DIAGRAM_CODE_MAX} characters.` };
  }
  let result;
  try {
    result = await parser.parse(split.code);
  } catch (err) {
    if (err instanceof ParserUnavailable) {
      throw new AppError('unavailable', 'Diagrams cannot be checked right now');
    }
    throw err;
  }
  if (!result.ok) return { ok: false, error: result.message.slice(0, PARSE_ERROR_MAX) };
  return { ok: true, split };
}

async function ask(
  ctx: Ctx,
  model: Awaited<ReturnType<typeof resolveModel>>,
  locale: DiagramLocale,
  messages: ModelMessage[],
): Promise<string> {
  const timeout = AbortSignal.timeout(ctx.env.AI_FIRST_TOKEN_TIMEOUT_MS * 2);
  try {
    const result = await generateText({
      model: model.model,
      system: diagramSystemPrompt(locale),
      messages,
      temperature: 0.2,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      maxRetries: 0,
      abortSignal: timeout,
    });
    return result.text;
  } catch (err) {
    const code = timeout.aborted ? 'provider_timeout' : classifyProviderError(err, false);
    // Only the code and status: provider messages may echo part of a key.
    ctx.logger({
      level: 'warn',
      msg: 'provider call failed',
      code,
      provider: model.provider,
      status: providerStatus(err) ?? null,
    });
    throw new AppError(code, 'The AI provider could not write the diagram');
  }
}

interface Source {
  message: string;
  /** The title when the model gives none: the prompt's start, or the conversation's title. */
  fallbackTitle: string;
}

async function readSource(ctx: Ctx, userId: string, input: GenerateDiagramInput): Promise<Source> {
  if (input.conversationId === undefined) {
    const prompt = input.prompt ?? '';
    return {
      message: diagramPromptMessage(prompt, input.currentCode),
      fallbackTitle: shorten(prompt),
    };
  }
  const transcript = await conversationTranscript(
    ctx,
    userId,
    input.conversationId,
    DIAGRAM_CONVERSATION_MAX_CHARS,
  );
  if (transcript.messages.length === 0) {
    throw new AppError('conversation_empty', 'This conversation has no text yet');
  }
  return {
    message: diagramConversationMessage(
      transcript.title,
      transcript.messages.map((m) => `${m.role === 'assistant' ? 'Tutor' : 'Student'}: ${m.text}`),
    ),
    fallbackTitle:
      shorten(transcript.title) || (input.locale === 'en' ? 'Conversation' : 'Conversa'),
  };
}

function shorten(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length <= DIAGRAM_TITLE_MAX ? one : `${one.slice(0, DIAGRAM_TITLE_MAX - 1).trim()}…`;
}

function fallbackDescription(locale: DiagramLocale, title: string): string {
  return locale === 'en' ? `Diagram: ${title}` : `Diagrama: ${title}`;
}
