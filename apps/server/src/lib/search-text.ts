/**
 * Accent- and case-blind search over a folded `search` column (skills, flashcards, exercise
 * items): what is stored, how a query splits into words, and the LIKE pattern of one word.
 */

/** Lower case without accents — what the `search` columns hold and queries are matched against. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a search (letters and digits), folded, at most 8. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return (foldText(q).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** `%word%` for `like … escape '\'`, with the word's own `\ % _` escaped. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
