import type { TFunction } from 'i18next';
import { csvCell } from '@aprenda/shared/flashcards-csv';
import type {
  ClassAnalytics,
  StudentActivityRow,
  StudentInClass,
} from '@aprenda/shared/schemas/metrics';
import { accuracy } from './format';
import { reasonText } from './reasons';

/**
 * The analytics tables as CSV, built in the browser from the data on screen: RFC 4180 with a BOM
 * and CRLF (as the server's exports), every text cell guarded against formulas (`csvCell`: a cell
 * starting with = + - @ gets a `'`), numbers as plain numbers (a dot for decimals), shares as
 * percentages with one decimal, days as `YYYY-MM-DD`, study time in minutes.
 */
export type CsvValue = string | number | null;

export function csvText(rows: ReadonlyArray<readonly CsvValue[]>): string {
  const cell = (value: CsvValue) =>
    value === null
      ? ''
      : typeof value === 'number'
        ? Number.isFinite(value)
          ? String(value)
          : ''
        : csvCell(value);
  return `\uFEFF${rows.map((row) => `${row.map(cell).join(',')}\r\n`).join('')}`;
}

/** A 0–1 share as a percentage with one decimal (0.6667 → 66.7), or null. */
export function pct(share: number | null): number | null {
  return share === null ? null : Math.round(share * 1000) / 10;
}

function minutes(ms: number): number {
  return Math.round(ms / 6000) / 10;
}

const h = (t: TFunction, key: string) => t(`analytics:csv.${key}`);

export function activityCsv(t: TFunction, rows: readonly StudentActivityRow[]): CsvValue[][] {
  return [
    [
      h(t, 'student'),
      h(t, 'lastActive'),
      h(t, 'activeDays'),
      h(t, 'reviews'),
      h(t, 'answers'),
      h(t, 'answersCorrect'),
      h(t, 'accuracy'),
      h(t, 'studyMinutes'),
      h(t, 'conversations'),
      h(t, 'submitted'),
      h(t, 'open'),
      h(t, 'meanScore'),
    ],
    ...rows.map((r) => [
      r.name,
      r.last_active,
      r.active_days,
      r.reviews,
      r.answers,
      r.answers_correct,
      pct(accuracy(r)),
      minutes(r.study_ms),
      r.conversations,
      r.assignments_submitted,
      r.assignments_open,
      pct(r.mean_score),
    ]),
  ];
}

export function attentionCsv(
  t: TFunction,
  attention: ClassAnalytics['attention'],
  lang: string,
): CsvValue[][] {
  return [
    [h(t, 'student'), h(t, 'reason')],
    ...attention.flatMap((s) => s.reasons.map((r) => [s.name, reasonText(t, r, lang)])),
  ];
}

export function assignmentsCsv(t: TFunction, rows: ClassAnalytics['assignments']): CsvValue[][] {
  return [
    [
      h(t, 'assignment'),
      h(t, 'openAt'),
      h(t, 'dueAt'),
      h(t, 'students'),
      h(t, 'submitted'),
      h(t, 'late'),
      h(t, 'meanScore'),
    ],
    ...rows.map((a) => [
      a.title,
      a.open_at,
      a.due_at,
      a.students,
      a.submitted,
      a.late,
      pct(a.mean_score),
    ]),
  ];
}

/** Students × skills: the level's words in each cell (empty: no answer in that skill). */
export function masteryCsv(
  t: TFunction,
  data: Pick<ClassAnalytics, 'students' | 'skills' | 'mastery'>,
): CsvValue[][] {
  const cells = new Map(data.mastery.map((m) => [`${m.user_id}|${m.skill_id}`, m]));
  return [
    [h(t, 'student'), ...data.skills.map((s) => (s.code ? `${s.code} ${s.name}` : s.name))],
    ...data.students.map((st) => [
      st.name,
      ...data.skills.map((sk) => {
        const cell = cells.get(`${st.user_id}|${sk.skill_id}`);
        if (!cell) return null;
        return t(`analytics:levels.${cell.level ?? 'none'}`);
      }),
    ]),
  ];
}

export function missedCsv(t: TFunction, rows: ClassAnalytics['missed_skills']): CsvValue[][] {
  return [
    [
      h(t, 'skill'),
      h(t, 'code'),
      h(t, 'students'),
      h(t, 'answers'),
      h(t, 'wrong'),
      h(t, 'wrongRate'),
    ],
    ...rows.map((s) => [s.name, s.code, s.students, s.answers, s.wrong, pct(s.wrong_rate)]),
  ];
}

export function decksCsv(t: TFunction, rows: ClassAnalytics['decks']): CsvValue[][] {
  return [
    [h(t, 'deck'), h(t, 'cards'), h(t, 'nextEvent'), h(t, 'nextEventAt'), h(t, 'expectedRecall')],
    ...rows.map((d) => [
      d.title,
      d.cards,
      d.next_event?.title ?? null,
      d.next_event?.starts_at ?? null,
      pct(d.expected_recall),
    ]),
  ];
}

export function attemptsCsv(t: TFunction, rows: StudentInClass['attempts']): CsvValue[][] {
  return [
    [
      h(t, 'assignment'),
      h(t, 'dueAt'),
      h(t, 'attempts'),
      h(t, 'submittedAt'),
      h(t, 'late'),
      h(t, 'bestScore'),
    ],
    ...rows.map((a) => [
      a.title,
      a.due_at,
      a.attempts,
      a.submitted_at,
      a.late ? t('analytics:csv.yes') : t('analytics:csv.no'),
      pct(a.best_score),
    ]),
  ];
}

export function skillsCsv(t: TFunction, rows: StudentInClass['skills']): CsvValue[][] {
  return [
    [h(t, 'skill'), h(t, 'code'), h(t, 'level'), h(t, 'ability'), h(t, 'answers')],
    ...rows.map((s) => [
      s.name,
      s.code,
      t(`analytics:levels.${s.level ?? 'none'}`),
      Math.round(s.ability * 100) / 100,
      s.answer_count,
    ]),
  ];
}

export function daysCsv(t: TFunction, rows: StudentInClass['days']): CsvValue[][] {
  return [
    [h(t, 'day'), h(t, 'reviews'), h(t, 'answers'), h(t, 'answersCorrect')],
    ...rows.map((d) => [d.day, d.reviews, d.answers, d.answers_correct]),
  ];
}

/** Students by mean-score band ("40–60%"), as the scores chart's table. */
export function scoresCsv(
  t: TFunction,
  bands: readonly { from: number; to: number; students: number }[],
): CsvValue[][] {
  return [
    [h(t, 'scoreBand'), h(t, 'students')],
    ...bands.map((b) => [
      t('analytics:charts.scores.band', { from: b.from, to: b.to }),
      b.students,
    ]),
  ];
}
