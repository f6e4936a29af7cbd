import { parseCloze } from '@aprenda/shared/cloze';

/**
 * A card side as one line of plain text for lists and labels: cloze deletions show their answer
 * in brackets, images their description, the common markdown marks go, spaces collapse; cut at
 * `max` characters with "…".
 */
export function cardSummary(text: string, max: number): string {
  const clozed = parseCloze(text)
    .map((s) => (s.kind === 'text' ? s.text : `[${s.answer}]`))
    .join('');
  const plain = clozed
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~|`+)/g, '')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

/** Whether a text has real maths to render (`$…$`, `$$…$$`, `\(…\)`; not "R$ 5 e R$ 7"). */
export { hasMaths } from '@/lib/plain-text';
