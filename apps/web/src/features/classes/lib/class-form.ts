import type { TFunction } from 'i18next';
import { createClassSchema } from '@aprenda/shared/schemas/classes';
import { fieldMessages, zodIssues, type FieldMessages } from './validation';

export interface ClassFormValues {
  title: string;
  description: string;
  code: string;
}

export type ClassFormResult =
  | { ok: true; data: { title: string; description: string | null; code?: string } }
  | { ok: false; errors: FieldMessages };

/**
 * Validate the create/edit form with the shared schema (title 1–120, description ≤ 2,000,
 * code 4–12 of the alphabet, optional) and return translated messages per field.
 */
export function validateClassForm(t: TFunction, values: ClassFormValues): ClassFormResult {
  const parsed = createClassSchema.safeParse({
    title: values.title,
    description: values.description.trim() === '' ? null : values.description,
    code: values.code.trim() === '' ? undefined : values.code,
  });
  if (!parsed.success) {
    return {
      ok: false,
      errors: fieldMessages(t, zodIssues(parsed.error.issues), { ...values }),
    };
  }
  return {
    ok: true,
    data: {
      title: parsed.data.title,
      description: parsed.data.description ?? null,
      ...(parsed.data.code ? { code: parsed.data.code } : {}),
    },
  };
}
