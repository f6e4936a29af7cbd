import {
  INACTIVE_DAYS_DEFAULT,
  type TeacherToday,
  type Today,
} from '@aprenda/shared/schemas/metrics';
import type { AppContext, SessionUser } from '../../context.ts';
import { studentToday } from '../metrics/public.ts';
import { selectClassStudents, selectNextEvents } from './attention.queries.ts';
import { hasTeacherMembership, selectTaughtClasses } from './today.queries.ts';
import {
  attemptKey,
  byUrgency,
  frameOf,
  loadSignals,
  reasonsFor,
  type ReadCtx,
} from './attention.service.ts';

/**
 * GET /today — "Hoje", the dashboard's start (docs/api/metrics.md "Hoje"). The role is the
 * account's, or teacher for anyone holding a teacher membership (as the web's `useTeaches`). A
 * teacher gets their classes with the submissions of the last 7 days and how many students need
 * attention, the first few of those students, and the next events; a student gets their day from
 * the metrics module. Every teacher figure comes from a fixed handful of statements over all their
 * classes at once, whatever the number of classes and students.
 */

export const TODAY_ATTENTION = 5;
export const TODAY_EVENTS = 5;
export const NEW_SUBMISSIONS_DAYS = 7;

export async function today(
  ctx: Pick<AppContext, 'db' | 'clock' | 'secret'>,
  user: Pick<SessionUser, 'id' | 'role'>,
  tz: string | undefined,
): Promise<Today> {
  const teaches = user.role === 'teacher' || (await hasTeacherMembership(ctx.db.db, user.id));
  if (teaches)
    return { role: 'teacher', student: null, teacher: await teacherToday(ctx, user.id, tz) };
  return { role: 'student', student: await studentToday(ctx, user.id, tz), teacher: null };
}

export async function teacherToday(
  ctx: ReadCtx,
  userId: string,
  tz: string | undefined,
): Promise<TeacherToday> {
  const frame = frameOf(ctx.clock.now(), tz);
  const db = ctx.db.db;
  const classes = await selectTaughtClasses(db, userId);
  const classIds = classes.map((c) => c.id);
  const [students, events] = await Promise.all([
    selectClassStudents(db, classIds),
    selectNextEvents(db, classIds, frame.nowIso, TODAY_EVENTS),
  ]);
  const userIds = [...new Set(students.map((s) => s.user_id))];
  const recentSince = new Date(
    frame.now.getTime() - NEW_SUBMISSIONS_DAYS * 86_400_000,
  ).toISOString();
  const signals = await loadSignals(ctx, frame, classIds, userIds, recentSince);

  const names = new Map(classes.map((c) => [c.id, c.title]));
  const attention: TeacherToday['attention'] = [];
  const perClass = classes.map((c) => {
    const members = students.filter((s) => s.class_id === c.id);
    const assignments = signals.assignments.filter((a) => a.class_id === c.id);
    let newSubmissions = 0;
    for (const a of assignments) {
      for (const s of members) {
        newSubmissions +=
          signals.attempts.get(attemptKey(a.id, s.user_id))?.recent_submissions ?? 0;
      }
    }
    let flagged = 0;
    for (const s of members) {
      const reasons = reasonsFor(signals, frame, c.id, s.user_id, INACTIVE_DAYS_DEFAULT);
      if (reasons.length === 0) continue;
      flagged++;
      attention.push({
        user_id: s.user_id,
        name: s.name,
        reasons,
        class_id: c.id,
        class_name: c.title,
      });
    }
    return {
      id: c.id,
      name: c.title,
      students: members.length,
      new_submissions: newSubmissions,
      attention: flagged,
    };
  });
  attention.sort(byUrgency);

  return {
    classes: perClass,
    attention: attention.slice(0, TODAY_ATTENTION),
    events: events.map((e) => ({
      id: e.id,
      class_id: e.class_id,
      class_name: names.get(e.class_id) ?? e.class_name,
      title: e.title,
      starts_at: e.starts_at,
      all_day: Boolean(Number(e.all_day)),
    })),
  };
}
