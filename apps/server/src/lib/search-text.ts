/**
 * Accent- and case-blind search over a folded `search` column (skills, flashcards, exercise
 * items): what is stored, how a query splits into words, and the LIKE pattern of one word.
 */

/** Lower case without accents — what the `search` columns hold and queries are matched against. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Portuguese singular/plural endings of a folded word, most specific first: equação/equações,
 * alemão/alemães → equac, alem; animal/animais → anim; papel/papéis, difícil/difíceis → pap, dific;
 * ordem/ordens → orde; fatores, raízes, meses → fator, raiz, mes; números → numero.
 */
const NUMBER_ENDINGS: readonly RegExp[] = [
  /(?:oes|aes|ao)$/,
  /(?:ais|al)$/,
  /(?:eis|el|il)$/,
  /(?:ns|m)$/,
  /(?<=[rzs])es$/,
  /s$/,
];

/**
 * The part of a folded search word that singular and plural share, so that a substring match of
 * it finds both ("equacao" → "equac", in "equacoes" too). Only query words are cut; stored text
 * keeps whole words. A cut leaving fewer than 3 letters is not made.
 */
export function searchStem(word: string): string {
  for (const ending of NUMBER_ENDINGS) {
    const stem = word.replace(ending, '');
    if (stem !== word && stem.length >= 3) return stem;
  }
  return word;
}

/** The words of a search (letters and digits), folded and cut to their stems, at most 8. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return (foldText(q).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map(searchStem);
}

/** `%word%` for `like … escape '\'`, with the word's own `\ % _` escaped. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
