import type { Language } from './constants.ts';

/** Whether the sign `parseDecimal` read (rule 2: `+`, `-`, `−`, `–` or none) is a minus. */
const isMinus = (sign: string | undefined) => sign !== undefined && sign !== '' && sign !== '+';

/**
 * Numbers as students type them and as they are shown back: Brazilians write a decimal comma
 * (`2,5`), others a dot (`2.5`), and either may group thousands with the other sign.
 *
 * `parseDecimal` rules, in order:
 * 1. Surrounding whitespace is ignored; inside, no spaces are allowed (`1 234` is refused: is it
 *    1234 or a typo?). At most 100 characters.
 * 2. An optional sign: `+`, `-`, the Unicode minus `−` (U+2212) or an en dash (rule 9).
 * 3. Then digits, dots and commas (at least one digit), and optionally an exponent `e`/`E`,
 *    an optional sign and 1–3 digits (`6,02e23`, `1.5E-3`).
 * 4. Both a dot and a comma: the last one to appear is the decimal separator and must appear
 *    once; the other one groups thousands — `1.234,5` and `1,234.5` are both 1234.5.
 * 5. Only one kind of separator, once: it is the decimal separator — `2,5` = `2.5` = 2.5, and
 *    `1.234` = `1,234` = 1.234 (a lone separator is never read as a thousands separator: answers
 *    with three decimals are more common than answers with grouped thousands). Grading also
 *    accepts the thousands reading of such a number (`thousandsReading`).
 * 6. Only one kind, several times: thousands groups — `1.234.567` = `1,234,567` = 1234567.
 * 7. Thousands groups must be well formed: 1–3 digits, then groups of exactly 3 (`1,2,3`,
 *    `12.34.567` and `1.234,5,6` are refused). A separator may lead (`,5` = 0.5) or close the
 *    number (`5,` = 5) only when it is the decimal separator.
 * 8. No percent sign (`50%` is refused: the stem states the unit), no `Infinity`/`NaN`, and the
 *    result must be a finite number.
 * 9. A fraction of whole numbers is its value: `3/4` = 0.75, `-1/3`, `10 / 4` (spaces around the
 *    bar allowed); a zero denominator is refused. Fractions are how 6th and 7th graders answer
 *    "quanto é 1/2 + 1/4?", and the teacher may write the answer as one too (1/3 exactly).
 * The sign may also be an en dash `–` (U+2013), which text pasted from a document often has.
 */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 100) return null;
  const ratio = /^([+\-\u2212\u2013]?)(\d{1,15})\s*\/\s*(\d{1,15})$/.exec(trimmed);
  if (ratio) {
    const denominator = Number(ratio[3]);
    if (denominator === 0) return null;
    const value = Number(ratio[2]) / denominator;
    return isMinus(ratio[1]) ? -value : value;
  }
  const m = /^([+\-\u2212\u2013]?)([0-9.,]+)(?:[eE]([+-]?\d{1,3}))?$/.exec(trimmed);
  if (!m || !/\d/.test(m[2]!)) return null;
  const sign = isMinus(m[1]) ? '-' : '';
  const body = m[2]!;
  const exponent = m[3] === undefined ? '' : `e${m[3]}`;

  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let integer: string;
  let fraction = '';
  let thousands: string | null = null;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    thousands = decimal === '.' ? ',' : '.';
    const at = body.lastIndexOf(decimal);
    if (body.indexOf(decimal) !== at) return null;
    integer = body.slice(0, at);
    fraction = body.slice(at + 1);
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    if (body.split(separator).length === 2) {
      [integer, fraction] = body.split(separator) as [string, string];
    } else {
      integer = body;
      thousands = separator;
    }
  } else {
    integer = body;
  }

  if (thousands !== null) {
    const groups = integer.split(thousands);
    if (!/^\d{1,3}$/.test(groups[0]!) || !groups.slice(1).every((g) => /^\d{3}$/.test(g)))
      return null;
    integer = groups.join('');
  }
  if (!/^\d*$/.test(integer) || !/^\d*$/.test(fraction)) return null;
  if (integer === '' && fraction === '') return null;

  const value = Number(`${sign}${integer || '0'}.${fraction || '0'}${exponent}`);
  return Number.isFinite(value) ? value : null;
}

/**
 * The other reading of an ambiguous number: `1.234` or `1,234` — one separator, once, between 1–3
 * digits and exactly 3 — read as thousands (1234), where `parseDecimal` reads it as a decimal
 * (1.234, rule 5). Brazilians group thousands with a dot (`1.500` for 1500), English speakers with
 * a comma, and both write decimals with the other sign: which one a student meant cannot be told
 * from the text. Grading accepts either reading (grading.ts). Null when the text is not ambiguous.
 */
export function thousandsReading(text: string): number | null {
  const m = /^([+\-\u2212\u2013]?)(\d{1,3})[.,](\d{3})$/.exec(text.trim());
  if (!m) return null;
  const sign = isMinus(m[1]) ? '-' : '';
  return Number(`${sign}${m[2]}${m[3]}`);
}

/** `value` cut to 12 significant digits: float noise (0.1 + 0.2 = 0.30000000000000004) removed. */
export function roundNoise(value: number): number {
  return Number.isFinite(value) && value !== 0 ? Number(value.toPrecision(12)) : value;
}

/**
 * A number as shown to a student: 12 significant digits at most, no thousands grouping (so that
 * typing it back parses to the same value), a decimal comma in Portuguese (2,5) and a dot in
 * English (2.5). Very large or small numbers keep JavaScript's exponent form (1e+21).
 */
export function formatDecimal(value: number, locale: Language = 'pt-BR'): string {
  const text = String(roundNoise(value));
  return locale === 'pt-BR' ? text.replace('.', ',') : text;
}
