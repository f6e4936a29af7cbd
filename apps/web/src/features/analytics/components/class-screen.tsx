import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { INACTIVE_DAYS_DEFAULT, INACTIVE_DAYS_MAX } from '@aprenda/shared/schemas/metrics';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { timeZone } from '@/lib/time-zone';
import { useClassAnalytics } from '../api/analytics';
import { DATE_TIME, formatInstant, studyDay } from '../lib/format';
import { parseInactiveDays } from '../lib/paths';
import { ActivityTable } from './activity-table';
import { AssignmentsTable } from './assignments-table';
import { AttentionPanel } from './attention-panel';
import { ClassCharts } from './class-charts';
import { ClassSwitcher, type TaughtClass } from './class-picker';
import { DecksRecall } from './decks-recall';
import { MasteryHeatmap } from './mastery-heatmap';
import { MissedSkills } from './missed-skills';
import { BackLink, QueryFallback, SCREEN_TITLE } from './screen-states';

/**
 * `/dashboard/analytics/:classId`: one class as its teachers see it — "Precisa de atenção"
 * first, then activity per student, assignments, the students × skills heatmap, the skills most
 * missed and the class decks. The inactivity threshold lives in the URL (`?dias=`).
 */
export function ClassScreen({
  classId,
  classes,
}: {
  classId: string;
  classes: readonly TaughtClass[];
}) {
  const { t, i18n } = useTranslation(['analytics', 'errors']);
  const [params, setParams] = useSearchParams();
  const inactiveDays = parseInactiveDays(
    params.get('dias'),
    INACTIVE_DAYS_DEFAULT,
    INACTIVE_DAYS_MAX,
  );
  const query = useClassAnalytics(classId, inactiveDays);
  const tz = timeZone();
  const fallbackTitle = classes.find((c) => c.id === classId)?.title;
  const back = <BackLink to="/dashboard/analytics">{t('class.back')}</BackLink>;

  function setInactiveDays(days: number) {
    const next = new URLSearchParams(params);
    if (days === INACTIVE_DAYS_DEFAULT) next.delete('dias');
    else next.set('dias', String(days));
    setParams(next, { replace: true });
  }

  if (!query.isSuccess) {
    return (
      <QueryFallback
        query={query}
        back={back}
        loading={t('class.loading')}
        loadingTitle={fallbackTitle}
        title={fallbackTitle ?? t('class.title')}
        notFoundTitle={t('class.notFoundTitle')}
        notFoundBody={t('class.notFoundBody')}
      />
    );
  }

  const data = query.data;
  const today = studyDay(new Date(data.generated_at), tz);
  const search = params.toString() ? `?${params.toString()}` : '';
  return (
    <div className="flex min-w-0 flex-col gap-8" data-testid="class-analytics">
      <header className="flex min-w-0 flex-col gap-3">
        {back}
        <h1 className={SCREEN_TITLE}>{data.class.name}</h1>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ClassSwitcher classes={classes} classId={classId} search={search} />
          <p className="text-xs text-zinc-400">
            {t('class.generatedAt', {
              when: formatInstant(data.generated_at, i18n.language, tz, DATE_TIME),
            })}
          </p>
        </div>
      </header>

      {data.students.length === 0 ? (
        <EmptyState
          icon={<Users className="size-8 text-zinc-500" aria-hidden />}
          title={t('class.noStudentsTitle')}
          body={t('class.noStudentsBody')}
        >
          <Link
            to={`/dashboard/teacher/${encodeURIComponent(classId)}`}
            className={buttonVariants({ className: 'mt-2' })}
          >
            {t('class.manage')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <AttentionPanel
            data={data}
            inactiveDays={inactiveDays}
            onInactiveDays={setInactiveDays}
            updating={query.isPlaceholderData}
          />
          <ActivityTable data={data} today={today} />
          <ClassCharts data={data} />
          <AssignmentsTable data={data} tz={tz} />
          <MasteryHeatmap data={data} />
          <MissedSkills data={data} />
        </>
      )}
      <DecksRecall data={data} tz={tz} />
    </div>
  );
}
