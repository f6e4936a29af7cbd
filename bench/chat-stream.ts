/**
 * Client side of the chat benchmark (bench/conversations.ts; the server is bench/lib.ts's
 * startServer): streamed requests timed to their first token — through our server (AI SDK UI
 * message stream) and straight to the provider (OpenAI Chat Completions SSE) — and a sampler of a
 * process's resident memory from /proc.
 */
import { readFileSync } from 'node:fs';

/** VmRSS / VmHWM of a process in MiB (Linux /proc). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

/** Polls VmRSS every `everyMs` until stopped; returns the highest value seen (MiB). */
export function sampleRss(pid: number, everyMs = 20) {
  let peak = memoryOf(pid).rss;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
    } catch {
      // the process is gone
    }
  }, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      return peak;
    },
  };
}

export interface StreamResult {
  status: number;
  /** ms from the request's start to the first text (`null`: none came). */
  firstTokenMs: number | null;
  totalMs: number;
  text: string;
  /** The stream's parts in order (`type` of each UI message chunk / provider chunk kind). */
  types: string[];
  errorText: string | null;
}

/** Read an SSE body, calling `onData` with each `data:` payload as it arrives. */
async function readSse(body: ReadableStream<Uint8Array>, onData: (data: string) => void) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of event.split('\n')) {
        if (line.startsWith('data:')) onData(line.slice(5).trimStart());
      }
    }
  }
}

/**
 * A streamed response read to its end, timed from `started`: its status and, on a non-200, its body
 * as `errorText`; else `onData(payload, result, token)` for each SSE `data:` payload, where
 * `token(text)` appends text to the result (the first one sets `firstTokenMs`).
 */
async function readTimed(
  started: number,
  res: Response,
  onData: (data: string, result: StreamResult, token: (text: string) => void) => void,
): Promise<StreamResult> {
  const result: StreamResult = {
    status: res.status,
    firstTokenMs: null,
    totalMs: 0,
    text: '',
    types: [],
    errorText: null,
  };
  const token = (text: string) => {
    result.firstTokenMs ??= performance.now() - started;
    result.text += text;
  };
  if (res.status !== 200 || !res.body) result.errorText = await res.text();
  else await readSse(res.body, (data) => onData(data, result, token));
  result.totalMs = performance.now() - started;
  return result;
}

/** One chat turn through our server, read to its end; the first `text-delta` is the first token. */
export async function chatThroughServer(
  origin: string,
  token: string,
  conversationId: string,
  text: string,
): Promise<StreamResult> {
  const started = performance.now();
  const res = await fetch(`${origin}/api/conversations/${conversationId}/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'send', text }),
  });
  return readTimed(started, res, (data, result, addText) => {
    if (data === '[DONE]') return;
    const part = JSON.parse(data) as { type: string; delta?: string; errorText?: string };
    if (part.type === 'text-delta') addText(part.delta ?? '');
    if (part.type === 'error') result.errorText = part.errorText ?? 'error';
    result.types.push(part.type);
  });
}

/**
 * The same kind of request straight to the provider (`POST <base>/chat/completions`, streamed, as
 * the AI SDK sends it); the first chunk with content is the first token.
 */
export async function chatDirect(baseUrl: string, text: string): Promise<StreamResult> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'gpt-4.1-mini',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: text }],
    }),
  });
  return readTimed(started, res, (data, result, addText) => {
    if (data === '[DONE]') {
      result.types.push('done');
      return;
    }
    const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }> };
    const content = chunk.choices?.[0]?.delta?.content;
    if (content) addText(content);
    result.types.push('chunk');
  });
}

/** The q-quantile (0–1) of `values` (nearest rank). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
