import { parentPort } from 'node:worker_threads';

/**
 * The worker thread of mermaid-parse.ts: Mermaid needs a DOM (it reaches for `window` and
 * `document` when it loads), so this thread — never the server's main thread — sets a jsdom
 * window as its globals and then loads Mermaid. It answers `{ id, text }` messages with
 * `{ id, ok: true, diagramType }` or `{ id, ok: false, message, line }`.
 */

interface Request {
  id: number;
  text: string;
}

interface MermaidError {
  message?: unknown;
  hash?: { loc?: { first_line?: unknown }; line?: unknown };
}

/** The part of jsdom used here (jsdom ships no types; @types/jsdom is not installed). */
interface JsdomModule {
  JSDOM: new (
    html: string,
    options: { pretendToBeVisual: boolean },
  ) => { window: Record<string, unknown> & { document: unknown } };
}

// A specifier in a variable: the type checker leaves the untyped package alone.
const JSDOM_MODULE = 'jsdom';
const { JSDOM } = (await import(JSDOM_MODULE)) as JsdomModule;
const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true });
const g = globalThis as Record<string, unknown>;
g.window = dom.window;
g.document = dom.window.document;
for (const name of [
  'Element',
  'HTMLElement',
  'SVGElement',
  'Node',
  'DOMParser',
  'MutationObserver',
]) {
  if (g[name] === undefined) g[name] = dom.window[name];
}

const { default: mermaid } = await import('mermaid');
mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });

parentPort!.on('message', (req: Request) => {
  void mermaid.parse(req.text).then(
    (result) => {
      const diagramType = result ? result.diagramType : null;
      parentPort!.postMessage({ id: req.id, ok: true, diagramType });
    },
    (err: unknown) => {
      const e = (err ?? {}) as MermaidError;
      const line = e.hash?.loc?.first_line ?? e.hash?.line;
      parentPort!.postMessage({
        id: req.id,
        ok: false,
        message: typeof e.message === 'string' ? e.message : String(err),
        line: typeof line === 'number' ? line : null,
      });
    },
  );
});
parentPort!.postMessage({ ready: true });
