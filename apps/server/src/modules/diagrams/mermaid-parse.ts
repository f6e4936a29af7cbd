import { Worker } from 'node:worker_threads';

/**
 * `mermaid.parse` for the server (generated diagrams are checked before they are answered).
 * Mermaid needs a DOM, so it runs in a worker thread (mermaid-parse.worker.ts) that sets a jsdom
 * window as *its own* globals — the server's globals are never touched. The worker starts on the
 * first parse (loading Mermaid takes about a second), is reused, and ends after `idleMs` without
 * work; a parse that takes longer than `parseTimeoutMs` ends the worker (the next parse starts a
 * new one) and counts as invalid code.
 */

export type ParseResult =
  { ok: true; diagramType: string | null } | { ok: false; message: string; line: number | null };

export interface MermaidParser {
  parse(text: string): Promise<ParseResult>;
  /** Whether a worker is running now (tests). */
  running(): boolean;
  /** End the worker now, if any (pending parses fail). */
  close(): Promise<void>;
}

export interface ParserOptions {
  /** End the worker after this long without a parse. Default 60 s. */
  idleMs?: number;
  /** A parse slower than this is invalid and ends the worker. Default 5 s. */
  parseTimeoutMs?: number;
  /** Loading jsdom and Mermaid slower than this fails the parse. Default 20 s. */
  startTimeoutMs?: number;
}

/** Thrown when the worker cannot start (Mermaid or jsdom missing or broken). */
export class ParserUnavailable extends Error {}

type WorkerAnswer =
  | { ready: true }
  | { id: number; ok: true; diagramType: string | null }
  | { id: number; ok: false; message: string; line: number | null };

interface Pending {
  resolve: (r: ParseResult) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
  /** performance.now() past which the answer counts as too late, even if it is already here. */
  deadline: number;
}

const TOO_LONG: ParseResult = { ok: false, message: 'Parsing took too long', line: null };

const WORKER_URL = new URL('./mermaid-parse.worker.ts', import.meta.url);

export function createMermaidParser(options: ParserOptions = {}): MermaidParser {
  const idleMs = options.idleMs ?? 60_000;
  const parseTimeoutMs = options.parseTimeoutMs ?? 5_000;
  const startTimeoutMs = options.startTimeoutMs ?? 20_000;

  let worker: Worker | null = null;
  let ready: Promise<Worker> | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let seq = 0;
  const pending = new Map<number, Pending>();

  function stop(reason: Error): void {
    const w = worker;
    worker = null;
    ready = null;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      pending.delete(id);
      p.reject(reason);
    }
    if (w) void w.terminate();
  }

  function start(): Promise<Worker> {
    if (ready) return ready;
    const w = new Worker(WORKER_URL);
    w.unref();
    worker = w;
    ready = new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new ParserUnavailable('The Mermaid parser did not start in time'));
        if (worker === w) stop(new ParserUnavailable('The Mermaid parser did not start'));
      }, startTimeoutMs);
      w.on('message', (msg: WorkerAnswer) => {
        if ('ready' in msg) {
          clearTimeout(timer);
          resolve(w);
          return;
        }
        const p = pending.get(msg.id);
        if (!p) return;
        pending.delete(msg.id);
        clearTimeout(p.timer);
        // A busy event loop can deliver a late answer before the timer fires: the limit holds
        // either way.
        if (performance.now() > p.deadline) {
          p.resolve(TOO_LONG);
          if (worker === w) stop(new ParserUnavailable('The Mermaid parser was restarted'));
          return;
        }
        p.resolve(
          msg.ok
            ? { ok: true, diagramType: msg.diagramType }
            : { ok: false, message: msg.message, line: msg.line },
        );
        if (pending.size === 0) armIdle();
      });
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(new ParserUnavailable(`The Mermaid parser stopped: ${err.message}`));
        if (worker === w) stop(new ParserUnavailable('The Mermaid parser stopped'));
      };
      w.on('error', fail);
      w.on('exit', (code) => {
        if (worker === w) fail(new Error(`exit ${code}`));
      });
    });
    // A failed start is reported to the parse that waits for it; nothing else may throw.
    ready.catch(() => undefined);
    return ready;
  }

  function armIdle(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (pending.size === 0) stop(new Error('idle'));
    }, idleMs);
    idleTimer.unref();
  }

  return {
    async parse(text) {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      const w = await start();
      const id = ++seq;
      return new Promise<ParseResult>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (!pending.has(id)) return;
          pending.delete(id);
          resolve(TOO_LONG);
          // The thread may be stuck in the parse: end it (the next parse starts a new one).
          if (worker === w) stop(new ParserUnavailable('The Mermaid parser was restarted'));
        }, parseTimeoutMs);
        pending.set(id, { resolve, reject, timer, deadline: performance.now() + parseTimeoutMs });
        w.postMessage({ id, text });
      });
    },
    running: () => worker !== null,
    async close() {
      stop(new ParserUnavailable('The Mermaid parser was closed'));
    },
  };
}

/** The server's parser (one worker per process, started on first use). */
export const mermaidParser = createMermaidParser();
