import { firstCodeLine } from './syntax-error';

/** One line of text: Mermaid's `accTitle:`/`accDescr:` end at the line's end. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function hasOwnAccTitle(code: string): boolean {
  return /^\s*accTitle\s*:/m.test(code);
}

export function hasOwnAccDescr(code: string): boolean {
  return /^\s*accDescr\s*[:{]/m.test(code);
}

/**
 * The code with the saved title and description as Mermaid's `accTitle`/`accDescr` (the SVG's
 * <title> and <desc>, which screen readers read), placed after the diagram's first line — unless
 * the code has its own. Not every diagram type accepts them: the caller parses the result and
 * falls back to the plain code (and labels the SVG itself) when it does not.
 */
export function withAccessibility(code: string, title: string, description: string): string {
  const extra: string[] = [];
  if (oneLine(title) && !hasOwnAccTitle(code)) extra.push(`accTitle: ${oneLine(title)}`);
  if (oneLine(description) && !hasOwnAccDescr(code))
    extra.push(`accDescr: ${oneLine(description)}`);
  if (extra.length === 0) return code;
  const lines = code.split('\n');
  const header = firstCodeLine(code);
  if (header > lines.length) return code;
  lines.splice(header, 0, ...extra.map((line) => `  ${line}`));
  return lines.join('\n');
}

/**
 * Give a rendered SVG a <title> and <desc> (and `role="img"` with `aria-labelledby`) when it has
 * none: the fallback for diagram types whose grammar has no `accTitle`/`accDescr`.
 */
export function labelSvg(svg: string, title: string, description: string): string {
  if (typeof DOMParser === 'undefined') return svg;
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg' || root.querySelector(':scope > title')) return svg;
  const ns = 'http://www.w3.org/2000/svg';
  const id = root.getAttribute('id') ?? 'diagram';
  const t = doc.createElementNS(ns, 'title');
  t.setAttribute('id', `${id}-title`);
  t.textContent = oneLine(title);
  const d = doc.createElementNS(ns, 'desc');
  d.setAttribute('id', `${id}-desc`);
  d.textContent = oneLine(description);
  root.prepend(t, d);
  root.setAttribute('role', 'img');
  root.setAttribute('aria-labelledby', `${id}-title`);
  root.setAttribute('aria-describedby', `${id}-desc`);
  return new XMLSerializer().serializeToString(root);
}
