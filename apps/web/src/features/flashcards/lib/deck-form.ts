import type { TFunction } from 'i18next';
import type { FieldError } from '@aprenda/shared/errors';
import {
  DECK_DESCRIPTION_MAX,
  DECK_TITLE_MAX,
  DESIRED_RETENTION_DEFAULT,
  DESIRED_RETENTION_MAX,
  DESIRED_RETENTION_MIN,
  NEW_PER_DAY_DEFAULT,
  NEW_PER_DAY_MAX,
  REVIEWS_PER_DAY_DEFAULT,
  REVIEWS_PER_DAY_MAX,
  type CreateDeckInput,
  type Deck,
} from '@aprenda/shared/schemas/flashcards';

/** The deck form as typed (numbers stay text until checked, so nothing typed is lost). */
export interface DeckFormValues {
  title: string;
  description: string;
  /** Desired retention as a whole percentage ("90"). */
  retention: string;
  newPerDay: string;
  reviewsPerDay: string;
}

export type DeckFormField = keyof DeckFormValues;
export type DeckFormErrors = Partial<Record<DeckFormField, string>>;

export const RETENTION_PERCENT = {
  min: Math.round(DESIRED_RETENTION_MIN * 100),
  max: Math.round(DESIRED_RETENTION_MAX * 100),
};
const NUMBER_BOUNDS = {
  retention: RETENTION_PERCENT,
  newPerDay: { min: 0, max: NEW_PER_DAY_MAX },
  reviewsPerDay: { min: 0, max: REVIEWS_PER_DAY_MAX },
} as const;

/** The API's field names → the form's. */
const API_FIELDS: Record<string, DeckFormField> = {
  title: 'title',
  description: 'description',
  desired_retention: 'retention',
  new_per_day: 'newPerDay',
  reviews_per_day: 'reviewsPerDay',
};

export function deckFormValues(deck?: Deck): DeckFormValues {
  return {
    title: deck?.title ?? '',
    description: deck?.description ?? '',
    retention: String(Math.round((deck?.desired_retention ?? DESIRED_RETENTION_DEFAULT) * 100)),
    newPerDay: String(deck?.new_per_day ?? NEW_PER_DAY_DEFAULT),
    reviewsPerDay: String(deck?.reviews_per_day ?? REVIEWS_PER_DAY_DEFAULT),
  };
}

function formatNumber(language: string, n: number): string {
  return new Intl.NumberFormat(language).format(n);
}

function numberMessage(t: TFunction, language: string, field: keyof typeof NUMBER_BOUNDS): string {
  const { min, max } = NUMBER_BOUNDS[field];
  return t(
    field === 'retention' ? 'flashcards:validation.retention' : 'flashcards:validation.wholeNumber',
    {
      min: formatNumber(language, min),
      max: formatNumber(language, max),
    },
  );
}

/** A whole number within bounds from text, or null (typed "abc", "1.5", "-2", empty). */
function wholeNumber(text: string, bounds: { min: number; max: number }): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= bounds.min && value <= bounds.max ? value : null;
}

export type DeckFormResult =
  | { ok: true; data: CreateDeckInput & { description: string | null } }
  | { ok: false; errors: DeckFormErrors };

/** Check the form before sending; every problem named in the interface language. */
export function validateDeckForm(
  t: TFunction,
  language: string,
  values: DeckFormValues,
): DeckFormResult {
  const errors: DeckFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = t('flashcards:validation.required');
  else if (title.length > DECK_TITLE_MAX) {
    errors.title = t('flashcards:validation.tooLong', {
      max: formatNumber(language, DECK_TITLE_MAX),
    });
  }
  const description = values.description.trim();
  if (description.length > DECK_DESCRIPTION_MAX) {
    errors.description = t('flashcards:validation.tooLong', {
      max: formatNumber(language, DECK_DESCRIPTION_MAX),
    });
  }
  const numbers = {} as Record<keyof typeof NUMBER_BOUNDS, number>;
  for (const field of Object.keys(NUMBER_BOUNDS) as (keyof typeof NUMBER_BOUNDS)[]) {
    const value = wholeNumber(values[field], NUMBER_BOUNDS[field]);
    if (value === null) {
      errors[field] = values[field].trim()
        ? numberMessage(t, language, field)
        : t('flashcards:validation.required');
    } else {
      numbers[field] = value;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    data: {
      title,
      description: description || null,
      desired_retention: numbers.retention / 100,
      new_per_day: numbers.newPerDay,
      reviews_per_day: numbers.reviewsPerDay,
    },
  };
}

/** The server's field errors (a 400) on the form's fields, translated. */
export function deckServerErrors(
  t: TFunction,
  language: string,
  errors: FieldError[],
): DeckFormErrors {
  const out: DeckFormErrors = {};
  for (const error of errors) {
    const field = API_FIELDS[error.path.split('.')[0] ?? ''];
    if (!field || out[field]) continue;
    if (field === 'retention' || field === 'newPerDay' || field === 'reviewsPerDay') {
      out[field] = numberMessage(t, language, field);
    } else if (error.code === 'too_big') {
      out[field] = t('flashcards:validation.tooLong', {
        max: formatNumber(
          language,
          error.maximum ?? (field === 'title' ? DECK_TITLE_MAX : DECK_DESCRIPTION_MAX),
        ),
      });
    } else {
      out[field] = t('flashcards:validation.required');
    }
  }
  return out;
}
