import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import type { Conversation } from '@aprenda/shared/schemas/conversations';
import type { GenerateCardsResult } from '@aprenda/shared/schemas/flashcards';
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
import { GENERATE_PROMPT_MARKER } from '../src/modules/flashcards/generate-prompt.ts';

/**
 * Issue 12, point 7: cards from the tutor — POST /flashcards/generate proposes cards from pasted
 * text or a conversation through the AI SDK's structured output, against the local fake
 * OpenAI-compatible provider, with the chat's key rules and provider errors.
 */

const SCHOOL_KEY = 'sk-school-key-0000';
const USER_KEY = 'sk-user-own-key-123456789';

const PHOTO_TEXT =
  'A fotossíntese acontece nos cloroplastos. A clorofila absorve a luz. ' +
  'A equação é $6CO_2 + 6H_2O \\to C_6H_{12}O_6 + 6O_2$.';

const GOOD_CARDS = {
  cards: [
    {
      kind: 'basic',
      front: '  Onde acontece a fotossíntese? ',
      back: 'Nos cloroplastos.',
      tags: ['Biologia', '#fotossíntese', 'célula vegetal'],
    },
    {
      kind: 'cloze',
      front: 'A {{c1::clorofila}} absorve a {{c2::luz}}.',
      back: '',
      tags: [],
    },
    // Dropped: a basic card without an answer, a cloze card without a deletion, a repeated front.
    { kind: 'basic', front: 'Pergunta sem resposta', back: '  ', tags: [] },
    { kind: 'cloze', front: 'Sem lacuna nenhuma', back: '', tags: [] },
    { kind: 'basic', front: 'onde acontece a fotossíntese?', back: 'Repetida', tags: [] },
  ],
};

describe.each(dialects)('cards from the tutor (%s)', (dialect) => {
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
    const res = await jsonRequest(t, 'POST', '/api/flashcards/generate', body, bearer(who));
    const json = (await res.json()) as unknown;
    return { status: res.status, body: json };
  };
  const structuredRequests = () =>
    llm.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body.response_format);
  const userContent = (r: RecordedLlmRequest) =>
    String(r.body.messages?.find((m) => m.role === 'user')?.content ?? '');
  const systemContent = (r: RecordedLlmRequest) =>
    String(r.body.messages?.find((m) => m.role === 'system')?.content ?? '');

  it('sends the AI SDK structured-output request (json_schema of the cards) and proposes clean cards from text', async () => {
    llm.scriptObject({ kind: 'object', value: GOOD_CARDS });
    const res = await generate(u, { source: { text: PHOTO_TEXT }, count: 5 });
    expect(res.status).toBe(200);
    const body = res.body as GenerateCardsResult;
    expect(body.model).toBe('openai:fake-model');
    expect(body.cards).toEqual([
      {
        kind: 'basic',
        front: 'Onde acontece a fotossíntese?',
        back: 'Nos cloroplastos.',
        tags: ['biologia', 'fotossíntese', 'célula-vegetal'],
      },
      { kind: 'cloze', front: 'A {{c1::clorofila}} absorve a {{c2::luz}}.', back: '', tags: [] },
    ]);

    // What the provider received: one non-streamed Chat Completions call with the school key,
    // `response_format: json_schema` (strict) describing `{ cards: [{ kind, front, back, tags }] }`,
    // our card instructions as the system prompt and the pasted text as the user message.
    const [req] = structuredRequests();
    expect(structuredRequests()).toHaveLength(1);
    expect(req!.authorization).toBe(`Bearer ${SCHOOL_KEY}`);
    expect(req!.body.model).toBe('fake-model');
    expect(req!.body.stream).not.toBe(true);
    const format = req!.body.response_format as {
      type: string;
      json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('flashcards');
    expect(format.json_schema.strict).toBe(true);
    const schema = format.json_schema.schema as {
      required: string[];
      properties: {
        cards: { items: { required: string[]; properties: { kind: { enum: string[] } } } };
      };
    };
    expect(schema.required).toEqual(['cards']);
    expect(schema.properties.cards.items.required.sort()).toEqual([
      'back',
      'front',
      'kind',
      'tags',
    ]);
    expect(schema.properties.cards.items.properties.kind.enum).toEqual(['basic', 'cloze']);
    expect(systemContent(req!)).toContain(GENERATE_PROMPT_MARKER);
    expect(systemContent(req!)).toContain('at most 5 cards');
    expect(systemContent(req!)).toMatch(/Brazilian Portuguese/);
    expect(userContent(req!)).toContain(PHOTO_TEXT);

    // Nothing is saved; the act is recorded without any card text.
    const actions = await t.db.db
      .selectFrom('user_actions')
      .select(['action', 'context'])
      .where('user_id', '=', u.id)
      .where('action', '=', 'flashcards_generated')
      .execute();
    expect(actions).toHaveLength(1);
    expect(JSON.parse(actions[0]!.context!)).toEqual({
      source: 'text',
      proposed: 2,
      model: 'openai:fake-model',
    });
  });

  it('keeps at most `count` cards and uses the requested model', async () => {
    llm.scriptObject({
      kind: 'object',
      value: {
        cards: [1, 2, 3, 4].map((n) => ({
          kind: 'basic',
          front: `Pergunta ${n}`,
          back: `Resposta ${n}`,
          tags: [],
        })),
      },
    });
    const res = await generate(u, {
      source: { text: 'Texto' },
      count: 2,
      model: 'openai:fake-model-2',
    });
    expect(res.status).toBe(200);
    const body = res.body as GenerateCardsResult;
    expect(body.cards.map((c) => c.front)).toEqual(['Pergunta 1', 'Pergunta 2']);
    expect(body.model).toBe('openai:fake-model-2');
    expect(structuredRequests()[0]!.body.model).toBe('fake-model-2');

    const unknown = await generate(u, { source: { text: 'x' }, model: 'openai:nope' });
    expect(unknown.status).toBe(400);
    expect((unknown.body as Problem).code).toBe('model_not_available');
  });

  it('an empty list is a valid answer (nothing worth a card)', async () => {
    llm.scriptObject({ kind: 'object', value: { cards: [] } });
    const res = await generate(u, { source: { text: 'Oi, tudo bem?' } });
    expect(res.status).toBe(200);
    expect((res.body as GenerateCardsResult).cards).toEqual([]);
  });

  it('from a conversation: its messages are the source; another user gets 404; an empty one is 400', async () => {
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

    llm.scriptObject({
      kind: 'object',
      value: {
        cards: [{ kind: 'basic', front: 'O que a mitocôndria produz?', back: 'ATP', tags: [] }],
      },
    });
    const res = await generate(u, { source: { conversation_id: conversation.id } });
    expect(res.status).toBe(200);
    expect((res.body as GenerateCardsResult).cards).toEqual([
      { kind: 'basic', front: 'O que a mitocôndria produz?', back: 'ATP', tags: [] },
    ]);
    const req = structuredRequests().at(-1)!;
    expect(userContent(req)).toMatch(
      /Student: O que faz a mitocôndria\?\s+Tutor: A mitocôndria produz ATP\./,
    );

    // Someone else's conversation does not exist for them — before any provider call.
    const before = llm.requests.length;
    const foreign = await generate(other, { source: { conversation_id: conversation.id } });
    expect(foreign.status).toBe(404);
    expect((foreign.body as Problem).code).toBe('not_found');
    const missing = await generate(u, { source: { conversation_id: 'no-such-conversation' } });
    expect(missing.status).toBe(404);
    expect(llm.requests.length).toBe(before);

    const emptyRes = await jsonRequest(t, 'POST', '/api/conversations', {}, bearer(u));
    const empty = (await emptyRes.json()) as Conversation;
    const none = await generate(u, { source: { conversation_id: empty.id } });
    expect(none.status).toBe(400);
    expect((none.body as Problem).code).toBe('conversation_empty');
  });

  it('provider errors answer the chat codes, without the provider message', async () => {
    const cases: Array<[number, string, number]> = [
      [401, 'provider_auth_failed', 502],
      [429, 'provider_rate_limited', 502],
      [500, 'provider_error', 502],
    ];
    for (const [status, code, httpStatus] of cases) {
      llm.scriptObject({ kind: 'status', status, message: `secret-${SCHOOL_KEY}` });
      const res = await generate(u, { source: { text: PHOTO_TEXT } });
      expect(res.status, code).toBe(httpStatus);
      expect((res.body as Problem).code).toBe(code);
      expect(JSON.stringify(res.body)).not.toContain(SCHOOL_KEY);
    }
    expect(logs.join('\n')).not.toContain(SCHOOL_KEY);

    // No answer within twice AI_FIRST_TOKEN_TIMEOUT_MS → provider_timeout.
    llm.scriptObject({ kind: 'object', value: GOOD_CARDS, delayMs: 3000 });
    const slow = await generate(u, { source: { text: PHOTO_TEXT } });
    expect(slow.status).toBe(504);
    expect((slow.body as Problem).code).toBe('provider_timeout');
  });

  it('a malformed model answer is a clear 502 generated_cards_invalid', async () => {
    const answers = [
      // Not JSON at all.
      { kind: 'answer' as const, chunks: ['Claro! Aqui estão seus cartões: 1. Fotossíntese…'] },
      // JSON of the wrong shape.
      { kind: 'object' as const, value: { cards: [{ pergunta: 'x', resposta: 'y' }] } },
      { kind: 'object' as const, value: [{ front: 'x', back: 'y' }] },
      // The right shape, but no usable card.
      {
        kind: 'object' as const,
        value: { cards: [{ kind: 'cloze', front: 'sem lacuna', back: '', tags: [] }] },
      },
    ];
    for (const step of answers) {
      llm.scriptObject(step);
      const res = await generate(u, { source: { text: PHOTO_TEXT } });
      expect(res.status, JSON.stringify(step)).toBe(502);
      expect((res.body as Problem).code).toBe('generated_cards_invalid');
    }
  });

  it('validates the request', async () => {
    for (const body of [
      {},
      { source: {} },
      { source: { text: '' } },
      { source: { text: 'x'.repeat(20_001) } },
      { source: { text: 'x', conversation_id: 'c' } },
      { source: { text: 'x' }, count: 0 },
      { source: { text: 'x' }, count: 31 },
      { source: { text: 'x' }, model: 'no-provider' },
    ]) {
      const res = await generate(u, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(structuredRequests()).toHaveLength(0);
    const anonymous = await jsonRequest(t, 'POST', '/api/flashcards/generate', {
      source: { text: 'x' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe.each(dialects)('cards from the tutor without a school key (%s)', (dialect) => {
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
    const res = await jsonRequest(
      t,
      'POST',
      '/api/flashcards/generate',
      { source: { text: PHOTO_TEXT } },
      bearer(u),
    );
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
    // The default answer of the fake: a small instance of the request's own schema.
    const ok = await jsonRequest(
      t,
      'POST',
      '/api/flashcards/generate',
      { source: { text: PHOTO_TEXT } },
      bearer(u),
    );
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as GenerateCardsResult;
    expect(body.cards).toEqual([
      { kind: 'basic', front: 'exemplo', back: 'exemplo', tags: ['exemplo'] },
    ]);
    expect(llm.requests.at(-1)!.authorization).toBe(`Bearer ${USER_KEY}`);
  });
});
