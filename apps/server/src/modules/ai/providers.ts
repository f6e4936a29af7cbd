import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { AI_PROVIDERS, type AiProvider } from '@aprenda/shared/constants';
import type { AiModel, AiModelList, AiModelSource } from '@aprenda/shared/schemas/conversations';
import type { AppContext } from '../../context.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { apiKeyProviders, getDecryptedApiKey } from '../records/public.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret' | 'env'>;

const OPENROUTER_BASE_URL = 'https://openrouter.ai/api/v1';

/** Models offered per provider unless the operator lists their own (`<PROVIDER>_MODELS`). */
export const DEFAULT_MODELS: Record<AiProvider, string[]> = {
  openai: ['gpt-4.1-mini', 'gpt-4.1'],
  anthropic: ['claude-sonnet-4-5', 'claude-haiku-4-5'],
  google: ['gemini-2.5-flash', 'gemini-2.5-pro'],
  openrouter: ['openai/gpt-4.1-mini', 'anthropic/claude-sonnet-4.5'],
};

const PROVIDER_LABELS: Record<AiProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  openrouter: 'OpenRouter',
};

function modelsOf(env: Env, provider: AiProvider): string[] {
  const raw = {
    openai: env.OPENAI_MODELS,
    anthropic: env.ANTHROPIC_MODELS,
    google: env.GOOGLE_MODELS,
    openrouter: env.OPENROUTER_MODELS,
  }[provider];
  const list = raw
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list && list.length > 0 ? list : DEFAULT_MODELS[provider];
}

function schoolKey(env: Env, provider: AiProvider): string | undefined {
  switch (provider) {
    case 'openai':
      return env.OPENAI_API_KEY;
    case 'anthropic':
      return env.ANTHROPIC_API_KEY;
    case 'google':
      return env.GOOGLE_GENERATIVE_AI_API_KEY;
    default:
      return undefined;
  }
}

/** A provider with the key that will be used (the user's own wins over the school's). */
interface ProviderKey {
  provider: AiProvider;
  key: string;
  source: AiModelSource;
}

/** Every provider that has a key for this user, in AI_PROVIDERS order. Never logs a key. */
export async function availableProviders(ctx: Ctx, userId: string): Promise<ProviderKey[]> {
  const mine = new Set(await apiKeyProviders(ctx, userId));
  const out: ProviderKey[] = [];
  for (const provider of AI_PROVIDERS) {
    if (mine.has(provider)) {
      const key = await getDecryptedApiKey(ctx, userId, provider);
      if (key) {
        out.push({ provider, key, source: 'user' });
        continue;
      }
    }
    const school = schoolKey(ctx.env, provider);
    if (school) out.push({ provider, key: school, source: 'school' });
  }
  return out;
}

function toList(env: Env, providers: ProviderKey[]): AiModelList {
  const items: AiModel[] = providers.flatMap(({ provider, source }) =>
    modelsOf(env, provider).map((model) => ({
      id: `${provider}:${model}`,
      provider,
      label: `${model} (${PROVIDER_LABELS[provider]})`,
      source,
    })),
  );
  const wanted = env.AI_DEFAULT_MODEL;
  const def = wanted && items.some((m) => m.id === wanted) ? wanted : (items[0]?.id ?? null);
  return { items, default: def };
}

/** GET /ai/models: what this user can use, and the default. */
export async function listModels(ctx: Ctx, userId: string): Promise<AiModelList> {
  return toList(ctx.env, await availableProviders(ctx, userId));
}

/** A model ready to call. */
export interface ResolvedModel {
  /** `<provider>:<model>` */
  id: string;
  provider: AiProvider;
  source: AiModelSource;
  model: LanguageModel;
}

/**
 * The model for a chat: the requested one if the user may use it (else 400
 * `model_not_available`), or the default. No key anywhere → 400 `no_api_key`.
 */
export async function resolveModel(
  ctx: Ctx,
  userId: string,
  requested: string | undefined,
): Promise<ResolvedModel> {
  const providers = await availableProviders(ctx, userId);
  const list = toList(ctx.env, providers);
  if (!list.default) {
    throw new AppError('no_api_key', 'No AI provider key: add one in your profile');
  }
  const id = requested ?? list.default;
  const entry = list.items.find((m) => m.id === id);
  if (!entry) throw new AppError('model_not_available', 'This model is not available');
  const pk = providers.find((p) => p.provider === entry.provider)!;
  const modelName = id.slice(entry.provider.length + 1);
  return {
    id,
    provider: pk.provider,
    source: pk.source,
    model: languageModel(ctx.env, pk.provider, pk.key, modelName),
  };
}

/**
 * Build the AI SDK model. OPENAI_BASE_URL turns the openai provider into any OpenAI-compatible
 * Chat Completions server (Ollama, vLLM, …) — for school and user keys alike.
 */
export function languageModel(
  env: Env,
  provider: AiProvider,
  apiKey: string,
  modelName: string,
): LanguageModel {
  switch (provider) {
    case 'openai':
      if (env.OPENAI_BASE_URL) {
        return createOpenAICompatible({
          name: 'openai',
          baseURL: env.OPENAI_BASE_URL.replace(/\/+$/, ''),
          apiKey,
          // Structured output (cards from the tutor) as `response_format: json_schema`, which
          // Ollama, vLLM, LM Studio and llama.cpp's server accept; without it only `json_object`
          // would be sent and the schema would be lost.
          supportsStructuredOutputs: true,
        }).chatModel(modelName);
      }
      return createOpenAI({ apiKey })(modelName);
    case 'anthropic':
      return createAnthropic({ apiKey })(modelName);
    case 'google':
      return createGoogleGenerativeAI({ apiKey })(modelName);
    case 'openrouter':
      return createOpenAICompatible({
        name: 'openrouter',
        baseURL: OPENROUTER_BASE_URL,
        apiKey,
      }).chatModel(modelName);
  }
}
