import {
  DIAGRAM_CODE_MAX,
  DIAGRAM_DESCRIPTION_MAX,
  DIAGRAM_TITLE_MAX,
} from '@aprenda/shared/schemas/diagrams';

/** What the editor holds (and saves). */
export interface DiagramDraft {
  title: string;
  description: string;
  code: string;
}

export type DiagramFieldError = 'required' | 'tooLong';
export type DiagramFormErrors = Partial<Record<keyof DiagramDraft, DiagramFieldError>>;

/**
 * The rules of the API contract (createDiagramSchema), checked before saving so the user learns
 * what is missing next to the field: a title and a description are required (screen readers read
 * them), each within its limit; the code within DIAGRAM_CODE_MAX and not empty.
 */
export function validateDiagram(draft: DiagramDraft): DiagramFormErrors {
  const errors: DiagramFormErrors = {};
  const title = draft.title.trim();
  const description = draft.description.trim();
  if (!title) errors.title = 'required';
  else if (title.length > DIAGRAM_TITLE_MAX) errors.title = 'tooLong';
  if (!description) errors.description = 'required';
  else if (description.length > DIAGRAM_DESCRIPTION_MAX) errors.description = 'tooLong';
  if (!draft.code.trim()) errors.code = 'required';
  else if (draft.code.length > DIAGRAM_CODE_MAX) errors.code = 'tooLong';
  return errors;
}

export function hasErrors(errors: DiagramFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The fields that changed since the saved version (what a PATCH sends), trimmed like the API. */
export function changedFields(saved: DiagramDraft, draft: DiagramDraft): Partial<DiagramDraft> {
  const out: Partial<DiagramDraft> = {};
  if (draft.title.trim() !== saved.title) out.title = draft.title.trim();
  if (draft.description.trim() !== saved.description) out.description = draft.description.trim();
  if (draft.code !== saved.code) out.code = draft.code;
  return out;
}
