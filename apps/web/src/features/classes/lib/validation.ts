import type { TFunction } from 'i18next';
import {
  INVITE_MAX_EXPIRY_DAYS,
  INVITE_MAX_USES,
  INVITE_MIN_EXPIRY_DAYS,
} from '@aprenda/shared/schemas/classes';

/** Per-field messages, keyed by field name. */
export type FieldMessages = Partial<Record<string, string>>;

interface IssueLike {
  path: string;
  code: string;
  minimum?: number;
  maximum?: number;
}

/** Bounds of the whole-number fields of the class forms, by field (API name or form name). */
export const NUMBER_FIELDS = {
  max_uses: { min: 1, max: INVITE_MAX_USES },
  // The invite form asks for days; the API's expires_at errors land on that field.
  expiry_days: { min: INVITE_MIN_EXPIRY_DAYS, max: INVITE_MAX_EXPIRY_DAYS },
  expires_at: { min: INVITE_MIN_EXPIRY_DAYS, max: INVITE_MAX_EXPIRY_DAYS },
} as const satisfies Record<string, { min: number; max: number }>;

const numberBounds = (field: string): { min: number; max: number } | undefined =>
  (NUMBER_FIELDS as Partial<Record<string, { min: number; max: number }>>)[field];

/** "Digite um número inteiro de 1 a 10.000." — numbers in the language's format. */
export function numberMessage(t: TFunction, bounds: { min: number; max: number }): string {
  return t('classes:validation.wholeNumber', { min: bounds.min, max: bounds.max });
}

export type NumberResult = { ok: true; value: number | null } | { ok: false; error: string };

/**
 * A whole-number field's text → its value (null when empty and optional), or the translated
 * reason: the field is a text input (`inputMode="numeric"`), so "abc", "1.5", "-2" or "1e3" are
 * seen and named — never sent as NaN or silently dropped.
 */
export function parseWholeNumber(
  t: TFunction,
  raw: string,
  bounds: { min: number; max: number },
  options: { required?: boolean } = {},
): NumberResult {
  const text = raw.trim();
  if (text === '') {
    return options.required
      ? { ok: false, error: t('classes:validation.required') }
      : { ok: true, value: null };
  }
  if (!/^\d+$/.test(text)) return { ok: false, error: numberMessage(t, bounds) };
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < bounds.min || value > bounds.max) {
    return { ok: false, error: numberMessage(t, bounds) };
  }
  return { ok: true, value };
}

/** One translated message for a field issue (zod issue or server field error). */
function issueMessage(t: TFunction, issue: IssueLike, value: string | undefined): string {
  const field = issue.path.split('.')[0] ?? '';
  const empty = value !== undefined && value.trim() === '';
  const bounds = numberBounds(field);
  if (bounds) return empty ? t('classes:validation.required') : numberMessage(t, bounds);
  if (issue.code === 'too_big') {
    return t('classes:validation.tooLong', { max: issue.maximum ?? 0 });
  }
  if (empty && issue.code !== 'invalid_format') return t('classes:validation.required');
  if (field === 'code') {
    if (issue.code === 'too_small') {
      return t('classes:validation.codeLength', { min: issue.minimum ?? 4 });
    }
    return t('classes:validation.codeAlphabet');
  }
  if (field === 'email') return t('classes:validation.email');
  if (field === 'ends_at' && issue.code === 'custom') return t('classes:validation.endBeforeStart');
  if (field === 'starts_at' || field === 'ends_at') return t('classes:validation.dateTime');
  if (issue.code === 'too_small') return t('classes:validation.required');
  return t('classes:validation.invalid');
}

/** zod issues (client) or field errors (server 400) → one message per field (the first wins). */
export function fieldMessages(
  t: TFunction,
  issues: readonly IssueLike[],
  values: Record<string, string | undefined>,
): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[0] ?? '';
    if (!field) continue;
    // a character outside the alphabet says more than a length problem
    const wins = !out[field] || (field === 'code' && issue.code === 'invalid_format');
    if (wins) out[field] = issueMessage(t, issue, values[field]);
  }
  return out;
}

/** zod issues carry their path as an array; make them look like server field errors. */
export function zodIssues(
  issues: readonly {
    path: readonly PropertyKey[];
    code: string;
    minimum?: unknown;
    maximum?: unknown;
  }[],
): IssueLike[] {
  return issues.map((i) => ({
    path: i.path.map(String).join('.'),
    code: i.code,
    minimum: typeof i.minimum === 'number' ? i.minimum : undefined,
    maximum: typeof i.maximum === 'number' ? i.maximum : undefined,
  }));
}
