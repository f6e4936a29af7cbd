import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import type { Conversation } from '@aprenda/shared/schemas/conversations';
import type { GeneratedDiagram } from '@aprenda/shared/schemas/diagrams';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';
import { startFakeLlm, type FakeLlm, type RecordedLlmRequest } from './fake-llm.ts';
import { settleBackgroundWork } from '../src/modules/conversations/answer-stream.service.ts';
import { DIAGRAM_PROMPT_MARKER } from '../src/modules/diagrams/diagram-prompt.ts';
import { splitAccessibility, stripFences } from '../src/modules/diagrams/generated-code.ts';
import { createMermaidParser } from '../src/modules/diagrams/mermaid-parse.ts';

/**
 * Issue 15, point 5: the tutor draws — POST /diagrams/generate writes Mermaid code from a prompt
 * or a conversation through the local fake OpenAI-compatible provider; the server parses it with
 * Mermaid (in a worker thread) and asks once more with the parse error when it is invalid.
 */

const SCHOOL_KEY = 'sk-school-key-0000';
const USER_KEY = 'sk-user-own-key-123456789';

const GOOD = [
  'Claro! Aqui está:',
  '```mermaid',
  'flowchart TD',
  '  accTitle: Ciclo da água',
  '  accDescr: A água evapora, condensa e volta como chuva.',
  '  A[Evaporação] --> B[Condensação]',
  '  B --> C[Precipitação]',
  '  C --> A',
  '```',
].join('\n');
const GOOD_CODE = [
  'flowchart TD',
  '  A[Evaporação] --> B[Condensação]',
  '  B --> C[Precipitação]',
  '  C --> A',
].join('\n');
/** An arrow to nowhere: Mermaid's "Parse error on line …". */
const BROKEN = '```mermaid\nflowchart TD\n  accTitle: Quebrado\n  A[Início] -->\n```';

describe('reading the model answer', () => {
  it('strips fences and takes accTitle/accDescr out of the code', () => {
    expect(splitAccessibility(stripFences(GOOD))).toEqual({
      code: GOOD_CODE,
      title: 'Ciclo da água',
      description: 'A água evapora, condensa e volta como chuva.',
    });
    expect(stripFences('mindmap\n  root((Células))\n')).toBe('mindmap\n  root((Células))');
    expect(stripFences('~~~\ntimeline\n  2020 : a\n~~~')).toBe('timeline\n  2020 : a');
    expect(
      splitAccessibility('graph LR\naccDescr {\n  primeira linha\n  segunda\n}\nA --> B'),
    ).toEqual({ code: 'graph LR\nA --> B', title: null, description: 'primeira linha segunda' });
  });
});

describe('the Mermaid parse worker', () => {
  it('parses in a worker (the main thread gets no DOM globals), is reused and ends when idle', async () => {
    const parser = createMermaidParser({ idleMs: 300 });
    expect(parser.running()).toBe(false);
    const [good, bad] = await Promise.all([
      parser.parse('flowchart TD\n  A --> B'),
      parser.parse('flowchart TD\n  A -->'),
    ]);
    expect(good).toEqual({ ok: true, diagramType: 'flowchart-v2' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^Parse error on line \d+:/);
    expect(parser.running()).toBe(true);
    expect(await parser.parse('sequenceDiagram\n  A->>B: oi')).toEqual({
      ok: true,
      diagramType: 'sequence',
    });
    expect(await parser.parse('isto não é um diagrama')).toMatchObject({ ok: false });
    expect('window' in globalThis).toBe(false);
    expect('document' in globalThis).toBe(false);
    await new Promise((r) => setTimeout(r, 600));
    expect(parser.running()).toBe(false);
    // Started again on the next use.
    expect((await parser.parse('pie\n  "a" : 1')).ok).toBe(true);
    await parser.close();
    expect(parser.running()).toBe(false);
  });

  it('a parse over the time limit is invalid and ends the worker', async () => {
    const parser = createMermaidParser({ parseTimeoutMs: 1 });
    const res = await parser.parse('flowchart TD\n  A --> B');
    expect(res).toEqual({ ok: false, message: 'Parsing took too long', line: null });
    expect(parser.running()).toBe(false);
    await parser.close();
  });
});

describe.each(dialects)('the tutor draws (%s)', (dialect) => {
  let t: TestApp;
  let llm: FakeLlm;
  let u: SignedUp;
  let other: SignedUp;
  const logs: string[] = [];

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await createTestApp(dialect, {
      OPENAI_API_KEY: SCHOOL_KEY,
      OPENAI_BASE_URL: llm.url,
      OPENAI_MODELS: 'fake-model,fake-model-2',
      CHAT_RATE_LIMIT_MAX: '1000',
      AI_FIRST_TOKEN_TIMEOUT_MS: '1000',
    });
    t.ctx.logger = (entry) => void logs.push(JSON.stringify(entry));
    u = await signUp(t);
    other = await signUp(t);
  });
  afterAll(async () => {
    if (t) await settleBackgroundWork(t.ctx);
    await t?.close();
    await llm?.close();
  });
  beforeEach(() => {
    llm.reset();
  });

  const generate = async (who: SignedUp, body: unknown) => {
    const res = await jsonRequest(t, 'POST', '/api/diagrams/generate', body, bearer(who));
    return { status: res.status, body: (await res.json()) as unknown, res };
  };
  const completions = () => llm.requests.filter((r) => r.path.endsWith('/chat/completions'));
  const messagesOf = (r: RecordedLlmRequest) => r.body.messages ?? [];
  const textOf = (r: RecordedLlmRequest, role: string) =>
    messagesOf(r)
      .filter((m) => m.role === role)
      .map((m) => String(m.content))
      .join('\n---\n');
  const answer = (text: string) => ({ kind: 'answer' as const, chunks: [text] });

  it('valid the first time: the code without its fence, the title and description apart', async () => {
    llm.scriptTitle(answer(GOOD));
    const res = await generate(u, { prompt: 'Desenhe o ciclo da água' });
    expect(res.status).toBe(200);
    expect(res.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      code: GOOD_CODE,
      title: 'Ciclo da água',
      description: 'A água evapora, condensa e volta como chuva.',
      model: 'openai:fake-model',
      retried: false,
    } satisfies GeneratedDiagram);

    const [req] = completions();
    expect(completions()).toHaveLength(1);
    expect(req!.authorization).toBe(`Bearer ${SCHOOL_KEY}`);
    expect(req!.body.stream).not.toBe(true);
    expect(textOf(req!, 'system')).toContain(DIAGRAM_PROMPT_MARKER);
    expect(textOf(req!, 'system')).toContain('Brazilian Portuguese');
    expect(textOf(req!, 'system')).toMatch(/accTitle/);
    expect(textOf(req!, 'user')).toContain('Desenhe o ciclo da água');

    // Nothing saved; the act is recorded without the prompt or the code.
    const actions = await t.db.db
      .selectFrom('user_actions')
      .select(['action', 'context'])
      .where('user_id', '=', u.id)
      .where('action', '=', 'diagram_generated')
      .execute();
    expect(actions).toHaveLength(1);
    expect(JSON.parse(actions[0]!.context!)).toEqual({
      source: 'prompt',
      changed: false,
      kind: 'flowchart',
      retried: false,
      model: 'openai:fake-model',
    });
    const saved = await t.db.db
      .selectFrom('diagrams')
      .select('id')
      .where('owner_id', '=', u.id)
      .execute();
    expect(saved).toEqual([]);
  });

  it('in English, with the editor code to change and the requested model; defaults without acc lines', async () => {
    llm.scriptTitle(answer('mindmap\n  root((Cells))\n    Nucleus\n    Membrane'));
    const res = await generate(u, {
      prompt: 'Add the membrane',
      currentCode: 'mindmap\n  root((Cells))\n    Nucleus',
      locale: 'en',
      model: 'openai:fake-model-2',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 'mindmap\n  root((Cells))\n    Nucleus\n    Membrane',
      title: 'Add the membrane',
      description: 'Diagram: Add the membrane',
      model: 'openai:fake-model-2',
      retried: false,
    });
    const req = completions()[0]!;
    expect(req.body.model).toBe('fake-model-2');
    expect(textOf(req, 'system')).toContain('English');
    expect(textOf(req, 'user')).toContain('mindmap\n  root((Cells))\n    Nucleus');
    expect(textOf(req, 'user')).toContain('Add the membrane');
  });

  it('invalid, then valid: asks once more with the parse error (retried: true)', async () => {
    llm.scriptTitle(answer(BROKEN), answer(GOOD));
    const res = await generate(u, { prompt: 'Ciclo da água' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: GOOD_CODE, title: 'Ciclo da água', retried: true });
    expect(completions()).toHaveLength(2);
    const second = completions()[1]!;
    // The conversation so far: the request, the broken answer, then the parse error.
    const roles = messagesOf(second).map((m) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
    expect(textOf(second, 'assistant')).toContain('A[Início] -->');
    const repair = String(messagesOf(second).at(-1)!.content);
    expect(repair).toMatch(/Mermaid could not parse/);
    expect(repair).toMatch(/Parse error on line \d+:/);
    const action = await t.db.db
      .selectFrom('user_actions')
      .select('context')
      .where('user_id', '=', u.id)
      .where('action', '=', 'diagram_generated')
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(action.context!)).toMatchObject({ retried: true });
  });

  it('invalid twice → 502 generated_diagram_invalid, after exactly two requests', async () => {
    for (const [first, second] of [
      [BROKEN, BROKEN],
      ['Desculpe, não sei desenhar isso.', '```mermaid\n```'],
    ] as const) {
      llm.reset();
      llm.scriptTitle(answer(first), answer(second));
      const res = await generate(u, { prompt: 'Algo' });
      expect(res.status).toBe(502);
      expect((res.body as Problem).code).toBe('generated_diagram_invalid');
      expect(completions()).toHaveLength(2);
    }
  });

  it('hostile labels come back as JSON text, unchanged', async () => {
    const code =
      'flowchart TD\n  A["<img src=x onerror=alert(1)>"] --> B[Fim]\n  click A href "javascript:alert(1)"';
    llm.scriptTitle(answer(`accTitle: <script>alert(1)</script>\n${code}`));
    const res = await generate(u, { prompt: 'x' });
    expect(res.status).toBe(200);
    expect(res.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ code, title: '<script>alert(1)</script>' });
  });

  it('from a conversation: its messages are the source; another user gets 404; empty is 400', async () => {
    const created = await jsonRequest(t, 'POST', '/api/conversations', {}, bearer(u));
    const conversation = (await created.json()) as Conversation;
    llm.script({ kind: 'answer', chunks: ['A mitocôndria ', 'produz ATP.'] });
    const turn = await jsonRequest(
      t,
      'POST',
      `/api/conversations/${conversation.id}/chat`,
      { action: 'send', text: 'O que faz a mitocôndria?' },
      bearer(u),
    );
    expect(turn.status).toBe(200);
    await turn.text();
    await settleBackgroundWork(t.ctx);
    llm.reset();

    llm.scriptTitle(answer('mindmap\n  root((Mitocôndria))\n    ATP'));
    const res = await generate(u, { conversationId: conversation.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'mindmap\n  root((Mitocôndria))\n    ATP' });
    expect((res.body as GeneratedDiagram).title.length).toBeGreaterThan(0);
    expect(textOf(completions()[0]!, 'user')).toMatch(
      /Student: O que faz a mitocôndria\?\s+Tutor: A mitocôndria produz ATP\./,
    );

    // Someone else's conversation does not exist for them — before any provider call.
    const before = llm.requests.length;
    const foreign = await generate(other, { conversationId: conversation.id });
    expect(foreign.status).toBe(404);
    expect((foreign.body as Problem).code).toBe('not_found');
    const missing = await generate(u, { conversationId: 'no-such-conversation' });
    expect(missing.status).toBe(404);
    expect(llm.requests.length).toBe(before);

    const emptyRes = await jsonRequest(t, 'POST', '/api/conversations', {}, bearer(u));
    const empty = (await emptyRes.json()) as Conversation;
    const none = await generate(u, { conversationId: empty.id });
    expect(none.status).toBe(400);
    expect((none.body as Problem).code).toBe('conversation_empty');
  });

  it('provider errors answer the chat codes, without the provider message', async () => {
    for (const [status, code] of [
      [401, 'provider_auth_failed'],
      [429, 'provider_rate_limited'],
      [500, 'provider_error'],
    ] as const) {
      llm.scriptTitle({ kind: 'status', status, message: `secret-${SCHOOL_KEY}` });
      const res = await generate(u, { prompt: 'x' });
      expect(res.status, code).toBe(502);
      expect((res.body as Problem).code).toBe(code);
      expect(JSON.stringify(res.body)).not.toContain(SCHOOL_KEY);
    }
    expect(logs.join('\n')).not.toContain(SCHOOL_KEY);
  });

  it('validates the request', async () => {
    for (const body of [
      {},
      { prompt: '' },
      { prompt: 'x', conversationId: 'c' },
      { prompt: 'x'.repeat(4001) },
      { prompt: 'x', locale: 'fr' },
      { prompt: 'x', model: 'no-provider' },
    ]) {
      const res = await generate(u, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await generate(u, { prompt: 'x', model: 'openai:nope' });
    expect((unknown.body as Problem).code).toBe('model_not_available');
    expect(completions()).toHaveLength(0);
    const anonymous = await jsonRequest(t, 'POST', '/api/diagrams/generate', { prompt: 'x' });
    expect(anonymous.status).toBe(401);
  });
});

describe.each(dialects)('the tutor draws without a school key (%s)', (dialect) => {
  let t: TestApp;
  let llm: FakeLlm;

  beforeAll(async () => {
    llm = await startFakeLlm({ acceptKeys: [USER_KEY] });
    t = await createTestApp(dialect, { OPENAI_BASE_URL: llm.url, OPENAI_MODELS: 'fake-model' });
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it('no key anywhere → 400 no_api_key (as the chat); the user’s own key then works', async () => {
    const u = await signUp(t);
    const res = await jsonRequest(t, 'POST', '/api/diagrams/generate', { prompt: 'x' }, bearer(u));
    expect(res.status).toBe(400);
    expect(((await res.json()) as Problem).code).toBe('no_api_key');
    expect(llm.requests).toHaveLength(0);

    const saved = await jsonRequest(
      t,
      'PUT',
      '/pb/user_api_keys/openai',
      { api_key: USER_KEY },
      bearer(u),
    );
    expect(saved.status).toBeLessThan(300);
    llm.scriptTitle({ kind: 'answer', chunks: ['graph LR\n  A --> B'] });
    const ok = await jsonRequest(t, 'POST', '/api/diagrams/generate', { prompt: 'x' }, bearer(u));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as GeneratedDiagram).code).toBe('graph LR\n  A --> B');
    expect(llm.requests.at(-1)!.authorization).toBe(`Bearer ${USER_KEY}`);
  });
});
