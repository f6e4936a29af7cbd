import type { Mermaid } from 'mermaid';

let mermaidPromise: Promise<Mermaid> | null = null;

/** Links one diagram may have (Mermaid's own default, stated so the editor can tell it). */
export const MERMAID_MAX_EDGES = 500;

/** Our configuration: strict security, dark theme, SVG text labels. */
const MERMAID_CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  theme: 'dark',
  // SVG <text> labels instead of HTML in <foreignObject>, so the sanitized SVG keeps them (and a
  // canvas can draw it for a PNG export without being tainted).
  htmlLabels: false,
  // Mermaid 12 lays flowcharts and state diagrams out with ELK by default: a 450 KB (gzip)
  // chunk per first diagram. Dagre (mermaid 11's default) draws them well at a ninth of that;
  // a diagram may still ask for ELK (`flowchart-elk`, or `layout: elk` in its front matter).
  layout: 'dagre',
  state: { layout: 'dagre' },
  fontFamily: 'Inter Variable, ui-sans-serif, system-ui, sans-serif',
  maxEdges: MERMAID_MAX_EDGES,
} as const;

/** Mermaid is large: imported on the first diagram only, configured once, strictly. */
function loadMermaid(): Promise<Mermaid> {
  mermaidPromise ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize(MERMAID_CONFIG);
    return mermaid;
  });
  return mermaidPromise;
}

/** Sanitize an SVG string: only SVG elements and attributes, no scripts or event handlers. */
async function sanitizeSvg(svg: string): Promise<string> {
  const { default: DOMPurify } = await import('dompurify');
  return DOMPurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script'],
  });
}

let queue: Promise<unknown> = Promise.resolve();
/** Drawn diagrams by source, so a remounted block (scrolled back into view) shows at once. */
const cache = new Map<string, string>();
const CACHE_MAX = 50;

export function cachedMermaid(code: string): string | undefined {
  return cache.get(code);
}

/**
 * Event-handler attributes inside tag-like text of the source (`<img onerror=…>` in a label) made
 * inert before mermaid sees it: they would never run (strict mode and DOMPurify drop them), but
 * Chromium reports every handler attribute that a DOMParser document meets as a CSP violation.
 */
export function withoutInlineHandlers(code: string): string {
  let out = code;
  for (;;) {
    const next = out.replace(/(<[^<>]*?[\s/"'])on([a-z]+\s*=)/gi, '$1data-on-$2');
    if (next === out) return out;
    out = next;
  }
}

/** Render diagram source to a sanitized SVG string (one at a time: mermaid is not reentrant). */
export function renderMermaid(id: string, code: string): Promise<string> {
  const job = queue.then(async () => {
    const mermaid = await loadMermaid();
    const { svg } = await mermaid.render(id, withoutInlineHandlers(code));
    const clean = await sanitizeSvg(svg);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(code, clean);
    return clean;
  });
  queue = job.catch(() => undefined);
  return job;
}

/**
 * Run `task` with mermaid, in the same queue as the renders (mermaid is not reentrant). A task
 * that re-initializes mermaid (the Excalidraw converter does) is followed by our configuration
 * again when `restoreConfig` is set, so later renders stay strict, dark and text-labelled.
 */
export function withMermaid<T>(
  task: (mermaid: Mermaid) => Promise<T>,
  { restoreConfig = false }: { restoreConfig?: boolean } = {},
): Promise<T> {
  const job = queue.then(async () => {
    const mermaid = await loadMermaid();
    try {
      return await task(mermaid);
    } finally {
      if (restoreConfig) mermaid.initialize(MERMAID_CONFIG);
    }
  });
  queue = job.catch(() => undefined);
  return job;
}

/**
 * Check diagram source without drawing it: resolves with the diagram type Mermaid detected,
 * rejects with Mermaid's own error (its message and, for most diagram types, `hash.loc`).
 */
export function parseMermaid(code: string): Promise<string> {
  return withMermaid(async (mermaid) => {
    const result = await mermaid.parse(withoutInlineHandlers(code));
    return result ? result.diagramType : '';
  });
}

/**
 * The parsed diagram (its type and Mermaid's database of nodes, edges…) handed to `read`, which
 * copies out what it needs before the next diagram of the same type replaces the database.
 */
export function inspectMermaid<T>(
  code: string,
  read: (diagram: { type: string; db: unknown }) => T,
): Promise<T> {
  return withMermaid(async (mermaid) => {
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(withoutInlineHandlers(code));
    return read({ type: diagram.type, db: diagram.db });
  });
}
