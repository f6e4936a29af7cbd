import type { ItemResponse, PublicItem } from '@aprenda/shared/schemas/exercises';
import { RESPONSE_TEXT_MAX } from '@aprenda/shared/schemas/exercises';
import { parseDecimal } from '@aprenda/shared/decimal';
import { mathSpans } from '@/lib/plain-text';
import { mathsAsText } from './item-text';

/**
 * Pure helpers of the answer input (components/answer/answer-input.tsx): what a response of each
 * kind looks like, when it is complete enough to send, and the 1–9 keys of the choice groups.
 */

/** Whether `value` is a response of the shape `item.kind` expects and has something in it. */
export function isAnswerComplete(item: PublicItem, value: ItemResponse | null): boolean {
  if (!value) return false;
  switch (item.kind) {
    case 'single':
      return 'choice' in value && item.choices.some((c) => c.id === value.choice);
    case 'multiple':
      return 'choices' in value && value.choices.length > 0;
    default:
      return (
        'value' in value &&
        value.value.trim() !== '' &&
        value.value.length <= RESPONSE_TEXT_MAX &&
        // A number field holds a number ("2,5", "-3", "1.234,5"): "abc" is not sent as a wrong answer.
        (item.kind !== 'numeric' || parseDecimal(value.value) !== null)
      );
  }
}

/** The choice ids picked in a response (none for typed answers). */
export function pickedChoices(value: ItemResponse | null): string[] {
  if (!value) return [];
  if ('choice' in value) return [value.choice];
  if ('choices' in value) return value.choices;
  return [];
}

/** The typed text of a response ('' for choice responses). */
export function typedValue(value: ItemResponse | null): string {
  return value && 'value' in value ? value.value : '';
}

/** A typed answer as a response: empty text is no response at all. */
export function textResponse(text: string): ItemResponse | null {
  return text === '' ? null : { value: text.slice(0, RESPONSE_TEXT_MAX) };
}

/**
 * A `multiple` response with `choiceId` switched on or off, the picks kept in the order of the
 * item's choices; no pick left is no response.
 */
export function toggleChoice(
  item: PublicItem,
  value: ItemResponse | null,
  choiceId: string,
): ItemResponse | null {
  const picked = new Set(pickedChoices(value));
  if (picked.has(choiceId)) picked.delete(choiceId);
  else picked.add(choiceId);
  const choices = item.choices.map((c) => c.id).filter((id) => picked.has(id));
  return choices.length > 0 ? { choices } : null;
}

/**
 * The choice index (0-based) a key picks in a choice group: "1"–"9" for the first nine choices,
 * none with a modifier held or past the last choice.
 */
export function choiceIndexForKey(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>,
  count: number,
): number | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (!/^[1-9]$/.test(event.key)) return null;
  const index = Number(event.key) - 1;
  return index < count ? index : null;
}

/**
 * A choice's (or a question's) text as a plain name for its radio, checkbox or button: maths
 * without its delimiters (`$19$` → `19`, `$$…$$`, `\(…\)`, `\[…\]`) and read as text
 * (`$3 \times 7$` → "3 × 7", `\frac{1}{2}` → "1/2": `mathsAsText`), markdown emphasis and code
 * marks dropped, spaces collapsed. KaTeX's output names nothing by itself (its visible part is
 * hidden from assistive technology). Only real maths loses its `$` (`mathSpans`), so money
 * ("R$ 30,00", "custa R$ 5 e R$ 7") stays as typed, and `\$` outside maths is a dollar sign.
 */
export function plainChoiceText(text: string): string {
  const prose = (part: string) => part.replace(/\\\$/g, '$').replace(/[*_`]+/g, '');
  let out = '';
  let from = 0;
  for (const span of mathSpans(text)) {
    out += prose(text.slice(from, span.start));
    const open = span.delimiter.length;
    out += mathsAsText(text.slice(span.start + open, span.end - open));
    from = span.end;
  }
  return (out + prose(text.slice(from))).replace(/\s+/g, ' ').trim();
}
