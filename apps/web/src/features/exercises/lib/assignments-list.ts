import type { StudentAssignment } from '@aprenda/shared/schemas/exercises';

/**
 * The student's exercise list ("Para fazer" / "Feitas"): which tab an assignment goes in, its
 * order there, and what the student may do with it now.
 */

const TODO_RANK: Record<StudentAssignment['status'], number> = {
  in_progress: 0,
  todo: 1,
  upcoming: 1,
  missed: 2,
  done: 3,
};

function byDue(a: StudentAssignment, b: StudentAssignment): number {
  return Date.parse(a.due_at) - Date.parse(b.due_at) || a.title.localeCompare(b.title);
}

/**
 * "Para fazer": everything not handed in, by urgency — in progress first, then by due date, the
 * ones whose due date passed last. "Feitas": handed in, the latest due date first.
 */
export function splitAssignments(list: readonly StudentAssignment[]): {
  todo: StudentAssignment[];
  done: StudentAssignment[];
} {
  const todo = list
    .filter((a) => a.status !== 'done')
    .sort((a, b) => TODO_RANK[a.status] - TODO_RANK[b.status] || byDue(a, b));
  const done = list.filter((a) => a.status === 'done').sort((a, b) => byDue(b, a));
  return { todo, done };
}

/** Whether another attempt may start (0 allowed = no limit). */
export function attemptsLeft(a: Pick<StudentAssignment, 'attempts_allowed' | 'attempts_used'>) {
  return a.attempts_allowed === 0 || a.attempts_used < a.attempts_allowed;
}

export type StartAction = 'start' | 'continue' | 'again';

/**
 * The button of the assignment screen: "Começar", "Continuar" (an attempt is open), "Nova
 * tentativa" (handed in, attempts left); null when nothing can start (not open yet, or no
 * attempts left).
 */
export function startAction(a: StudentAssignment): StartAction | null {
  if (a.status === 'upcoming') return null;
  if (a.status === 'in_progress') return 'continue';
  if (!attemptsLeft(a)) return null;
  return a.status === 'done' ? 'again' : 'start';
}

/** A 0–1 share as a whole percentage, clamped. */
export function percentOf(share: number | null): number {
  if (share === null || !Number.isFinite(share)) return 0;
  return Math.round(Math.min(1, Math.max(0, share)) * 100);
}
