import type { TFunction } from 'i18next';
import type { FieldError } from '@aprenda/shared/errors';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import {
  ATTEMPTS_MAX,
  type Assignment,
  type AssignmentInput,
  type AssignmentUpdate,
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

/** The dates and attempts of an assignment, as the form has them (given, or changed later). */
export type ScheduleValues = Pick<AssignFormValues, 'openAt' | 'dueAt' | 'attempts'>;
type ScheduleErrors = Pick<AssignFormErrors, 'openAt' | 'dueAt' | 'attempts'>;

/**
 * The open and due dates and the attempts checked together. `dueMustBeFuture`: a due date given
 * now (or moved) that has passed is a slip — a wrong day or year: every student would count as
 * having missed it at once.
 */
function readSchedule(
  t: TFunction,
  values: ScheduleValues,
  now: Date,
  dueMustBeFuture: boolean,
): { errors: ScheduleErrors; openAt: string | null; dueAt: string | null; attempts: number } {
  const errors: ScheduleErrors = {};
  const openAt = localInputToIso(values.openAt);
  if (!openAt) errors.openAt = t('sets:assign.errors.dateRequired');
  const dueAt = localInputToIso(values.dueAt);
  if (!dueAt) errors.dueAt = t('sets:assign.errors.dateRequired');
  else if (dueMustBeFuture && Date.parse(dueAt) <= now.getTime()) {
    errors.dueAt = t('sets:assign.errors.dueInPast');
  } else if (openAt && Date.parse(dueAt) <= Date.parse(openAt)) {
    errors.dueAt = t('sets:assign.errors.dueBeforeOpen');
  }
  const attemptsText = values.attempts.trim();
  const attempts = /^\d+$/.test(attemptsText) ? Number(attemptsText) : NaN;
  if (!(attempts >= 0 && attempts <= ATTEMPTS_MAX)) {
    errors.attempts = t('sets:assign.errors.attempts', { max: ATTEMPTS_MAX });
  }
  return { errors, openAt, dueAt, attempts };
}

export function validateAssignForm(
  t: TFunction,
  setId: string,
  values: AssignFormValues,
  now: Date = new Date(),
): AssignFormResult {
  const { errors, openAt, dueAt, attempts } = readSchedule(t, values, now, true);
  const all: AssignFormErrors = { ...errors };
  if (!values.classId) all.classId = t('sets:assign.errors.classRequired');
  if (Object.keys(all).length > 0 || !openAt || !dueAt) return { ok: false, errors: all };
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

/** An assignment's dates and attempts as the form shows them (the browser's time zone). */
export function scheduleValuesOf(assignment: Assignment): ScheduleValues {
  return {
    openAt: toLocalInput(new Date(assignment.open_at)),
    dueAt: toLocalInput(new Date(assignment.due_at)),
    attempts: String(assignment.attempts_allowed),
  };
}

export type ScheduleEditResult =
  { ok: true; data: AssignmentUpdate | null } | { ok: false; errors: ScheduleErrors };

/**
 * "Alterar datas e tentativas": only what the teacher changed goes (null: nothing changed). A due
 * date left as it was may have passed; one moved may not.
 */
export function validateScheduleEdit(
  t: TFunction,
  values: ScheduleValues,
  initial: ScheduleValues,
  now: Date = new Date(),
): ScheduleEditResult {
  const dueMoved = values.dueAt.trim() !== initial.dueAt;
  const { errors, openAt, dueAt, attempts } = readSchedule(t, values, now, dueMoved);
  if (Object.keys(errors).length > 0 || !openAt || !dueAt) return { ok: false, errors };
  const data: AssignmentUpdate = {};
  if (values.openAt.trim() !== initial.openAt) data.open_at = openAt;
  if (dueMoved) data.due_at = dueAt;
  if (String(attempts) !== initial.attempts) data.attempts_allowed = attempts;
  return { ok: true, data: Object.keys(data).length > 0 ? data : null };
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
    } else if (field === 'dueAt' && (error.code === 'custom' || error.code === 'due_before_open')) {
      out.dueAt = t('sets:assign.errors.dueBeforeOpen');
    } else {
      out[field] = t('sets:assign.errors.dateRequired');
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * A save the server refused, for the form: its field errors on the fields (`fields`), else the
 * message alone (the caller also says it in a toast).
 */
export function refusedSave(
  t: TFunction,
  failure: unknown,
): { errors: AssignFormErrors; formError: string; fields: boolean } {
  const fields = fieldErrorsOf(failure);
  const mapped = fields ? assignServerErrors(t, fields) : null;
  if (mapped) return { errors: mapped, formError: t('sets:assign.fixFields'), fields: true };
  return { errors: {}, formError: errorMessage(t, failure), fields: false };
}

/** When something is due, as the toasts say it ("24 de nov. de 2026, 23:59"). */
export function dueText(language: string, iso: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/**
 * The assignments of set `setId` among a class's that are not past due at `now`, soonest due
 * first. Giving the set to that class again would show its students two identical entries (and
 * the calendar two events), so the form asks first. A set given again once the earlier due date
 * has passed (the next term, a second round) is no repeat.
 */
export function openRepeats(
  assignments: readonly Assignment[],
  setId: string,
  now: Date = new Date(),
): Assignment[] {
  return assignments
    .filter((a) => a.set_id === setId && Date.parse(a.due_at) > now.getTime())
    .sort((a, b) => Date.parse(a.due_at) - Date.parse(b.due_at));
}

/** Their due dates in a sentence ("05/12" — with the year when not this year's; "05/12 e 12/12"). */
export function repeatDueDates(
  language: string,
  assignments: readonly Assignment[],
  now: Date = new Date(),
): string {
  const dates = assignments.map((a) => {
    const due = new Date(a.due_at);
    return new Intl.DateTimeFormat(language, {
      day: '2-digit',
      month: '2-digit',
      ...(due.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    }).format(due);
  });
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(dates);
}
