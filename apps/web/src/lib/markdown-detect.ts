/**
 * Whether an answer needs the markdown renderer (react-markdown, KaTeX, the highlighter, Mermaid —
 * a chunk of its own) or reads the same as plain text. Cheap on purpose: a few regular expressions
 * over the text, run on every streamed update. When in doubt it says yes (the renderer shows plain
 * text right too); a false "no" would show markdown syntax raw.
 */
const MARKDOWN_SYNTAX: readonly RegExp[] = [
  /^ {0,3}#{1,6}(\s|$)/m, // heading
  /^ {0,3}(?:[-*+]|\d{1,9}[.)])\s/m, // list item
  /^ {0,3}>/m, // quote
  /^ {0,3}(?:([-*_])\s*){3,}$/m, // rule
  /^ {0,3}(?:```|~~~)/m, // fence
  /`/, // inline code
  /(\*\*|__|~~)(?=\S)[\s\S]*?\S\1/, // bold, strike
  /(^|[^\w*])\*(?=[^\s*])[^*\n]*[^\s*]?\*(?!\w)/, // *emphasis*
  /(^|[^\w_])_(?=[^\s_])[^_\n]*_(?!\w)/, // _emphasis_
  /^ {0,3}\|.*\|/m, // table row
  /\|\s*:?-{3,}/, // table rule
  /\[[^\]\n]*\]\([^)\s]*\)/, // [link](url)
  /\[[^\]\n]*\]\[[^\]\n]*\]/, // [link][ref]
  /<https?:\/\//i, // <autolink>
  /\b(?:https?:\/\/|www\.)\S/i, // GFM autolink
  /\$/, // maths
  /\\[([]/, // \( \) and \[ \] maths
  /\\[\\`*_{}[\]()#+\-.!|<>~]/, // escapes
  /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i, // entities
  /<[a-z/!]/i, // HTML-looking text (shown as text by the renderer)
  /^\[\^[^\]]+\]:/m, // footnote
  / {2,}\n/, // hard line break
];

export function needsMarkdown(text: string): boolean {
  return MARKDOWN_SYNTAX.some((re) => re.test(text));
}

/** Plain text as paragraphs (blank lines) whose single line breaks are kept. */
export function plainParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/^\n+|\s+$/g, ''))
    .filter((p) => p.trim() !== '');
}
