import { describe, expect, it } from 'vitest';
import type { Assignment } from '@aprenda/shared/schemas/exercises';
import { createI18n } from '@/lib/i18n';
import {
  assignFormValues,
  assignServerErrors,
  localInputToIso,
  openRepeats,
  repeatDueDates,
  scheduleValuesOf,
  toLocalInput,
  validateAssignForm,
  validateScheduleEdit,
} from './sets-assign';

const t = createI18n().getFixedT('pt-BR');

describe('assign form', () => {
  it('turns a local date-time into ISO with the browser offset, and back', () => {
    const iso = localInputToIso('2026-11-24T14:30')!;
    expect(iso).toMatch(/^2026-11-24T14:30:00[+-]\d{2}:\d{2}$/);
    expect(toLocalInput(new Date(iso))).toBe('2026-11-24T14:30');
    const offset = -new Date(2026, 10, 24, 14, 30).getTimezoneOffset();
    expect(Date.parse(iso)).toBe(Date.UTC(2026, 10, 24, 14, 30) - offset * 60_000);
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2026-02-31T10:00')).toBeNull();
    expect(localInputToIso('amanhã')).toBeNull();
  });

  it('opens now by default, one attempt, shuffled, corrected at once', () => {
    const values = assignFormValues(new Date(2026, 10, 24, 9, 5));
    expect(values).toEqual({
      classId: '',
      openAt: '2026-11-24T09:05',
      dueAt: '',
      attempts: '1',
      shuffle: true,
      feedback: 'immediate',
    });
  });

  it('needs a class, a due date after the opening and 0–10 attempts', () => {
    const base = assignFormValues(new Date(2026, 10, 24, 9, 0));
    const now = new Date(2026, 10, 24, 7, 0);
    const bad = validateAssignForm(
      t,
      's1',
      { ...base, dueAt: '2026-11-24T08:00', attempts: '11' },
      now,
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        classId: 'Escolha a turma.',
        dueAt: 'O prazo precisa ser depois da abertura.',
        attempts: 'Use um número inteiro de 0 a 10 (0 = sem limite).',
      },
    });
    const missing = validateAssignForm(t, 's1', { ...base, classId: 'c1' }, now);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.errors.dueAt).toBe('Escolha a data e a hora.');
    const good = validateAssignForm(
      t,
      's1',
      {
        ...base,
        classId: 'c1',
        dueAt: '2026-12-01T23:59',
        attempts: '0',
        feedback: 'after_due',
      },
      now,
    );
    expect(good.ok).toBe(true);
    if (good.ok) {
      expect(good.classId).toBe('c1');
      expect(good.data).toMatchObject({
        set_id: 's1',
        attempts_allowed: 0,
        shuffle: true,
        feedback: 'after_due',
      });
      expect(good.data.due_at).toMatch(/^2026-12-01T23:59:00[+-]\d{2}:\d{2}$/);
    }
  });

  it('refuses a due date already past (a wrong day or year), whatever the opening', () => {
    const now = new Date(2026, 10, 29, 10, 0);
    const base = { ...assignFormValues(new Date(2026, 10, 20, 8, 0)), classId: 'c1' };
    const past = validateAssignForm(t, 's1', { ...base, dueAt: '2026-11-25T23:59' }, now);
    expect(past).toEqual({
      ok: false,
      errors: { dueAt: 'Esse prazo já passou. Confira o dia e o ano.' },
    });
    expect(validateAssignForm(t, 's1', { ...base, dueAt: '2026-11-29T10:01' }, now).ok).toBe(true);
    expect(assignServerErrors(t, [{ path: 'due_at', code: 'due_in_past', message: '' }])).toEqual({
      dueAt: 'Esse prazo já passou. Confira o dia e o ano.',
    });
  });

  it('puts the server field errors on the form', () => {
    expect(
      assignServerErrors(t, [
        { path: 'due_at', code: 'custom', message: 'due_before_open' },
        { path: 'attempts_allowed', code: 'too_big', message: '', maximum: 10 },
      ]),
    ).toEqual({
      dueAt: 'O prazo precisa ser depois da abertura.',
      attempts: 'Use um número inteiro de 0 a 10 (0 = sem limite).',
    });
    expect(assignServerErrors(t, [{ path: 'set_id', code: 'invalid', message: '' }])).toBeNull();
  });
  it("maps the server's due_before_open of a change like the refine of a new one", () => {
    expect(
      assignServerErrors(t, [{ path: 'due_at', code: 'due_before_open', message: '' }]),
    ).toEqual({ dueAt: 'O prazo precisa ser depois da abertura.' });
  });
});

describe('changing what was given', () => {
  const given = {
    open_at: new Date(2026, 10, 20, 8, 0).toISOString(),
    due_at: new Date(2026, 10, 24, 23, 59).toISOString(),
    attempts_allowed: 1,
  };
  const initial = scheduleValuesOf(given as Parameters<typeof scheduleValuesOf>[0]);
  const now = new Date(2026, 10, 26, 10, 0); // the due date has passed

  it("shows the dates in the browser's time zone and sends only what changed", () => {
    expect(initial).toEqual({
      openAt: '2026-11-20T08:00',
      dueAt: '2026-11-24T23:59',
      attempts: '1',
    });
    expect(validateScheduleEdit(t, initial, initial, now)).toEqual({ ok: true, data: null });
    // A past due date left as it was does not stop a change of attempts.
    expect(validateScheduleEdit(t, { ...initial, attempts: ' 3 ' }, initial, now)).toEqual({
      ok: true,
      data: { attempts_allowed: 3 },
    });
    const moved = validateScheduleEdit(t, { ...initial, dueAt: '2026-11-30T12:00' }, initial, now);
    expect(moved).toEqual({ ok: true, data: { due_at: localInputToIso('2026-11-30T12:00') } });
  });

  it('refuses a due date moved into the past or before the opening, and bad attempts', () => {
    expect(
      validateScheduleEdit(t, { ...initial, dueAt: '2026-11-25T12:00' }, initial, now),
    ).toEqual({ ok: false, errors: { dueAt: 'Esse prazo já passou. Confira o dia e o ano.' } });
    expect(
      validateScheduleEdit(
        t,
        { ...initial, openAt: '2026-12-02T08:00', dueAt: '2026-12-01T12:00' },
        initial,
        now,
      ),
    ).toEqual({ ok: false, errors: { dueAt: 'O prazo precisa ser depois da abertura.' } });
    expect(
      validateScheduleEdit(t, { ...initial, attempts: '11', openAt: '' }, initial, now),
    ).toEqual({
      ok: false,
      errors: {
        openAt: 'Escolha a data e a hora.',
        attempts: 'Use um número inteiro de 0 a 10 (0 = sem limite).',
      },
    });
  });
});

describe('giving a set again to the same class', () => {
  const base: Assignment = {
    id: 'a1',
    class_id: 'c9',
    class_title: 'Matemática — 9º ano',
    set_id: 's2',
    title: 'Lista 2',
    description: '',
    open_at: new Date(2026, 10, 20, 8, 0).toISOString(),
    due_at: new Date(2026, 11, 5, 23, 59).toISOString(),
    attempts_allowed: 1,
    shuffle: true,
    feedback: 'immediate',
    event_id: 'e1',
    size: 1,
    created_at: '2026-11-20T12:00:00.000Z',
  };
  const now = new Date(2026, 11, 1, 10, 0);

  it('counts only the same set not yet past due (a new round after the due date is no repeat)', () => {
    const later = { ...base, id: 'a4', due_at: new Date(2027, 0, 12, 23, 59).toISOString() };
    const upcoming = { ...base, id: 'a5', open_at: new Date(2026, 11, 20).toISOString() };
    const given: Assignment[] = [
      later,
      { ...base, id: 'a2', due_at: new Date(2026, 10, 30, 23, 59).toISOString() },
      { ...base, id: 'a3', set_id: 's1' },
      base,
    ];
    expect(openRepeats(given, 's2', now).map((a) => a.id)).toEqual(['a1', 'a4']);
    expect(openRepeats([upcoming], 's2', now)).toEqual([upcoming]);
    expect(openRepeats(given, 's9', now)).toEqual([]);
  });

  it('words the due dates short, with the year only when not this year', () => {
    const later = { ...base, due_at: new Date(2027, 0, 12, 23, 59).toISOString() };
    expect(repeatDueDates('pt-BR', [base], now)).toBe('05/12');
    expect(repeatDueDates('pt-BR', [base, later], now)).toBe('05/12 e 12/01/2027');
    expect(repeatDueDates('en', [base, later], now)).toBe('12/05 and 01/12/2027');
  });

  it('says it in both languages', () => {
    for (const lang of ['pt-BR', 'en'] as const) {
      const text = createI18n().getFixedT(lang)('sets:assign.repeat.warning', {
        title: 'Matemática — 9º ano',
        dates: '05/12',
        count: 1,
      });
      expect(text).toContain('Matemática — 9º ano');
      expect(text).toContain('05/12');
    }
    expect(
      t('sets:assign.repeat.warning', { title: 'Matemática — 9º ano', dates: '05/12', count: 1 }),
    ).toBe('Esta lista já foi passada para Matemática — 9º ano (prazo 05/12). Passar de novo?');
  });
});
