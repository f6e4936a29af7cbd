import type { TFunction } from 'i18next';

/** Per-field messages, keyed by field name. */
export type FieldMessages = Partial<Record<string, string>>;

interface IssueLike {
  path: string;
  code: string;
  minimum?: number;
  maximum?: number;
}

/** One translated message for a field issue (zod issue or server field error). */
function issueMessage(t: TFunction, issue: IssueLike, value: string | undefined): string {
  const field = issue.path.split('.')[0] ?? '';
  const empty = value !== undefined && value.trim() === '';
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
