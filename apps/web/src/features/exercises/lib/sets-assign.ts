import type { TFunction } from 'i18next';
import type { FieldError } from '@aprenda/shared/errors';
import {
  ATTEMPTS_MAX,
  type AssignmentInput,
  type FeedbackMode,
} from '@aprenda/shared/schemas/exercises';

/** The "Passar para a turma" form (no JSX): local date-times ↔ ISO, checks, server errors. */

export interface AssignFormValues {
  classId: string;
  /** `datetime-local` values ("2026-11-24T14:30"), in the browser's time zone. */
  openAt: string;
  dueAt: string;
  /** Whole number as typed; 0 = as many as the student wants. */
  attempts: string;
  shuffle: boolean;
  feedback: FeedbackMode;
}

export type AssignFormField = 'classId' | 'openAt' | 'dueAt' | 'attempts';
export type AssignFormErrors = Partial<Record<AssignFormField, string>>;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A date as a `datetime-local` value in the browser's time zone (minutes). */
export function toLocalInput(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/**
 * A `datetime-local` value read in the browser's time zone, as an ISO date-time with that zone's
 * offset ("2026-11-24T14:30:00-03:00"); null when empty or not a date.
 */
export function localInputToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00'] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(date.getTime()) || date.getMonth() !== Number(mo) - 1) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return (
    `${toLocalInput(date)}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

export function assignFormValues(now: Date, classId = ''): AssignFormValues {
  return {
    classId,
    openAt: toLocalInput(now),
    dueAt: '',
    attempts: '1',
    shuffle: true,
    feedback: 'immediate',
  };
}

export type AssignFormResult =
  { ok: true; classId: string; data: AssignmentInput } | { ok: false; errors: AssignFormErrors };

export function validateAssignForm(
  t: TFunction,
  setId: string,
  values: AssignFormValues,
  now: Date = new Date(),
): AssignFormResult {
  const errors: AssignFormErrors = {};
  if (!values.classId) errors.classId = t('sets:assign.errors.classRequired');
  const openAt = localInputToIso(values.openAt);
  if (!openAt) errors.openAt = t('sets:assign.errors.dateRequired');
  const dueAt = localInputToIso(values.dueAt);
  if (!dueAt) errors.dueAt = t('sets:assign.errors.dateRequired');
  else if (Date.parse(dueAt) <= now.getTime()) {
    // A wrong day or year: every student would count as having missed it at once.
    errors.dueAt = t('sets:assign.errors.dueInPast');
  } else if (openAt && Date.parse(dueAt) <= Date.parse(openAt)) {
    errors.dueAt = t('sets:assign.errors.dueBeforeOpen');
  }
  const attemptsText = values.attempts.trim();
  const attempts = /^\d+$/.test(attemptsText) ? Number(attemptsText) : NaN;
  if (!(attempts >= 0 && attempts <= ATTEMPTS_MAX)) {
    errors.attempts = t('sets:assign.errors.attempts', { max: ATTEMPTS_MAX });
  }
  if (Object.keys(errors).length > 0 || !openAt || !dueAt) return { ok: false, errors };
  return {
    ok: true,
    classId: values.classId,
    data: {
      set_id: setId,
      open_at: openAt,
      due_at: dueAt,
      attempts_allowed: attempts,
      shuffle: values.shuffle,
      feedback: values.feedback,
    },
  };
}

const API_FIELDS: Record<string, AssignFormField> = {
  open_at: 'openAt',
  due_at: 'dueAt',
  attempts_allowed: 'attempts',
};

/** The server's 400 `errors[]` on the form's fields (null: none of them is a field of the form). */
export function assignServerErrors(
  t: TFunction,
  errors: readonly FieldError[],
): AssignFormErrors | null {
  const out: AssignFormErrors = {};
  for (const error of errors) {
    const field = API_FIELDS[error.path.split('.')[0] ?? ''];
    if (!field || out[field]) continue;
    if (field === 'attempts') {
      out.attempts = t('sets:assign.errors.attempts', { max: ATTEMPTS_MAX });
    } else if (field === 'dueAt' && error.code === 'due_in_past') {
      out.dueAt = t('sets:assign.errors.dueInPast');
    } else if (field === 'dueAt' && error.code === 'custom') {
      out.dueAt = t('sets:assign.errors.dueBeforeOpen');
    } else {
      out[field] = t('sets:assign.errors.dateRequired');
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}
