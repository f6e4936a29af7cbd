import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@aprenda/shared/schemas/conversations';
import type { Page } from '@aprenda/shared/schemas/common';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  ORIGIN,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';
import { startFakeLlm, type FakeLlm } from './fake-llm.ts';
import { settleBackgroundWork } from '../src/modules/conversations/answer-stream.service.ts';
import { TUTOR_MODE_MARKERS } from '../src/modules/ai/tutor-prompts.ts';

type Chunk = { type: string; [key: string]: unknown };

/** Parse a UI message stream (SSE `data: {json}` events, ending with `[DONE]`). */
function parseSse(text: string): Chunk[] {
  return text
    .split('\n\n')
    .map((e) => e.trim())
    .filter((e) => e.startsWith('data: ') && e !== 'data: [DONE]')
    .map((e) => JSON.parse(e.slice(6)) as Chunk);
}

const SCHOOL_KEY = 'sk-school-key-0000';
const USER_KEY = 'sk-user-own-key-123456789';

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(dialects)('Chat (%s)', (dialect) => {
  let t: TestApp;
  let llm: FakeLlm;
  let u: SignedUp;
  const logs: string[] = [];

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await createTestApp(dialect, {
      OPENAI_API_KEY: SCHOOL_KEY,
      OPENAI_BASE_URL: llm.url,
      OPENAI_MODELS: 'fake-model,fake-model-2',
      CHAT_RATE_LIMIT_MAX: '1000', // the limit itself is tested below
    });
    t.ctx.logger = (entry) => void logs.push(JSON.stringify(entry));
    u = await signUp(t);
  });
  afterAll(async () => {
    await settleBackgroundWork(t.ctx);
    await t.close();
    await llm.close();
  });

  const create = async (who: SignedUp, body: Record<string, unknown> = {}) => {
    const res = await jsonRequest(t, 'POST', '/api/conversations', body, bearer(who));
    expect(res.status).toBe(201);
    return (await res.json()) as Conversation;
  };
  const chat = (who: SignedUp, id: string, body: unknown, init: { signal?: AbortSignal } = {}) =>
    Promise.resolve(
      t.app.request(`/api/conversations/${id}/chat`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...bearer(who) },
        body: JSON.stringify(body),
        ...(init.signal ? { signal: init.signal } : {}),
      }),
    );
  const messages = async (who: SignedUp, id: string) => {
    const res = await jsonRequest(
      t,
      'GET',
      `/api/conversations/${id}/messages`,
      undefined,
      bearer(who),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as Page<Message>).items;
  };
  const conversation = async (who: SignedUp, id: string) =>
    (await (
      await jsonRequest(t, 'GET', `/api/conversations/${id}`, undefined, bearer(who))
    ).json()) as Conversation;

  it('lists the configured models (school key) with a default', async () => {
    const res = await jsonRequest(t, 'GET', '/api/ai/models', undefined, bearer(u));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      items: [
        {
          id: 'openai:fake-model',
          provider: 'openai',
          label: expect.any(String),
          source: 'school',
        },
        {
          id: 'openai:fake-model-2',
          provider: 'openai',
          label: expect.any(String),
          source: 'school',
        },
      ],
      default: 'openai:fake-model',
    });
  });

  it('streams the answer as UI message chunks in order and stores both messages', async () => {
    const c = await create(u, { title: 'Streaming' });
    llm.reset();
    llm.script({
      kind: 'answer',
      chunks: ['A ', 'fotossíntese ', 'usa ', '$CO_2$.'],
      delayMs: 150,
    });
    const res = await chat(u, c.id, { action: 'send', text: 'O que é fotossíntese?' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');

    // The first delta arrives while the answer is still being written (real streaming).
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('"text-delta"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const during = await messages(u, c.id);
    expect(during.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'streaming'],
    ]);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const chunks = parseSse(text);
    expect(chunks.map((x) => x.type)).toEqual([
      'start',
      'start-step',
      'text-start',
      'text-delta',
      'text-delta',
      'text-delta',
      'text-delta',
      'text-end',
      'finish-step',
      'finish',
    ]);
    expect(chunks.filter((x) => x.type === 'text-delta').map((x) => x.delta)).toEqual([
      'A ',
      'fotossíntese ',
      'usa ',
      '$CO_2$.',
    ]);

    const stored = await messages(u, c.id);
    expect(stored.map((m) => [m.role, m.text, m.status, m.error_code])).toEqual([
      ['user', 'O que é fotossíntese?', 'complete', null],
      ['assistant', 'A fotossíntese usa $CO_2$.', 'complete', null],
    ]);
    expect(chunks[0]).toEqual({
      type: 'start',
      messageId: stored[1]!.id,
      messageMetadata: {
        messageId: stored[1]!.id,
        userMessageId: stored[0]!.id,
        model: 'openai:fake-model',
      },
    });
    // The provider got the history through Chat Completions at OPENAI_BASE_URL.
    const req = llm.requests.find((r) => r.stream)!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.body.model).toBe('fake-model');
    expect(req.authorization).toBe(`Bearer ${SCHOOL_KEY}`);
    expect(req.body.messages?.at(-1)).toEqual({ role: 'user', content: 'O que é fotossíntese?' });
    expect((await conversation(u, c.id)).last_message_at).toEqual(expect.any(String));
  });

  it("each request carries the conversation's mode prompt; the chosen model is used", async () => {
    const c = await create(u, { title: 'Modos' }); // student → socratic
    llm.reset();
    await (await chat(u, c.id, { action: 'send', text: 'Quanto é 2+2?' })).text();
    let req = llm.requests.filter((r) => r.stream).at(-1)!;
    const system = req.body.messages?.[0];
    expect(system?.role).toBe('system');
    expect(String(system?.content)).toContain(TUTOR_MODE_MARKERS.socratic);
    expect(String(system?.content)).not.toContain(TUTOR_MODE_MARKERS.direct);
    expect(String(system?.content)).toContain('$$');
    expect(String(system?.content)).toContain('mermaid');

    await jsonRequest(t, 'PATCH', `/api/conversations/${c.id}`, { mode: 'direct' }, bearer(u));
    await (
      await chat(u, c.id, { action: 'send', text: 'E 3+3?', model: 'openai:fake-model-2' })
    ).text();
    req = llm.requests.filter((r) => r.stream).at(-1)!;
    expect(String(req.body.messages?.[0]?.content)).toContain(TUTOR_MODE_MARKERS.direct);
    expect(String(req.body.messages?.[0]?.content)).not.toContain(TUTOR_MODE_MARKERS.socratic);
    expect(req.body.model).toBe('fake-model-2');
    // History: the previous exchange comes before the new question.
    expect(req.body.messages?.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);

    const bad = await chat(u, c.id, { action: 'send', text: 'x', model: 'anthropic:claude' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('model_not_available');
  });

  it('titles an untitled conversation after the first answer; leaves a given title alone', async () => {
    const c = await create(u);
    llm.reset();
    llm.scriptTitle({
      kind: 'answer',
      chunks: ['"Fotossíntese nas plantas verdes hoje mesmo agora."'],
    });
    await (await chat(u, c.id, { action: 'send', text: 'Explique a fotossíntese' })).text();
    await settleBackgroundWork(t.ctx);
    expect((await conversation(u, c.id)).title).toBe('Fotossíntese nas plantas verdes hoje mesmo');
    const titleReq = llm.requests.find((r) => !r.stream)!;
    expect(JSON.stringify(titleReq.body.messages)).toContain('Explique a fotossíntese');

    // Second answer: no new title request.
    llm.reset();
    await (await chat(u, c.id, { action: 'send', text: 'E a respiração?' })).text();
    await settleBackgroundWork(t.ctx);
    expect(llm.requests.filter((r) => !r.stream)).toHaveLength(0);

    // Title request fails → the title stays empty (the web shows "Untitled conversation").
    const d = await create(u);
    llm.scriptTitle({ kind: 'status', status: 500 });
    const res = await chat(u, d.id, { action: 'send', text: 'Oi' });
    expect(parseSse(await res.text()).at(-1)?.type).toBe('finish');
    await settleBackgroundWork(t.ctx);
    expect((await conversation(u, d.id)).title).toBe('');
  });

  it('regenerates the last answer and edits the last question', async () => {
    const c = await create(u, { title: 'Refazer' });
    llm.script({ kind: 'answer', chunks: ['primeira'] });
    await (await chat(u, c.id, { action: 'send', text: 'pergunta' })).text();
    llm.script({ kind: 'answer', chunks: ['segunda'] });
    await (await chat(u, c.id, { action: 'regenerate' })).text();
    expect((await messages(u, c.id)).map((m) => m.text)).toEqual(['pergunta', 'segunda']);
    llm.script({ kind: 'answer', chunks: ['terceira'] });
    await (await chat(u, c.id, { action: 'edit', text: 'pergunta editada' })).text();
    expect((await messages(u, c.id)).map((m) => m.text)).toEqual(['pergunta editada', 'terceira']);

    const empty = await create(u, { title: 'Vazia' });
    const none = await chat(u, empty.id, { action: 'regenerate' });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { code: string }).code).toBe('nothing_to_regenerate');
  });

  it('concurrent turns of one conversation never interleave: distinct seqs, each question answered, full history', async () => {
    const c = await create(u, { title: 'Ao mesmo tempo' });
    llm.reset();
    llm.script({ kind: 'answer', chunks: ['r0'] });
    await (await chat(u, c.id, { action: 'send', text: 'q0' })).text();
    const before = llm.requests.length;
    for (let i = 1; i <= 5; i++) llm.script({ kind: 'answer', chunks: [`r${i}`], delayMs: 5 });
    const sent = await Promise.all(
      [1, 2, 3, 4, 5].map(async (i) => {
        const res = await chat(u, c.id, { action: 'send', text: `q${i}` });
        return { status: res.status, body: await res.text() };
      }),
    );
    for (const r of sent) expect(r.status, `${r.body}\n${logs.join('\n')}`).toBe(200);
    const stored = await messages(u, c.id);
    expect(stored).toHaveLength(12);
    expect(new Set(stored.map((m) => m.id)).size).toBe(12);
    // Question, then its answer (status complete), turn after turn.
    for (let i = 0; i < stored.length; i += 2) {
      expect(stored[i]!.role).toBe('user');
      expect(stored[i + 1]!.role).toBe('assistant');
      expect(stored[i + 1]!.status).toBe('complete');
    }
    expect(
      stored
        .filter((m) => m.role === 'user')
        .map((m) => m.text)
        .sort(),
    ).toEqual(['q0', 'q1', 'q2', 'q3', 'q4', 'q5']);
    // Each provider call carried every question committed before its own.
    for (const req of llm.requests.slice(before).filter((r) => r.stream)) {
      const asked = (req.body?.messages ?? [])
        .filter((m) => m.role === 'user')
        .map((m) => String(m.content));
      const mine = asked.at(-1)!;
      const position = stored.findIndex((m) => m.text === mine);
      const earlierQuestions = stored
        .slice(0, position)
        .filter((m) => m.role === 'user')
        .map((m) => m.text);
      expect(asked.slice(0, -1)).toEqual(earlierQuestions);
    }
  });

  it('Stop (POST /stop) keeps the partial answer with status stopped and ends the stream', async () => {
    const c = await create(u, { title: 'Parar' });
    llm.script({
      kind: 'answer',
      chunks: ['um ', 'dois ', 'três ', 'quatro ', 'cinco'],
      delayMs: 300,
    });
    const res = await chat(u, c.id, { action: 'send', text: 'Conte até cinco' });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('"text-delta"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const stop = await jsonRequest(
      t,
      'POST',
      `/api/conversations/${c.id}/stop`,
      undefined,
      bearer(u),
    );
    expect(stop.status).toBe(204);
    // Stop answers once the answer is stored: no waiting needed.
    const stored = await messages(u, c.id);
    expect(stored[0]).toMatchObject({ role: 'user', text: 'Conte até cinco' });
    expect(stored[1]).toMatchObject({ role: 'assistant', status: 'stopped', error_code: null });
    expect(stored[1]!.text.startsWith('um ')).toBe(true);
    expect(stored[1]!.text).not.toContain('cinco');
    // The reader's stream ends with the abort part, after the same text.
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const chunks = parseSse(text);
    expect(chunks.at(-1)).toEqual({ type: 'abort', reason: 'stopped' });
    expect(
      chunks
        .filter((x) => x.type === 'text-delta')
        .map((x) => x.delta)
        .join(''),
    ).toBe(stored[1]!.text);
    // The provider call was aborted too.
    await waitFor(
      async () => llm.openStreams(),
      (n) => n === 0,
    );
    expect(llm.openStreams()).toBe(0);
    // Nothing left to stop: still 204.
    expect(
      (await jsonRequest(t, 'POST', `/api/conversations/${c.id}/stop`, undefined, bearer(u)))
        .status,
    ).toBe(204);
  });

  it('a stream dropped midway → failed provider_stream_dropped with the partial text', async () => {
    const c = await create(u, { title: 'Queda' });
    llm.script({ kind: 'drop', chunks: ['parte 1, ', 'parte 2'] });
    const res = await chat(u, c.id, { action: 'send', text: 'Pergunta longa' });
    const chunks = parseSse(await res.text());
    expect(chunks.filter((x) => x.type === 'text-delta').map((x) => x.delta)).toEqual([
      'parte 1, ',
      'parte 2',
    ]);
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: 'provider_stream_dropped' });
    const stored = await messages(u, c.id);
    expect(stored.map((m) => [m.role, m.text, m.status, m.error_code])).toEqual([
      ['user', 'Pergunta longa', 'complete', null],
      ['assistant', 'parte 1, parte 2', 'failed', 'provider_stream_dropped'],
    ]);
  });

  it('provider 401 and 429 → failed with their codes; the question stays; the server lives', async () => {
    for (const [status, code] of [
      [401, 'provider_auth_failed'],
      [429, 'provider_rate_limited'],
      [500, 'provider_error'],
    ] as const) {
      const c = await create(u, { title: `Falha ${status}` });
      llm.script({
        kind: 'status',
        status,
        message: `Incorrect API key provided: ${SCHOOL_KEY}`,
      });
      const res = await chat(u, c.id, { action: 'send', text: `Pergunta ${status}` });
      expect(res.status).toBe(200);
      const chunks = parseSse(await res.text());
      expect(chunks.at(-1)).toEqual({ type: 'error', errorText: code });
      expect(chunks.some((x) => x.type === 'text-delta')).toBe(false);
      const stored = await messages(u, c.id);
      expect(stored.map((m) => [m.role, m.text, m.status, m.error_code])).toEqual([
        ['user', `Pergunta ${status}`, 'complete', null],
        ['assistant', '', 'failed', code],
      ]);
    }
    // The server keeps running, and Retry (= regenerate) answers the same question.
    const health = await jsonRequest(t, 'GET', '/api/health');
    expect(health.status).toBe(200);
    const c = await create(u, { title: 'Tentar de novo' });
    llm.script({ kind: 'status', status: 429 });
    await (await chat(u, c.id, { action: 'send', text: 'Pergunta' })).text();
    llm.script({ kind: 'answer', chunks: ['Agora sim.'] });
    const retry = parseSse(await (await chat(u, c.id, { action: 'regenerate' })).text());
    expect(retry.at(-1)?.type).toBe('finish');
    expect((await messages(u, c.id)).map((m) => [m.text, m.status])).toEqual([
      ['Pergunta', 'complete'],
      ['Agora sim.', 'complete'],
    ]);
  });

  it("the user's own key wins over the school's; no key is ever logged", async () => {
    const own = await signUp(t);
    const put = await jsonRequest(
      t,
      'PUT',
      '/pb/user_api_keys/openai',
      { api_key: USER_KEY },
      bearer(own),
    );
    expect(put.status).toBe(200);
    const models = (await (
      await jsonRequest(t, 'GET', '/api/ai/models', undefined, bearer(own))
    ).json()) as { items: unknown[] };
    expect(models.items[0]).toMatchObject({ id: 'openai:fake-model', source: 'user' });

    const c = await create(own, { title: 'Minha chave' });
    llm.reset();
    await (await chat(own, c.id, { action: 'send', text: 'Oi' })).text();
    expect(llm.requests.filter((r) => r.stream).map((r) => r.authorization)).toEqual([
      `Bearer ${USER_KEY}`,
    ]);
    // A bad own key: 401 from the provider (echoing the key), nothing of it in our logs.
    llm.script({ kind: 'status', status: 401, message: `Incorrect API key provided: ${USER_KEY}` });
    await (await chat(own, c.id, { action: 'send', text: 'De novo' })).text();
    expect(logs.some((l) => l.includes('provider_auth_failed'))).toBe(true);
    for (const line of logs) {
      expect(line).not.toContain(USER_KEY);
      expect(line).not.toContain(SCHOOL_KEY);
    }
  });

  it('limits: 32,000 characters pass, 32,001 → 413 message_too_long; empty → 400; nothing stored', async () => {
    const c = await create(u, { title: 'Limites' });
    llm.reset();
    const long = await chat(u, c.id, { action: 'send', text: 'a'.repeat(32_001) });
    expect(long.status).toBe(413);
    expect(await long.json()).toMatchObject({ code: 'message_too_long' });
    const empty = await chat(u, c.id, { action: 'send', text: '   ' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe('validation_failed');
    const edit = await chat(u, c.id, { action: 'edit', text: 'b'.repeat(32_001) });
    expect(edit.status).toBe(413);
    expect(await messages(u, c.id)).toEqual([]);
    expect(llm.requests).toHaveLength(0);
    const ok = await chat(u, c.id, { action: 'send', text: 'a'.repeat(32_000) });
    expect(ok.status).toBe(200);
    await ok.text();
    expect((await messages(u, c.id))[0]!.text).toHaveLength(32_000);
  });
});

describe.each(dialects)('Chat without keys, timeouts and rate limit (%s)', (dialect) => {
  let t: TestApp;
  let llm: FakeLlm;

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await createTestApp(dialect, {
      OPENAI_BASE_URL: llm.url,
      OPENAI_MODELS: 'fake-model',
      AI_FIRST_TOKEN_TIMEOUT_MS: '700',
      CHAT_RATE_LIMIT_MAX: '4',
      CHAT_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
  });
  afterAll(async () => {
    await settleBackgroundWork(t.ctx);
    await t.close();
    await llm.close();
  });

  it('no key anywhere → 400 no_api_key, nothing sent, nothing stored; then an own key works', async () => {
    const u = await signUp(t);
    const models = await jsonRequest(t, 'GET', '/api/ai/models', undefined, bearer(u));
    expect(await models.json()).toEqual({ items: [], default: null });
    const c = (await (
      await jsonRequest(t, 'POST', '/api/conversations', { title: 'Sem chave' }, bearer(u))
    ).json()) as Conversation;
    const res = await jsonRequest(
      t,
      'POST',
      `/api/conversations/${c.id}/chat`,
      { action: 'send', text: 'Oi' },
      bearer(u),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('no_api_key');
    expect(llm.requests).toHaveLength(0);
    const stored = await t.db.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', c.id)
      .execute();
    expect(stored).toEqual([]);

    const put = await jsonRequest(
      t,
      'PUT',
      '/pb/user_api_keys/openai',
      { api_key: USER_KEY },
      bearer(u),
    );
    expect(put.status).toBe(200);
    const now = await jsonRequest(t, 'GET', '/api/ai/models', undefined, bearer(u));
    expect(await now.json()).toMatchObject({
      items: [{ id: 'openai:fake-model', source: 'user' }],
      default: 'openai:fake-model',
    });
    const ok = await jsonRequest(
      t,
      'POST',
      `/api/conversations/${c.id}/chat`,
      { action: 'send', text: 'Oi' },
      bearer(u),
    );
    expect(ok.status).toBe(200);
    expect(parseSse(await ok.text()).at(-1)?.type).toBe('finish');
    expect(llm.requests.filter((r) => r.stream).map((r) => r.authorization)).toEqual([
      `Bearer ${USER_KEY}`,
    ]);
  });

  it('no first token in time → failed provider_timeout; a slow but timely one answers', async () => {
    const u = await signUp(t);
    await jsonRequest(t, 'PUT', '/pb/user_api_keys/openai', { api_key: USER_KEY }, bearer(u));
    const c = (await (
      await jsonRequest(t, 'POST', '/api/conversations', { title: 'Lento' }, bearer(u))
    ).json()) as Conversation;
    const send = async (text: string) => {
      const res = await jsonRequest(
        t,
        'POST',
        `/api/conversations/${c.id}/chat`,
        { action: 'send', text },
        bearer(u),
      );
      expect(res.status).toBe(200);
      return parseSse(await res.text());
    };
    llm.script({ kind: 'hang' });
    const started = Date.now();
    const chunks = await send('Você está aí?');
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: 'provider_timeout' });

    llm.script({ kind: 'answer', chunks: ['Estou ', 'aqui.'], firstTokenDelayMs: 250 });
    const slow = await send('E agora?');
    expect(slow.at(-1)?.type).toBe('finish');

    const rows = await t.db.db
      .selectFrom('messages')
      .select(['role', 'text', 'status', 'error_code'])
      .where('conversation_id', '=', c.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => [r.role, r.text, r.status, r.error_code])).toEqual([
      ['user', 'Você está aí?', 'complete', null],
      ['assistant', '', 'failed', 'provider_timeout'],
      ['user', 'E agora?', 'complete', null],
      ['assistant', 'Estou aqui.', 'complete', null],
    ]);
  });

  it('chat calls are rate limited per user (429 rate_limited + Retry-After)', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    for (const who of [u, other]) {
      await jsonRequest(t, 'PUT', '/pb/user_api_keys/openai', { api_key: USER_KEY }, bearer(who));
    }
    const c = (await (
      await jsonRequest(t, 'POST', '/api/conversations', { title: 'Limite' }, bearer(u))
    ).json()) as Conversation;
    const send = () =>
      jsonRequest(
        t,
        'POST',
        `/api/conversations/${c.id}/chat`,
        { action: 'send', text: 'Oi' },
        bearer(u),
      );
    for (let i = 0; i < 4; i++) {
      const res = await send();
      expect(res.status).toBe(200);
      await res.text();
    }
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { code: string }).code).toBe('rate_limited');
    // Another user is not affected.
    const d = (await (
      await jsonRequest(t, 'POST', '/api/conversations', {}, bearer(other))
    ).json()) as Conversation;
    const fine = await jsonRequest(
      t,
      'POST',
      `/api/conversations/${d.id}/chat`,
      { action: 'send', text: 'Oi' },
      bearer(other),
    );
    expect(fine.status).toBe(200);
    await fine.text();
  });
});
