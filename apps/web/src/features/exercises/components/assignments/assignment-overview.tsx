import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Play, RotateCcw } from 'lucide-react';
import type { StudentAssignment } from '@aprenda/shared/schemas/exercises';
import { Markdown } from '@/components/markdown/markdown';
import { Button, buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { toastError } from '@/lib/toast';
import { useStartAttempt } from '../../api/assignments';
import { answerLang } from '../../lib/assignments-attempt';
import { percentOf, startAction } from '../../lib/assignments-list';
import { browserStorage, lastAttempt } from '../../lib/assignments-pending';
import { AssignmentDate, StatusBadge } from './assignment-dates';

export function BackToList() {
  const { t } = useTranslation('assignments');
  return (
    <Link
      to="/dashboard/exercises"
      className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'self-start' })}
    >
      <ArrowLeft aria-hidden />
      {t('screen.back')}
    </Link>
  );
}

/**
 * Before starting: what the assignment is (class, description, due date, questions, attempts,
 * when the correction shows) and "Começar" / "Continuar" / "Nova tentativa"; not open yet → when
 * it opens; no attempts left → the best score and the last result.
 */
export function AssignmentOverview({
  assignment: a,
  onOpenAttempt,
}: {
  assignment: StudentAssignment;
  onOpenAttempt: (attemptId: string | null) => void;
}) {
  const { t, i18n } = useTranslation(['assignments', 'errors']);
  const start = useStartAttempt(a.id, answerLang(i18n.language));
  const action = startAction(a);
  // The server knows the latest attempt (any device); this browser's memory is the fallback.
  const last =
    a.status === 'done' ? (a.last_attempt_id ?? lastAttempt(browserStorage(), a.id)) : null;

  function begin() {
    start.mutate(undefined, {
      onSuccess: (attempt) => onOpenAttempt(attempt.id),
      onError: (error) => toastError(errorMessage(t, error)),
    });
  }

  return (
    <section className="flex flex-col gap-6" aria-labelledby="assignment-title">
      <BackToList />
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1
            id="assignment-title"
            className="min-w-0 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl"
          >
            {a.title}
          </h1>
          <StatusBadge assignment={a} />
        </div>
        <p className="text-zinc-300 [overflow-wrap:anywhere]">{a.class_title}</p>
      </header>

      {a.description.trim() ? (
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <Markdown text={a.description} />
        </div>
      ) : null}

      <dl className="grid gap-4 rounded-lg border border-border bg-card p-4 text-sm sm:grid-cols-2 sm:p-5">
        <Fact label={t('overview.due')}>
          <AssignmentDate iso={a.due_at} kind="due" absolute />
        </Fact>
        {a.status === 'upcoming' ? (
          <Fact label={t('overview.opens')}>
            <AssignmentDate iso={a.open_at} kind="opens" absolute />
          </Fact>
        ) : null}
        <Fact label={t('overview.questions')}>{t('list.questions', { count: a.size })}</Fact>
        <Fact label={t('overview.attempts')}>
          {a.attempts_allowed === 0
            ? t('list.attemptsUnlimited', { count: a.attempts_used })
            : t('list.attempts', { used: a.attempts_used, count: a.attempts_allowed })}
        </Fact>
        <Fact label={t('overview.feedback')}>{t(`overview.feedbackMode.${a.feedback}`)}</Fact>
        {a.status === 'done' ? (
          <Fact label={t('overview.bestScore')}>
            <span className="font-semibold tabular-nums" data-testid="overview-best-score">
              {t('result.percent', { percent: percentOf(a.best_score) })}
            </span>
            {a.late ? <span className="ml-2 text-amber-200">{t('status.late')}</span> : null}
          </Fact>
        ) : null}
      </dl>

      {a.status === 'missed' && action ? (
        <p className="text-sm text-amber-200">{t('overview.missedNote')}</p>
      ) : null}
      {a.status === 'upcoming' ? <p className="text-zinc-300">{t('overview.notOpen')}</p> : null}
      {a.status === 'done' && !action ? (
        <p className="text-zinc-300">{t('overview.noAttemptsLeft')}</p>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row">
        {action ? (
          <Button
            size="lg"
            className="h-14 text-base sm:h-11"
            pending={start.isPending}
            icon={action === 'again' ? <RotateCcw aria-hidden /> : <Play aria-hidden />}
            onClick={begin}
          >
            {t(`overview.${action}`)}
          </Button>
        ) : null}
        {last ? (
          <Button variant="outline" size="lg" onClick={() => onOpenAttempt(last)}>
            {t('overview.lastResult')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
