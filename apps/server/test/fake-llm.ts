import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

/**
 * A real OpenAI-compatible Chat Completions server on 127.0.0.1:<random port> for tests and the
 * e2e harness (no dependencies; import it anywhere). `POST …/chat/completions`:
 * - `stream: true` → SSE `chat.completion.chunk`s (one per scripted chunk) then `[DONE]`;
 * - `stream: false` → one `chat.completion` (used for titles);
 * - structured output (a `response_format` of type `json_schema` or `json_object`, which the AI
 *   SDK's `Output.object` sends through `@ai-sdk/openai-compatible`; streamed or not) → the JSON
 *   text of an object as the message content (used for cards from the tutor).
 * What each request gets comes from a script queue (`script(...)` for streamed requests,
 * `scriptTitle(...)` for the other plain ones, `scriptObject(...)` for structured ones); when a
 * queue is empty the defaults answer — for structured requests, a small instance of the
 * request's own JSON schema (`exampleOf`).
 * Every request is recorded (path, Authorization header, parsed body) in `requests`.
 */

export type LlmStep =
  /** Answer normally: `chunks` streamed in order (`delayMs` between chunks, after an optional
   * `firstTokenDelayMs` before the first one). */
  | { kind: 'answer'; chunks: string[]; delayMs?: number; firstTokenDelayMs?: number }
  /** Answer with an HTTP error status and an OpenAI-style error body. */
  | { kind: 'status'; status: number; message?: string }
  /** Send `chunks`, then destroy the connection (no finish, no [DONE]). */
  | { kind: 'drop'; chunks: string[]; delayMs?: number }
  /** Accept the request and never send a token (until the client gives up). */
  | { kind: 'hang' }
  /** Answer with `JSON.stringify(value)` as the content (structured output); `delayMs` first. */
  | { kind: 'object'; value: unknown; delayMs?: number };

export interface RecordedLlmRequest {
  method: string;
  path: string;
  authorization: string | null;
  stream: boolean;
  /** The parsed JSON body (`model`, `messages` with the system prompt first, …). */
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content: unknown }>;
    [key: string]: unknown;
  };
}

export interface FakeLlmOptions {
  /** Answer of streamed requests when the queue is empty. Default: a short two-chunk answer. */
  defaultAnswer?: LlmStep;
  /** Answer of non-streamed requests (titles) when their queue is empty. */
  defaultTitle?: LlmStep;
  /** Answer of structured-output requests when their queue is empty. Default: `exampleOf`. */
  defaultObject?: LlmStep;
  /** Only these bearer keys are accepted (others → 401). Default: any key. */
  acceptKeys?: string[];
  /** Listen on this port (e.g. to come back where a killed one was). Default: a free one. */
  port?: number;
  /**
   * Decides the answer of a chat request from its content (checked before the queues; undefined
   * falls through to them): a model scripted per prompt, e.g. for the tutor evaluation.
   */
  respond?: (request: RecordedLlmRequest) => LlmStep | undefined;
}

export interface FakeLlm {
  /** Base URL for OPENAI_BASE_URL, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedLlmRequest[];
  /** Queue steps for the next streamed requests. */
  script(...steps: LlmStep[]): void;
  /** Queue steps for the next non-streamed (title) requests. */
  scriptTitle(...steps: LlmStep[]): void;
  /** Queue steps for the next structured-output requests (`response_format` json). */
  scriptObject(...steps: LlmStep[]): void;
  /** Clear recorded requests and queues. */
  reset(): void;
  /** Streamed requests that are still open (for "the provider call was aborted" checks). */
  openStreams(): number;
  close(): Promise<void>;
}

const DEFAULT_ANSWER: LlmStep = { kind: 'answer', chunks: ['Olá! ', 'Vamos pensar juntos.'] };
const DEFAULT_TITLE: LlmStep = { kind: 'answer', chunks: ['Conversa de estudo'] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const requests: RecordedLlmRequest[] = [];
  let streamQueue: LlmStep[] = [];
  let titleQueue: LlmStep[] = [];
  let objectQueue: LlmStep[] = [];
  let open = 0;
  const sockets = new Set<Socket>();
  let seq = 0;

  const server: Server = createServer(async (req, res) => {
    try {
      await handle(req, res);
    } catch {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    let body: RecordedLlmRequest['body'] = {};
    try {
      body = JSON.parse(raw || '{}') as RecordedLlmRequest['body'];
    } catch {
      // recorded as {}
    }
    const stream = body.stream === true;
    const authorization = req.headers.authorization ?? null;
    requests.push({ method: req.method ?? '', path: url.pathname, authorization, stream, body });

    if (req.method === 'GET' && url.pathname.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model' }] }));
      return;
    }
    if (req.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }

    const key = authorization?.replace(/^Bearer\s+/i, '') ?? '';
    let step: LlmStep;
    const chosen = options.respond?.(requests.at(-1)!);
    if (options.acceptKeys && !options.acceptKeys.includes(key)) {
      step = { kind: 'status', status: 401, message: 'Incorrect API key provided' };
    } else if (chosen) {
      step = chosen;
    } else if (structuredSchema(body) !== undefined) {
      step = objectQueue.shift() ??
        options.defaultObject ?? { kind: 'object', value: exampleOf(structuredSchema(body)) };
    } else if (stream) {
      step = streamQueue.shift() ?? options.defaultAnswer ?? DEFAULT_ANSWER;
    } else {
      step = titleQueue.shift() ?? options.defaultTitle ?? DEFAULT_TITLE;
    }

    const id = `chatcmpl-${++seq}`;
    const model = body.model ?? 'fake-model';
    const created = Math.floor(Date.now() / 1000);

    if (step.kind === 'status') {
      const type = step.status === 429 ? 'rate_limit_exceeded' : 'invalid_request_error';
      res.writeHead(step.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: step.message ?? `error ${step.status}`, type, code: type },
        }),
      );
      return;
    }

    if (step.kind === 'object') {
      if (step.delayMs) await sleep(step.delayMs);
      step = { kind: 'answer', chunks: [JSON.stringify(step.value)] };
    }

    if (!stream) {
      if (step.kind !== 'answer') {
        res.destroy();
        return;
      }
      if (step.firstTokenDelayMs) await sleep(step.firstTokenDelayMs);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: step.chunks.join('') },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
      return;
    }

    open += 1;
    let closed = false;
    res.on('close', () => {
      if (!closed) open -= 1;
      closed = true;
    });
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    const send = (data: unknown) => {
      if (!closed) res.write(`data: ${JSON.stringify(data)}\n\n`);
    };
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });

    if (step.kind === 'hang') return; // the client will give up (abort) and close

    if (step.kind === 'answer' && step.firstTokenDelayMs) await sleep(step.firstTokenDelayMs);
    send(chunk({ role: 'assistant', content: '' }));
    for (const [i, text] of step.chunks.entries()) {
      if (closed) return;
      if (i > 0 && step.delayMs) await sleep(step.delayMs);
      send(chunk({ content: text }));
    }
    if (step.kind === 'drop') {
      // Let what was written reach the client, then cut the connection (no finish, no [DONE]).
      await sleep(step.delayMs ?? 50);
      res.destroy();
      return;
    }
    send(chunk({}, 'stop'));
    send({ ...chunk({}, null), choices: [], usage: { prompt_tokens: 10, completion_tokens: 5 } });
    if (!closed) res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...steps) => void streamQueue.push(...steps),
    scriptTitle: (...steps) => void titleQueue.push(...steps),
    scriptObject: (...steps) => void objectQueue.push(...steps),
    reset() {
      requests.length = 0;
      streamQueue = [];
      titleQueue = [];
      objectQueue = [];
    },
    openStreams: () => open,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The JSON schema a structured-output request asks for: `response_format.json_schema.schema`
 * (`json_schema`), `null` for a schema-less `json_object`, undefined for a plain request.
 */
export function structuredSchema(body: RecordedLlmRequest['body']): unknown {
  const format = body.response_format as
    { type?: string; json_schema?: { schema?: unknown } } | undefined;
  if (format?.type === 'json_schema') return format.json_schema?.schema ?? null;
  if (format?.type === 'json_object') return null;
  return undefined;
}

/**
 * A small value that fits a JSON schema (objects with every property, arrays of one item, the
 * first enum value, "exemplo" for strings); `{}` without a schema.
 */
export function exampleOf(schema: unknown): unknown {
  const s = (schema ?? {}) as {
    type?: string | string[];
    properties?: Record<string, unknown>;
    items?: unknown;
    enum?: unknown[];
    const?: unknown;
    anyOf?: unknown[];
  };
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.anyOf && s.anyOf.length > 0) return exampleOf(s.anyOf[0]);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return 'exemplo';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [exampleOf(s.items)];
    case 'null':
      return null;
    default: {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(s.properties ?? {})) out[key] = exampleOf(value);
      return out;
    }
  }
}
