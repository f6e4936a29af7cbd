import type { TFunction } from 'i18next';
import type { FieldError } from '@aprenda/shared/errors';
import { clozeNumbers } from '@aprenda/shared/cloze';
import {
  CARD_SIDE_MAX,
  CARD_TAG_MAX,
  CARD_TAGS_MAX,
  cardInputErrors,
  type Card,
  type CardInput,
  type CardKind,
} from '@aprenda/shared/schemas/flashcards';

/** The card editor as typed: tags stay one text ("enem biologia") until saved. */
export interface CardFormValues {
  kind: CardKind;
  front: string;
  back: string;
  tags: string;
  /** The catalogue skill the card practises, if any. */
  skill_id: string | null;
}

export type CardFormField = 'front' | 'back' | 'tags';
export type CardFormErrors = Partial<Record<CardFormField, string>>;

/** What the examples in the texts show: `{{c1::resposta}}` (never interpolated by i18next). */
export const CLOZE_EXAMPLE = '{{c1::resposta}}';
export const CLOZE_EXAMPLE_EN = '{{c1::answer}}';

export function clozeExample(language: string): string {
  return language.startsWith('pt') ? CLOZE_EXAMPLE : CLOZE_EXAMPLE_EN;
}

export function cardFormValues(card?: Card): CardFormValues {
  return {
    kind: card?.kind ?? 'basic',
    front: card?.front ?? '',
    back: card?.back ?? '',
    tags: card?.tags.join(' ') ?? '',
    skill_id: card?.skill_id ?? null,
  };
}

/** Tags from text: split at spaces and commas, duplicates dropped, order kept. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of text.split(/[\s,]+/)) {
    if (!tag || seen.has(tag)) continue;
    seen.add(tag);
    out.push(tag);
  }
  return out;
}

function fmt(language: string, n: number): string {
  return new Intl.NumberFormat(language).format(n);
}

function sideMessage(t: TFunction, language: string, length: number): string {
  return t('flashcards:editor.sideTooLong', {
    max: fmt(language, CARD_SIDE_MAX),
    count: fmt(language, length),
  });
}

export type CardFormResult =
  | { ok: true; data: CardInput & { back: string; tags: string[]; skill_id: string | null } }
  | { ok: false; errors: CardFormErrors };

/** The editor's checks before sending (the server makes the same ones). */
export function validateCardForm(
  t: TFunction,
  language: string,
  values: CardFormValues,
): CardFormResult {
  const errors: CardFormErrors = {};
  if (!values.front.trim()) errors.front = t('flashcards:editor.frontRequired');
  for (const issue of cardInputErrors(values)) {
    const field = issue.path as CardFormField;
    if (errors[field]) continue;
    errors[field] =
      issue.code === 'too_big'
        ? sideMessage(t, language, values[field === 'back' ? 'back' : 'front'].length)
        : t('flashcards:editor.clozeMissing', { example: clozeExample(language) });
  }
  const tags = parseTags(values.tags);
  if (tags.length > CARD_TAGS_MAX) {
    errors.tags = t('flashcards:editor.tooManyTags', { max: CARD_TAGS_MAX });
  } else if (tags.some((tag) => tag.length > CARD_TAG_MAX)) {
    errors.tags = t('flashcards:editor.tagInvalid', { max: CARD_TAG_MAX });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    data: {
      kind: values.kind,
      front: values.front,
      back: values.back,
      tags,
      skill_id: values.skill_id,
    },
  };
}

/** The server's field errors of a card (400 or 413 `card_side_too_long`), on the editor's fields. */
export function cardServerErrors(
  t: TFunction,
  language: string,
  errors: FieldError[],
  values: CardFormValues,
): CardFormErrors {
  const out: CardFormErrors = {};
  for (const error of errors) {
    const root = error.path.split('.')[0] ?? '';
    const field: CardFormField | null =
      root === 'front' || root === 'back' ? root : root === 'tags' ? 'tags' : null;
    if (!field || out[field]) continue;
    if (field === 'tags') {
      out.tags =
        error.code === 'too_big' && !error.path.includes('.')
          ? t('flashcards:editor.tooManyTags', { max: CARD_TAGS_MAX })
          : t('flashcards:editor.tagInvalid', { max: CARD_TAG_MAX });
    } else if (error.code === 'cloze_without_deletion') {
      out[field] = t('flashcards:editor.clozeMissing', { example: clozeExample(language) });
    } else if (error.code === 'too_big' || error.code === 'card_side_too_long') {
      out[field] = sideMessage(t, language, values[field].length);
    } else {
      out[field] = t('flashcards:editor.frontRequired');
    }
  }
  return out;
}

/**
 * "Inserir lacuna" (Ctrl+Shift+C, as in Anki): wrap the selection in the next cloze number, or
 * put an empty `{{cN::}}` at the cursor. Returns the new text and where the cursor goes (the
 * deletion's text selected, or inside the empty one).
 */
export function insertCloze(
  text: string,
  start: number,
  end: number,
): { text: string; selectionStart: number; selectionEnd: number } {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  const n = Math.max(0, ...clozeNumbers(text)) + 1;
  const opener = `{{c${n}::`;
  const selected = text.slice(from, to);
  const next = `${text.slice(0, from)}${opener}${selected}}}${text.slice(to)}`;
  const inner = from + opener.length;
  return { text: next, selectionStart: inner, selectionEnd: inner + selected.length };
}
