/**
 * Models write maths as `\(…\)`, `\[…\]` or a one-line `$$…$$`; remark-math reads `$…$` inline and
 * `$$` fenced on their own lines as display. Normalise outside code (fenced blocks and inline code
 * stay untouched).
 */
export function normalizeMath(markdown: string): string {
  const parts = markdown.split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?(?:^(?:```|~~~)[ \t]*$|(?![\s\S])))/m);
  return parts.map((part, i) => (i % 2 === 1 ? part : normalizeProse(part))).join('');
}

function normalizeProse(text: string): string {
  // Keep inline code spans as they are.
  return text
    .split(/(`+[^`\n]*`+)/)
    .map((chunk, i) => {
      if (i % 2 === 1) return chunk;
      return chunk
        .replace(/\\\[([\s\S]+?)\\\]/g, (_, body: string) => `\n$$\n${body.trim()}\n$$\n`)
        .replace(/\\\(([\s\S]+?)\\\)/g, (_, body: string) => `$${body.trim()}$`)
        .replace(
          /^[ \t]*\$\$([^\n$]+?)\$\$[ \t]*$/gm,
          (_, body: string) => `$$\n${body.trim()}\n$$`,
        );
    })
    .join('');
}
