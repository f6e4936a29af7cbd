import type { z } from 'zod';

export type FieldErrors = Partial<
  Record<string, { key: string; values?: Record<string, unknown> }>
>;

/** Turn zod issues into translation keys (namespace auth) per field; the first issue per field wins. */
export function issuesToFieldErrors(
  issues: z.core.$ZodIssue[],
  values: Record<string, string>,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || out[field]) continue;
    const empty = (values[field] ?? '').trim() === '';
    if (field === 'role') {
      out[field] = { key: 'validation.role' };
    } else if (empty && issue.code !== 'too_big') {
      out[field] = { key: 'validation.required' };
    } else if (field === 'email' && issue.code !== 'too_big') {
      out[field] = { key: 'validation.email' };
    } else if (issue.code === 'too_small') {
      out[field] = { key: 'validation.passwordMin', values: { min: Number(issue.minimum) } };
    } else if (issue.code === 'too_big') {
      out[field] = { key: 'validation.tooLong', values: { max: Number(issue.maximum) } };
    } else {
      out[field] = { key: 'validation.required' };
    }
  }
  return out;
}
