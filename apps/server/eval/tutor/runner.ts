import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, type LanguageModel } from 'ai';
import { AI_PROVIDERS, type AiProvider } from '@aprenda/shared/constants';
import type { Page } from '@aprenda/shared/schemas/common';
import type {
  AiModelList,
  Conversation,
  Message,
  TutorMode,
} from '@aprenda/shared/schemas/conversations';
import { createApp } from '../../src/app.ts';
import { CACHE_SCOPES } from '../../src/cache-scopes.ts';
import { createDb, dbOptionsFromEnv } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { EnvError, parseEnv, type Env } from '../../src/env.ts';
import { languageModel } from '../../src/modules/ai/providers.ts';
import { settleBackgroundWork } from '../../src/modules/conversations/answer-stream.service.ts';
import type { TutorCase } from './cases.ts';
import {
  endsWithQuestion,
  excerpt,
  findAnswer,
  parseJudgeReply,
  portugueseCheck,
} from './grading.ts';

/**
 * The tutor evaluation's runner (decision 0036). Every case goes through the chat's own code path:
 * the real app in this process, on a temporary SQLite database, with the provider named by the
 * server's usual environment variables. A teacher's class requires Socratic mode (the school's
 * setting) and a student writes to the tutor — Socratic cases in a conversation linked to that
 * class, Direct cases in their own conversation in Direct mode — through POST
 * /conversations/{id}/chat, one turn after the other; the answers graded are the ones stored.
 */

/** A setting that makes the evaluation impossible (exit code 2). */
export class ConfigError extends Error {}

export const MODES: TutorMode[] = ['socratic', 'direct'];

export type Criterion =
  | 'answered'
  | 'withholds-final-answer'
  | 'gives-final-answer'
  | 'portuguese'
  | 'ends-with-question'
  | 'judge';

export interface CriterionResult {
  criterion: Criterion;
  pass: boolean;
  /** Why it failed (or the judge's reason). */
  reason: string;
  /** For judge criteria: the criterion's text. */
  detail?: string;
  /** The offending text, truncated (failures). */
  text?: string;
  /** A judge verdict that could not be obtained or parsed. */
  judgeError?: boolean;
}

export interface CaseResult {
  caseId: string;
  mode: TutorMode;
  /** The tutor's stored answers, one per turn. */
  answers: string[];
  /** `<provider>:<model>` stored with the answers. */
  model: string | null;
  /** The conversation's class required Socratic mode (the Socratic run's setting). */
  socraticRequired: boolean;
  criteria: CriterionResult[];
}

export interface EvalReport {
  model: string;
  judge: string | null;
  date: string;
  results: CaseResult[];
}

interface JudgeConfig {
  label: string;
  model: LanguageModel;
}

const PROVIDER_KEYS: Partial<Record<AiProvider, string>> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
};
const PROVIDER_MODELS: Record<AiProvider, string> = {
  openai: 'OPENAI_MODELS',
  anthropic: 'ANTHROPIC_MODELS',
  google: 'GOOGLE_MODELS',
  openrouter: 'OPENROUTER_MODELS',
};
/** The server's variables the evaluation passes on to the app (nothing else of the shell). */
const PASSED_ON = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'ANTHROPIC_API_KEY',
  'GOOGLE_GENERATIVE_AI_API_KEY',
  'OPENAI_MODELS',
  'ANTHROPIC_MODELS',
  'GOOGLE_MODELS',
  'OPENROUTER_MODELS',
  'AI_DEFAULT_MODEL',
  'AI_FIRST_TOKEN_TIMEOUT_MS',
];

type Source = Record<string, string | undefined>;
const set = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);

/**
 * The app's environment and the model to ask for: the server's provider variables as they are;
 * `EVAL_MODEL` (`<provider>:<model>`, or a model name of the first provider with a key) picks a
 * model, offered to the app as that provider's model list. Throws ConfigError.
 */
export function tutorSettings(source: Source, databaseUrl: string) {
  const raw: Source = {};
  for (const name of PASSED_ON) if (set(source[name])) raw[name] = set(source[name]);
  const keyed = AI_PROVIDERS.filter((p) => PROVIDER_KEYS[p] && raw[PROVIDER_KEYS[p]!]);
  if (keyed.length === 0) {
    throw new ConfigError(
      'No AI provider is configured. Set the same variables as the server: OPENAI_API_KEY (with ' +
        'OPENAI_BASE_URL for an OpenAI-compatible server such as Ollama or vLLM), ' +
        'ANTHROPIC_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY; EVAL_MODEL picks the model.',
    );
  }
  let requested: string | undefined;
  const wanted = set(source.EVAL_MODEL);
  if (wanted) {
    const colon = wanted.indexOf(':');
    const prefix = colon > 0 ? wanted.slice(0, colon) : '';
    const provider = (AI_PROVIDERS as readonly string[]).includes(prefix)
      ? (prefix as AiProvider)
      : keyed[0]!;
    const name = provider === prefix ? wanted.slice(colon + 1) : wanted;
    if (!keyed.includes(provider)) {
      throw new ConfigError(
        `EVAL_MODEL=${wanted}: the ${provider} provider has no key (${PROVIDER_KEYS[provider] ?? 'none'}).`,
      );
    }
    raw[PROVIDER_MODELS[provider]] = name;
    requested = `${provider}:${name}`;
  }
  let env: Env;
  try {
    env = parseEnv({
      ...raw,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'http://localhost:3000',
      // One student asks every question: the chat's per-user limit is not what is evaluated.
      CHAT_RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_MAX: '1000000',
      RESPONSE_CACHE_MB: '0',
    });
  } catch (err) {
    if (err instanceof EnvError)
      throw new ConfigError(`Invalid environment: ${err.issues.join('; ')}`);
    throw err;
  }
  return { env, requested };
}

/**
 * The judge: `EVAL_JUDGE=off` → none (judge criteria are skipped); `EVAL_JUDGE_BASE_URL` → that
 * OpenAI-compatible server with `EVAL_JUDGE_API_KEY` (else OPENAI_API_KEY) and `EVAL_JUDGE_MODEL`
 * (required); else the tutor's provider and key with `EVAL_JUDGE_MODEL` or the tutor's model.
 */
export function judgeSettings(source: Source, env: Env, tutorModel: string): JudgeConfig | null {
  if (/^(off|false|0|no)$/i.test(set(source.EVAL_JUDGE) ?? '')) return null;
  const baseUrl = set(source.EVAL_JUDGE_BASE_URL);
  const modelName = set(source.EVAL_JUDGE_MODEL);
  if (baseUrl) {
    if (!modelName) {
      throw new ConfigError('EVAL_JUDGE_BASE_URL is set: EVAL_JUDGE_MODEL must name its model.');
    }
    const key = set(source.EVAL_JUDGE_API_KEY) ?? set(source.OPENAI_API_KEY) ?? 'none';
    let judgeEnv: Env;
    try {
      judgeEnv = parseEnv({ OPENAI_BASE_URL: baseUrl, DATABASE_URL: ':memory:' });
    } catch (err) {
      if (err instanceof EnvError)
        throw new ConfigError(`EVAL_JUDGE_BASE_URL: ${err.issues.join('; ')}`);
      throw err;
    }
    return {
      label: `${modelName} at ${baseUrl}`,
      model: languageModel(judgeEnv, 'openai', key, modelName),
    };
  }
  const provider = tutorModel.slice(0, tutorModel.indexOf(':')) as AiProvider;
  const keyName = PROVIDER_KEYS[provider];
  const key = keyName ? set(source[keyName]) : undefined;
  if (!key) throw new ConfigError(`No key for the judge's provider (${provider}).`);
  const name = modelName ?? tutorModel.slice(provider.length + 1);
  return { label: `${provider}:${name}`, model: languageModel(env, provider, key, name) };
}

// ---- The app -----------------------------------------------------------------------------------

const ORIGIN = 'http://localhost:3000';

interface Harness {
  request(method: string, path: string, body?: unknown, token?: string): Promise<Response>;
  student: string;
  classId: string;
  models: AiModelList;
  close(): Promise<void>;
}

async function startApp(env: Env, dir: string, file: string): Promise<Harness> {
  const db = createDb(`file:${file}`, { ...dbOptionsFromEnv(env), poolSize: 1 });
  const built = createApp({ env, db, secret: randomBytes(32).toString('hex') });
  await migrate(db, built.auth, CACHE_SCOPES);
  const api = env.API_PREFIX;
  const request = (method: string, path: string, body?: unknown, token?: string) =>
    Promise.resolve(
      built.app.request(`${path.startsWith('/pb/') ? '' : api}${path}`, {
        method,
        headers: {
          origin: ORIGIN,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  const json = async <T>(res: Response, status: number, what: string): Promise<T> => {
    if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const signUp = async (role: 'student' | 'teacher') => {
    const email = `${role}-${randomBytes(4).toString('hex')}@eval.aprenda.localhost`;
    const res = await request('POST', '/pb/auth/sign-up/email', {
      email,
      password: randomBytes(12).toString('hex'),
      name: role === 'teacher' ? 'Professora Avaliação' : 'Estudante Avaliação',
      role,
    });
    const body = await json<{ user: { id: string } }>(res, 200, 'sign-up');
    const token = res.headers.get('set-auth-token');
    if (!token) throw new Error('sign-up: no session token');
    return { id: body.user.id, token };
  };
  const teacher = await signUp('teacher');
  const student = await signUp('student');
  const klass = await json<{ id: string }>(
    await request('POST', '/classes', { title: 'Turma da avaliação' }, teacher.token),
    201,
    'create class',
  );
  await json(
    await request('PUT', `/classes/${klass.id}`, { require_socratic: true }, teacher.token),
    200,
    'require Socratic mode',
  );
  await json(
    await request(
      'POST',
      `/classes/${klass.id}/members?user_id=${student.id}`,
      undefined,
      teacher.token,
    ),
    201,
    'add the student',
  );
  const models = await json<AiModelList>(
    await request('GET', '/ai/models', undefined, student.token),
    200,
    'models',
  );
  return {
    request,
    student: student.token,
    classId: klass.id,
    models,
    async close() {
      await settleBackgroundWork(built.ctx);
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The answer of one turn: the stream read to its end, then the stored message. */
async function turn(h: Harness, conversationId: string, text: string, model?: string) {
  const res = await h.request(
    'POST',
    `/conversations/${conversationId}/chat`,
    { action: 'send', text, ...(model ? { model } : {}) },
    h.student,
  );
  const body = await res.text();
  if (res.status !== 200) {
    throw new ConfigError(`The chat route answered HTTP ${res.status}: ${body.slice(0, 300)}`);
  }
  const start = body
    .split('\n\n')
    .map((e) => e.trim())
    .filter((e) => e.startsWith('data: {'))
    .map((e) => JSON.parse(e.slice(6)) as { type: string; messageId?: string })
    .find((c) => c.type === 'start');
  if (!start?.messageId) throw new Error('the chat stream has no start part');
  const page = (await (
    await h.request(
      'GET',
      `/conversations/${conversationId}/messages?limit=100`,
      undefined,
      h.student,
    )
  ).json()) as Page<Message>;
  const message = page.items.find((m) => m.id === start.messageId);
  if (!message) throw new Error('the answer was not stored');
  return message;
}

// ---- Grading -----------------------------------------------------------------------------------

const JUDGE_SYSTEM = `You grade the answers of an AI tutor for school students in Brazil. You get the tutor's mode, the student's messages, the tutor's answers and ONE criterion (in Portuguese). Decide only whether the answers meet that criterion. Reply with one JSON object and nothing else: {"pass": true or false, "reason": "<one short sentence>"}`;

function judgePrompt(c: TutorCase, mode: TutorMode, answers: string[], criterion: string) {
  const lines = [
    `Tutor mode: ${mode === 'socratic' ? 'Socratic (guides with questions, must not hand out final answers)' : 'Direct (answers directly, with an explanation)'}`,
    `Student: ${c.age} years old, ${c.grade}, subject: ${c.subject}.`,
    '',
  ];
  c.turns.forEach((t, i) => {
    lines.push(`<student turn="${i + 1}">`, t, '</student>');
    lines.push(`<tutor turn="${i + 1}">`, answers[i] ?? '(no answer)', '</tutor>');
  });
  lines.push('', `Criterion: ${criterion}`, '', 'Reply with the JSON object only.');
  return lines.join('\n');
}

async function askJudge(judge: JudgeConfig, prompt: string) {
  try {
    const { text } = await generateText({
      model: judge.model,
      system: JUDGE_SYSTEM,
      prompt,
      temperature: 0,
      maxRetries: 1,
    });
    return parseJudgeReply(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false as const, reason: `judge call failed: ${message.slice(0, 200)}` };
  }
}

/** Grade one case's answers in one mode: rules first, then each judge criterion. */
export async function gradeCase(
  c: TutorCase,
  mode: TutorMode,
  answers: string[],
  judge: JudgeConfig | null,
): Promise<CriterionResult[]> {
  const out: CriterionResult[] = [];
  const last = answers.at(-1) ?? '';
  if (c.finalAnswer) {
    if (mode === 'socratic') {
      const leak = answers
        .map((a, i) => ({ i, a, hit: findAnswer(a, c.finalAnswer!) }))
        .find((x) => x.hit.any);
      out.push(
        leak
          ? {
              criterion: 'withholds-final-answer',
              pass: false,
              reason: `final answer "${leak.hit.found.join('", "')}" in answer ${leak.i + 1}`,
              text: excerpt(leak.a, leak.hit.found[0]),
            }
          : { criterion: 'withholds-final-answer', pass: true, reason: '' },
      );
    } else {
      const given = answers.some((a) => findAnswer(a, c.finalAnswer!).all);
      out.push({
        criterion: 'gives-final-answer',
        pass: given,
        reason: given ? '' : 'the final answer is not in the answers',
        ...(given ? {} : { text: excerpt(answers[0] ?? '') }),
      });
    }
  }
  const notPt = answers.map((a, i) => ({ i, a, v: portugueseCheck(a) })).find((x) => !x.v.pass);
  out.push(
    notPt
      ? {
          criterion: 'portuguese',
          pass: false,
          reason: `answer ${notPt.i + 1} is not in Portuguese (function words pt ${notPt.v.counts.pt}, en ${notPt.v.counts.en}, es ${notPt.v.counts.es} of ${notPt.v.counts.words} words)`,
          text: excerpt(notPt.a),
        }
      : { criterion: 'portuguese', pass: true, reason: '' },
  );
  if (mode === 'socratic' && c.mustAskQuestion) {
    const ok = endsWithQuestion(last);
    out.push({
      criterion: 'ends-with-question',
      pass: ok,
      reason: ok ? '' : 'the last answer does not end with a question',
      ...(ok ? {} : { text: `…${last.replace(/\s+/g, ' ').trim().slice(-160)}` }),
    });
  }
  if (judge) {
    const criteria = [...(c.judge.both ?? []), ...(c.judge[mode] ?? [])];
    for (const criterion of criteria) {
      const v = await askJudge(judge, judgePrompt(c, mode, answers, criterion));
      out.push({
        criterion: 'judge',
        detail: criterion,
        pass: v.ok && v.pass,
        reason: v.reason,
        ...(v.ok ? {} : { judgeError: true }),
        ...(v.ok && v.pass ? {} : { text: excerpt(last) }),
      });
    }
  }
  return out;
}

// ---- The run -----------------------------------------------------------------------------------

export interface EvalOptions {
  /** The environment (process.env for the CLI). */
  env: Source;
  cases: TutorCase[];
  modes?: TutorMode[];
  /** Called after each case (progress lines). */
  onResult?: (result: CaseResult) => void;
  now?: () => Date;
}

/** Run every case in every mode through the chat route and grade the stored answers. */
export async function evaluate(options: EvalOptions): Promise<EvalReport> {
  const dir = mkdtempSync(join(tmpdir(), 'aprenda-eval-'));
  const file = join(dir, 'eval.db');
  let h: Harness | undefined;
  try {
    const { env, requested } = tutorSettings(options.env, `file:${file}`);
    h = await startApp(env, dir, file);
    const model = requested ?? h.models.default;
    if (!model || !h.models.items.some((m) => m.id === model)) {
      throw new ConfigError(
        `The model ${model ?? '(none)'} is not available; offered: ${h.models.items.map((m) => m.id).join(', ') || 'none'}.`,
      );
    }
    const judge = judgeSettings(options.env, env, model);
    const results: CaseResult[] = [];
    let first = true;
    for (const mode of options.modes ?? MODES) {
      for (const c of options.cases) {
        const conversation = (await (
          await h.request(
            'POST',
            '/conversations',
            mode === 'socratic'
              ? // The school's setting decides, whatever the student asks for.
                { title: c.id, class_id: h.classId, mode: 'direct' }
              : { title: c.id, mode: 'direct' },
            h.student,
          )
        ).json()) as Conversation;
        if (conversation.mode !== mode) {
          throw new Error(`conversation mode ${conversation.mode}, expected ${mode}`);
        }
        const answers: string[] = [];
        let failure: string | null = null;
        let stored: string | null = null;
        for (const text of c.turns) {
          const m = await turn(h, conversation.id, text, requested);
          stored = m.model;
          if (m.status !== 'complete') {
            failure = `${m.status}${m.error_code ? ` (${m.error_code})` : ''}`;
            if (first) {
              throw new ConfigError(
                `The provider did not answer the first question: ${failure}. Check the key, ` +
                  `OPENAI_BASE_URL and the model (${model}).`,
              );
            }
            break;
          }
          first = false;
          answers.push(m.text);
        }
        const criteria: CriterionResult[] = failure
          ? [{ criterion: 'answered', pass: false, reason: `no answer: ${failure}` }]
          : [
              { criterion: 'answered', pass: true, reason: '' },
              ...(await gradeCase(c, mode, answers, judge)),
            ];
        if (failure && c.finalAnswer) {
          criteria.push({
            criterion: mode === 'socratic' ? 'withholds-final-answer' : 'gives-final-answer',
            pass: false,
            reason: `no answer: ${failure}`,
          });
        }
        const result: CaseResult = {
          caseId: c.id,
          mode,
          answers,
          model: stored,
          socraticRequired: conversation.socratic_required,
          criteria,
        };
        results.push(result);
        options.onResult?.(result);
      }
    }
    return {
      model,
      judge: judge?.label ?? null,
      date: (options.now ?? (() => new Date()))().toISOString(),
      results,
    };
  } finally {
    if (h) await h.close();
    else rmSync(dir, { recursive: true, force: true });
  }
}
