import type { Mermaid } from 'mermaid';

let mermaidPromise: Promise<Mermaid> | null = null;

/** Mermaid is large: imported on the first diagram only, configured once, strictly. */
function loadMermaid(): Promise<Mermaid> {
  mermaidPromise ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'dark',
      // SVG <text> labels instead of HTML in <foreignObject>, so the sanitized SVG keeps them.
      htmlLabels: false,
      fontFamily: 'Inter Variable, ui-sans-serif, system-ui, sans-serif',
    });
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
