/**
 * The avatar's letters: the first letter (or digit) of the first and the last word that start
 * with one, upper-cased — "Conceição Araújo 👩‍🏫" gives "CA", never half an emoji; "?" when no
 * word does.
 */
export function initials(name: string): string {
  const firsts = name
    .trim()
    .split(/\s+/)
    .map((word) => /^[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter((first): first is string => first !== undefined);
  const letters = firsts.length > 1 ? firsts[0]! + firsts.at(-1)! : (firsts[0] ?? '');
  return letters.toLocaleUpperCase() || '?';
}
