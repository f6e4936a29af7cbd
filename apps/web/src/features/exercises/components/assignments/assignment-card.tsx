import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StudentAssignment } from '@aprenda/shared/schemas/exercises';
import { attemptsLeft, percentOf } from '../../lib/assignments-list';
import { AssignmentDate, StatusBadge } from './assignment-dates';

export function assignmentPath(id: string): string {
  return `/dashboard/exercises/atividade/${encodeURIComponent(id)}`;
}

/** One assignment of the student's list: title, class, due date, questions, status, score. */
export function AssignmentCard({ assignment: a }: { assignment: StudentAssignment }) {
  const { t } = useTranslation('assignments');
  const done = a.status === 'done';
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4 transition-colors focus-within:border-ring hover:border-zinc-600 sm:p-5"
      data-testid="assignment-card"
    >
      <div className="flex min-w-0 items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-lg leading-tight font-semibold [overflow-wrap:anywhere]">
            <Link to={assignmentPath(a.id)} className="hover:underline">
              {a.title}
            </Link>
          </h2>
          <p className="text-sm text-zinc-300 [overflow-wrap:anywhere]">{a.class_title}</p>
        </div>
        <StatusBadge assignment={a} />
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-300">
        {a.status === 'upcoming' ? <AssignmentDate iso={a.open_at} kind="opens" /> : null}
        <AssignmentDate iso={a.due_at} kind="due" />
        <span className="tabular-nums">{t('list.questions', { count: a.size })}</span>
      </div>
      {done ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm tabular-nums">
          <span className="font-semibold text-foreground" data-testid="assignment-best-score">
            {t('list.bestScore', { percent: percentOf(a.best_score) })}
          </span>
          <span className="text-zinc-300">
            {a.attempts_allowed === 0
              ? t('list.attemptsUnlimited', { count: a.attempts_used })
              : t('list.attempts', { used: a.attempts_used, count: a.attempts_allowed })}
          </span>
        </p>
      ) : a.status === 'missed' ? (
        <p className="text-sm text-amber-200">
          {attemptsLeft(a) ? t('list.missedCanStart') : t('list.missedClosed')}
        </p>
      ) : null}
    </li>
  );
}
