/**
 * Anki fields are HTML; our cards are markdown with KaTeX maths. This turns a field into text:
 * tags are dropped (their text kept; script, style and comments dropped whole), line breaks and
 * blocks become newlines, bold/italic become `**`/`*`, list items `- `, entities are decoded,
 * `[sound:…]` goes, Anki's LaTeX (`[$]…[/$]`, `[$$]…[/$$]`, `[latex]…[/latex]`) becomes the
 * `\(…\)` / `\[…\]` MathJax form that the card renderer reads (as it reads Anki's own MathJax),
 * a literal `$` (R$ 10,00) is escaped so it never opens maths, and `<img src="x.png">` becomes
 * `![](<url of x.png>)` through `image` (the caller stores the file; null drops the image).
 * Nothing in the result is HTML the renderer would run: it never parses HTML.
 */
export function ankiHtmlToText(html: string, image: (fileName: string) => string | null): string {
  let out = '';
  let inList = 0;
  const source = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(script|style|head|title|template|object|iframe)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, '');
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let last = 0;
  for (let m = tag.exec(source); m; m = tag.exec(source)) {
    out += text(source.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const name = m[2]!.toLowerCase();
    const attrs = m[3] ?? '';
    switch (name) {
      case 'br':
        out += '\n';
        break;
      case 'div':
      case 'p':
      case 'tr':
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
      case 'blockquote':
      case 'pre':
      case 'table':
      case 'hr':
        if (!out.endsWith('\n') && out !== '') out += '\n';
        break;
      case 'ul':
      case 'ol':
        inList += closing ? -1 : 1;
        if (!out.endsWith('\n') && out !== '') out += '\n';
        break;
      case 'li':
        if (closing) {
          if (!out.endsWith('\n')) out += '\n';
        } else {
          if (!out.endsWith('\n') && out !== '') out += '\n';
          out += `${'  '.repeat(Math.max(0, inList - 1))}- `;
        }
        break;
      case 'td':
      case 'th':
        if (closing) out += ' | ';
        break;
      case 'b':
      case 'strong':
        out = emphasis(out, '**', closing);
        break;
      case 'i':
      case 'em':
        out = emphasis(out, '*', closing);
        break;
      case 'img': {
        if (closing) break;
        const src = attribute(attrs, 'src');
        if (!src) break;
        const url = image(src);
        if (url) out += `![](${url})`;
        break;
      }
      default:
        break;
    }
  }
  out += text(source.slice(last));
  return tidy(out);
}

/** The file names of the `<img>` of a field (as `ankiHtmlToText` will ask for them). */
export function ankiImageNames(html: string): string[] {
  const names: string[] = [];
  const img = /<img\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  for (let m = img.exec(html); m; m = img.exec(html)) {
    const src = attribute(m[1] ?? '', 'src');
    if (src) names.push(src);
  }
  return names;
}

/** A closing marker goes before trailing spaces (`**bold **x` would not be bold). */
function emphasis(out: string, marker: string, closing: boolean): string {
  if (!closing) return out + marker;
  const space = /\s+$/.exec(out);
  return space ? out.slice(0, space.index) + marker + space[0] : out + marker;
}

/** Plain text between tags: entities decoded, `[sound:…]` gone, maths kept, `$` escaped. */
function text(raw: string): string {
  if (raw === '') return '';
  const decoded = decodeEntities(raw)
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\u00a0/g, ' ')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\[sound:[^\]]*\]/g, '');
  // Anki's LaTeX tags → MathJax delimiters; `$` outside them escaped.
  const parts = decoded.split(
    /(\[\$\$\][\s\S]*?\[\/\$\$\]|\[\$\][\s\S]*?\[\/\$\]|\[latex\][\s\S]*?\[\/latex\]|\\\([\s\S]*?\\\)|\\\[[\s\S]*?\\\])/,
  );
  return parts
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/\$/g, '\\$');
      if (part.startsWith('[$$]')) return `\\[${part.slice(4, -5)}\\]`;
      if (part.startsWith('[$]')) return `\\(${part.slice(3, -4)}\\)`;
      if (part.startsWith('[latex]')) return `\\[${part.slice(7, -8)}\\]`;
      return part;
    })
    .join('');
}

/** Trailing spaces off each line, at most one empty line in a row, no empty markers left. */
function tidy(text: string): string {
  return text
    .replace(/\*\*(\s*)\*\*/g, '$1')
    .replace(/ \| (\n|$)/g, '$1')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/g, '').replace(/^[ \t]+(?!- )/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function attribute(attrs: string, name: string): string | null {
  const re = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
  const m = re.exec(attrs);
  if (!m) return null;
  return decodeEntities(m[1] ?? m[2] ?? m[3] ?? '').trim();
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  middot: '·',
  bull: '•',
  deg: '°',
  times: '×',
  divide: '÷',
  plusmn: '±',
  le: '≤',
  ge: '≥',
  ne: '≠',
  minus: '−',
  rarr: '→',
  larr: '←',
  harr: '↔',
  uarr: '↑',
  darr: '↓',
  copy: '©',
  reg: '®',
  euro: '€',
  pound: '£',
  cent: '¢',
  sect: '§',
  para: '¶',
  ordf: 'ª',
  ordm: 'º',
  sup2: '²',
  sup3: '³',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  pi: 'π',
  sigma: 'σ',
  omega: 'ω',
  mu: 'μ',
  lambda: 'λ',
  theta: 'θ',
  Delta: 'Δ',
  Omega: 'Ω',
  Sigma: 'Σ',
};

function decodeEntities(text: string): string {
  return text.replace(
    /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi,
    (whole, body: string) => {
      if (body[0] === '#') {
        const code =
          body[1] === 'x' || body[1] === 'X'
            ? parseInt(body.slice(2), 16)
            : parseInt(body.slice(1), 10);
        if (
          !Number.isFinite(code) ||
          code <= 0 ||
          code > 0x10ffff ||
          (code >= 0xd800 && code <= 0xdfff)
        ) {
          return '\ufffd';
        }
        return String.fromCodePoint(code);
      }
      return NAMED[body] ?? NAMED[body.toLowerCase()] ?? whole;
    },
  );
}
