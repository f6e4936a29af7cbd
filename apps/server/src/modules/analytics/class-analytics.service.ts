import {
  ANALYTICS_WINDOW_DAYS,
  type AssignmentSummary,
  type AttentionStudent,
  type ClassAnalytics,
  type StudentActivityRow,
  type StudentInClass,
} from '@aprenda/shared/schemas/metrics';
import type { MasteryLevel } from '@aprenda/shared/schemas/exercises';
import { notFound } from '../../lib/app-error.ts';
import { classAccess } from '../classes/public.ts';
import { forgettingCurve } from '../flashcards/public.ts';
import { selectClassStudents, selectNextEvents, type StudentRow } from './attention.queries.ts';
import {
  isClassStudent,
  selectClassDecks,
  selectClassWindow,
  selectConversationCounts,
  selectDeckItemCounts,
  selectDeckRecallSums,
  selectFittedWeights,
  selectMastery,
  selectMissedSkills,
  selectStudentClassDays,
  type WindowTotals,
} from './class-analytics.queries.ts';
import {
  attemptKey,
  byUrgency,
  frameOf,
  loadSignals,
  reasonsFor,
  type Frame,
  type ReadCtx,
  type Signals,
} from './attention.service.ts';
import { addDays } from '../metrics/public.ts';

/**
 * A class as its teachers see it (docs/api/metrics.md "Teacher analytics"): activity per student
 * from the class's rollups, assignments, the students × skills mastery, the skills most missed, who
 * needs attention and why, and the expected recall of the class's decks at the next class event.
 * Teachers of the class only: anyone else — its students included — gets 404.
 */

export interface AnalyticsOptions {
  inactive_days: number;
  tz?: string | undefined;
}

/** The class, if `userId` teaches it; 404 otherwise (also for its students). */
async function teacherClass(ctx: ReadCtx, classId: string, userId: string) {
  const access = await classAccess(ctx, classId, userId).catch(() => null);
  if (!access || access.role !== 'teacher') throw notFound('No such class');
  return { id: access.klass.id, name: access.klass.title };
}

const EMPTY_WINDOW = { active_days: 0, reviews: 0, answers: 0, answers_correct: 0, study_ms: 0 };

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** One student's row: activity in the class's material, conversations, assignments opened so far. */
function activityRow(
  student: Pick<StudentRow, 'user_id' | 'name'>,
  frame: Frame,
  classId: string,
  signals: Signals,
  window: Omit<WindowTotals, 'user_id'> | undefined,
  conversations: number,
): StudentActivityRow {
  const opened = signals.assignments.filter(
    (a) => a.class_id === classId && a.open_at <= frame.nowIso,
  );
  const best: number[] = [];
  for (const a of opened) {
    const t = signals.attempts.get(attemptKey(a.id, student.user_id));
    if (t && t.submitted > 0) best.push(t.best_score ?? 0);
  }
  const w = window ?? EMPTY_WINDOW;
  return {
    user_id: student.user_id,
    name: student.name,
    last_active: signals.lastActive.get(student.user_id) ?? null,
    active_days: w.active_days,
    reviews: w.reviews,
    answers: w.answers,
    answers_correct: w.answers_correct,
    study_ms: w.study_ms,
    conversations,
    assignments_submitted: best.length,
    assignments_open: opened.length,
    mean_score: mean(best),
  };
}

/** GET /analytics/classes/{id}. */
export async function classAnalytics(
  ctx: ReadCtx,
  userId: string,
  classId: string,
  options: AnalyticsOptions,
): Promise<ClassAnalytics> {
  const klass = await teacherClass(ctx, classId, userId);
  const frame = frameOf(ctx.clock.now(), options.tz);
  const db = ctx.db.db;
  const students = await selectClassStudents(db, [classId]);
  const ids = students.map((s) => s.user_id);

  const [signals, window, conversations, mastery, missed, decks, nextEvents] = await Promise.all([
    loadSignals(ctx, frame, [classId], ids, frame.sinceIso),
    selectClassWindow(db, classId, ids, frame.since),
    selectConversationCounts(db, classId, ids),
    selectMastery(db, ids),
    selectMissedSkills(db, classId, ids, frame.sinceIso),
    selectClassDecks(db, classId),
    selectNextEvents(db, [classId], frame.nowIso, 1),
  ]);

  const studentRows = students.map((s) =>
    activityRow(
      s,
      frame,
      classId,
      signals,
      window.get(s.user_id),
      conversations.get(s.user_id) ?? 0,
    ),
  );

  const assignments: AssignmentSummary[] = signals.assignments.map((a) => {
    const scores: number[] = [];
    let late = 0;
    for (const s of students) {
      const t = signals.attempts.get(attemptKey(a.id, s.user_id));
      if (!t || t.submitted === 0) continue;
      scores.push(t.best_score ?? 0);
      if (!t.on_time) late++;
    }
    return {
      id: a.id,
      title: a.title,
      open_at: a.open_at,
      due_at: a.due_at,
      students: students.length,
      submitted: scores.length,
      late,
      mean_score: mean(scores),
    };
  });

  const skills: ClassAnalytics['skills'] = [];
  const seen = new Set<string>();
  for (const m of mastery) {
    if (seen.has(m.skill_id)) continue;
    seen.add(m.skill_id);
    skills.push({ skill_id: m.skill_id, code: m.code, name: m.name });
  }

  const missedSkills = missed
    .filter((m) => m.wrong > 0)
    .map((m) => ({ ...m, wrong_rate: m.wrong / m.answers }))
    .sort(
      (a, b) => b.wrong_rate - a.wrong_rate || b.wrong - a.wrong || a.name.localeCompare(b.name),
    );

  const attention: AttentionStudent[] = [];
  for (const s of students) {
    const reasons = reasonsFor(signals, frame, classId, s.user_id, options.inactive_days);
    if (reasons.length > 0) attention.push({ user_id: s.user_id, name: s.name, reasons });
  }
  attention.sort(byUrgency);

  const next = nextEvents[0] ?? null;
  return {
    class: klass,
    generated_at: frame.nowIso,
    inactive_days: options.inactive_days,
    students: studentRows,
    assignments,
    skills,
    mastery: mastery.map((m) => ({
      user_id: m.user_id,
      skill_id: m.skill_id,
      level: (m.level as MasteryLevel | null) ?? null,
      ability: m.ability,
      answer_count: m.answer_count,
    })),
    missed_skills: missedSkills,
    attention,
    decks: await deckRecall(ctx, decks, ids, next),
  };
}

/**
 * Each deck's expected recall on the date of the next class event: the mean retrievability then
 * over every (student, item) pair of the class's students and the deck's items. A student with no
 * memory of an item (never studied it) counts 0 for it. Null with no next event, no item or no
 * student.
 */
async function deckRecall(
  ctx: ReadCtx,
  decks: { id: string; title: string; card_count: number }[],
  userIds: string[],
  next: { id: string; title: string; starts_at: string; all_day: number | boolean } | null,
): Promise<ClassAnalytics['decks']> {
  if (decks.length === 0) return [];
  const deckIds = decks.map((d) => d.id);
  const [items, sums] = next
    ? await Promise.all([
        selectDeckItemCounts(ctx.db.db, deckIds),
        selectFittedWeights(ctx.db.db, userIds).then((weights) =>
          selectDeckRecallSums(
            ctx.db.db,
            ctx.db,
            deckIds,
            userIds,
            next.starts_at,
            new Map([...weights].map(([id, w]) => [id, forgettingCurve(w)])),
            forgettingCurve(null),
          ),
        ),
      ])
    : [new Map<string, number>(), new Map<string, number>()];
  return decks.map((d) => {
    const n = items.get(d.id) ?? 0;
    const pairs = n * userIds.length;
    return {
      deck_id: d.id,
      title: d.title,
      cards: Number(d.card_count),
      next_event: next
        ? {
            id: next.id,
            title: next.title,
            starts_at: next.starts_at,
            all_day: Boolean(Number(next.all_day)),
          }
        : null,
      expected_recall: next && pairs > 0 ? (sums.get(d.id) ?? 0) / pairs : null,
    };
  });
}

/** GET /analytics/classes/{id}/students/{userId}: one student of the class, as its teachers see them. */
export async function studentInClass(
  ctx: ReadCtx,
  userId: string,
  classId: string,
  studentId: string,
  options: AnalyticsOptions,
): Promise<StudentInClass> {
  const klass = await teacherClass(ctx, classId, userId);
  const db = ctx.db.db;
  const member = await isClassStudent(db, classId, studentId);
  if (!member) throw notFound('No such student in this class');
  const frame = frameOf(ctx.clock.now(), options.tz);
  const student = { user_id: studentId, name: member.name };

  const [signals, days, conversations, mastery] = await Promise.all([
    loadSignals(ctx, frame, [classId], [studentId], frame.sinceIso),
    selectStudentClassDays(db, classId, studentId, frame.since),
    selectConversationCounts(db, classId, [studentId]),
    selectMastery(db, [studentId]),
  ]);

  const totals = { ...EMPTY_WINDOW };
  for (const d of days) {
    if (d.reviews + d.answers > 0) totals.active_days++;
    totals.reviews += d.reviews;
    totals.answers += d.answers;
    totals.answers_correct += d.answers_correct;
    totals.study_ms += d.study_ms;
  }
  const byDay = new Map(days.map((d) => [d.day, d]));
  const filled: StudentInClass['days'] = [];
  for (let i = ANALYTICS_WINDOW_DAYS - 1; i >= 0; i--) {
    const day = addDays(frame.today, -i);
    const d = byDay.get(day);
    filled.push({
      day,
      reviews: d?.reviews ?? 0,
      answers: d?.answers ?? 0,
      answers_correct: d?.answers_correct ?? 0,
    });
  }

  return {
    class: klass,
    student,
    activity: activityRow(
      student,
      frame,
      classId,
      signals,
      totals,
      conversations.get(studentId) ?? 0,
    ),
    reasons: reasonsFor(signals, frame, classId, studentId, options.inactive_days),
    attempts: signals.assignments
      .filter((a) => a.open_at <= frame.nowIso)
      .map((a) => {
        const t = signals.attempts.get(attemptKey(a.id, studentId));
        const submitted = t !== undefined && t.submitted > 0;
        return {
          assignment_id: a.id,
          title: a.title,
          due_at: a.due_at,
          best_score: submitted ? (t.best_score ?? 0) : null,
          submitted_at: submitted ? t.first_submitted_at : null,
          late: submitted && !t.on_time,
          attempts: t?.attempts ?? 0,
        };
      }),
    skills: mastery.map((m) => ({
      skill_id: m.skill_id,
      code: m.code,
      name: m.name,
      level: (m.level as MasteryLevel | null) ?? null,
      ability: m.ability,
      answer_count: m.answer_count,
    })),
    days: filled,
  };
}
