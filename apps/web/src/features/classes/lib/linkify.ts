/**
 * Splits plain text into text and http(s) links, for class and event texts (descriptions,
 * locations). Only `http:` and `https:` URLs with a host become links; everything else
 * (`javascript:`, `data:`, markup, half URLs) stays text — and the caller renders text as text
 * nodes, never as HTML.
 */
export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** A run starting with http:// or https:// up to whitespace or a character that cannot be in one. */
const URL_RUN = /https?:\/\/[^\s<>"'`\p{Cc}]+/giu;
/** Punctuation that ends a sentence rather than the URL. */
const TRAILING = /[.,;:!?…]+$/u;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** The URL without the punctuation that closes the sentence or the parenthesis around it. */
function trimUrl(run: string): string {
  let url = run;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    const last = url.at(-1);
    const opener = last ? CLOSERS[last] : undefined;
    if (opener) {
      const opens = url.split(opener).length - 1;
      const closes = url.split(last!).length - 1;
      // "(see https://x.org/a)" drops the ")"; "https://x.org/wiki/A_(b)" keeps it.
      if (closes > opens) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

/** The href of a link if `text` is a usable http(s) URL with a host; undefined otherwise. */
export function safeHref(text: string): string | undefined {
  // The host follows "//" at once ("https:///x" would be read as https://x/).
  if (!/^https?:\/\/[^/\\?#]/i.test(text)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (!parsed.hostname) return undefined;
  return parsed.href;
}

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const push = (t: string) => {
    if (!t) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += t;
    else parts.push({ kind: 'text', text: t });
  };
  for (const match of text.matchAll(URL_RUN)) {
    const start = match.index;
    const url = trimUrl(match[0]);
    const href = safeHref(url);
    if (!href) continue;
    push(text.slice(at, start));
    parts.push({ kind: 'link', text: url, href });
    at = start + url.length;
  }
  push(text.slice(at));
  return parts;
}
