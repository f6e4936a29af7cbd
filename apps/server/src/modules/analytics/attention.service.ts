import {
  ANALYTICS_WINDOW_DAYS,
  DAY_MS,
  FALLING_ABILITY_DROP,
  STUCK_WRONG_IN_A_ROW,
  type AttentionReason,
  type AttentionStudent,
} from '@aprenda/shared/schemas/metrics';
import type { AppContext } from '../../context.ts';
import {
  selectAbilitySignals,
  selectAssignments,
  selectAttemptStats,
  selectLastActive,
  type AbilitySignal,
  type AssignmentHead,
  type AttemptStats,
} from './attention.queries.ts';
import { addDays, daysBetween, studyDayKey } from '../metrics/public.ts';

/**
 * "Precisa de atenção" (docs/api/metrics.md "Teacher analytics"): the flags of a class's students
 * and why, computed for one class or for all of a teacher's classes at once from the same few
 * statements (last active days, the classes' assignments and attempts, the learner model's
 * abilities that moved in the window or end in wrong answers).
 *
 * - `inactive`: no activity anywhere on Aprenda for `inactive_days` study days or more (days since
 *   the last active day), or never (`days: null`).
 * - `falling`: in a skill, the ability before the student's first answer of the last
 *   ANALYTICS_WINDOW_DAYS days minus the ability now ≥ FALLING_ABILITY_DROP.
 * - `missed`: assignments of this class due in the window and past, with nothing handed in.
 * - `late`: assignments of this class due in the window handed in, but only after the due date.
 * - `stuck`: the last STUCK_WRONG_IN_A_ROW or more results in a skill were wrong (the learner
 *   model keeps the last 5).
 */

export type ReadCtx = Pick<AppContext, 'db' | 'clock'>;

/** The moment and window every figure of one request is computed against. */
export interface Frame {
  now: Date;
  nowIso: string;
  tz: string;
  /** Today's study day. */
  today: string;
  /** The first study day of the window (today − ANALYTICS_WINDOW_DAYS + 1). */
  since: string;
  /** The window as an instant: now − ANALYTICS_WINDOW_DAYS days. */
  sinceIso: string;
}

export function frameOf(now: Date, tz = 'UTC'): Frame {
  const today = studyDayKey(now, tz);
  return {
    now,
    nowIso: now.toISOString(),
    tz,
    today,
    since: addDays(today, -(ANALYTICS_WINDOW_DAYS - 1)),
    sinceIso: new Date(now.getTime() - ANALYTICS_WINDOW_DAYS * DAY_MS).toISOString(),
  };
}

/** What the flags are computed from. */
export interface Signals {
  lastActive: Map<string, string>;
  assignments: AssignmentHead[];
  /** `assignment_id|user_id` → the student's attempts at it. */
  attempts: Map<string, AttemptStats>;
  /** user → abilities that moved in the window or end in wrong answers. */
  abilities: Map<string, AbilitySignal[]>;
}

export const attemptKey = (assignmentId: string, userId: string) => `${assignmentId}|${userId}`;

/** Load the signals of these classes' students (attempts counted as recent from `recentSince`). */
export async function loadSignals(
  ctx: ReadCtx,
  frame: Frame,
  classIds: readonly string[],
  userIds: readonly string[],
  recentSince: string,
): Promise<Signals> {
  const db = ctx.db.db;
  const [lastActive, assignments, abilityRows] = await Promise.all([
    selectLastActive(db, userIds),
    selectAssignments(db, classIds),
    selectAbilitySignals(db, userIds, frame.sinceIso, STUCK_WRONG_IN_A_ROW),
  ]);
  const stats = await selectAttemptStats(
    db,
    assignments.map((a) => a.id),
    recentSince,
    userIds.length === 1 ? userIds[0] : undefined,
  );
  const attempts = new Map(stats.map((s) => [attemptKey(s.assignment_id, s.user_id), s]));
  const abilities = new Map<string, AbilitySignal[]>();
  for (const r of abilityRows) {
    const list = abilities.get(r.user_id) ?? [];
    list.push(r);
    abilities.set(r.user_id, list);
  }
  return { lastActive, assignments, attempts, abilities };
}

/** Wrong answers at the end of the recent results (JSON array, newest last). */
export function wrongInARow(recentJson: string): number {
  let recent: unknown;
  try {
    recent = JSON.parse(recentJson);
  } catch {
    return 0;
  }
  if (!Array.isArray(recent)) return 0;
  let n = 0;
  for (let i = recent.length - 1; i >= 0 && recent[i] === 0; i--) n++;
  return n;
}

const EPSILON = 1e-9;

/** Why one student of one class needs attention (empty: they do not). */
export function reasonsFor(
  signals: Signals,
  frame: Frame,
  classId: string,
  userId: string,
  inactiveDays: number,
): AttentionReason[] {
  const reasons: AttentionReason[] = [];

  const last = signals.lastActive.get(userId);
  if (last === undefined) reasons.push({ kind: 'inactive', days: null });
  else {
    const days = daysBetween(last, frame.today);
    if (days >= inactiveDays) reasons.push({ kind: 'inactive', days });
  }

  const abilities = [...(signals.abilities.get(userId) ?? [])].sort(
    (a, b) => a.name.localeCompare(b.name) || a.skill_id.localeCompare(b.skill_id),
  );
  for (const s of abilities) {
    if (s.updated_at < frame.sinceIso || s.first_before === null) continue;
    if (s.first_before - s.ability >= FALLING_ABILITY_DROP - EPSILON) {
      reasons.push({
        kind: 'falling',
        skill_id: s.skill_id,
        skill_name: s.name,
        from: s.first_before,
        to: s.ability,
      });
    }
  }

  const missed: string[] = [];
  const late: string[] = [];
  for (const a of signals.assignments) {
    if (a.class_id !== classId || a.due_at < frame.sinceIso || a.due_at >= frame.nowIso) continue;
    if (a.open_at > frame.nowIso) continue;
    const t = signals.attempts.get(attemptKey(a.id, userId));
    if (!t || t.submitted === 0) missed.push(a.title);
    else if (!t.on_time) late.push(a.title);
  }
  if (missed.length > 0) reasons.push({ kind: 'missed', count: missed.length, titles: missed });
  if (late.length > 0) reasons.push({ kind: 'late', count: late.length, titles: late });

  for (const s of abilities) {
    const n = wrongInARow(s.recent);
    if (n >= STUCK_WRONG_IN_A_ROW) {
      reasons.push({ kind: 'stuck', skill_id: s.skill_id, skill_name: s.name, wrong_in_a_row: n });
    }
  }
  return reasons;
}

/** Flagged students first by how many reasons, then by name. */
export function byUrgency(a: AttentionStudent, b: AttentionStudent): number {
  return b.reasons.length - a.reasons.length || a.name.localeCompare(b.name);
}
