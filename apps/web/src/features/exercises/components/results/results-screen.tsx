import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { ApiError, errorMessage } from '@/lib/errors';
import { useAssignmentResults } from '../../api/results';
import { resultsSummary } from '../../lib/results-view';
import { CsvButton } from './csv-button';
import { ItemAnalysisList } from './item-analysis';
import { ResultsGrid } from './results-grid';
import { ScoreDistribution } from './score-distribution';

/**
 * An assignment's results for its teachers: who handed in and the mean, the students × questions
 * grid, the distribution of scores and the analysis of each question, with CSV exports.
 */
export function ResultsScreen({ assignmentId }: { assignmentId: string }) {
  const { t, i18n } = useTranslation(['sets', 'errors']);
  const results = useAssignmentResults(assignmentId);
  const back = (
    <Link
      to="/dashboard/exercises?tab=sets"
      className="inline-flex min-h-6 items-center gap-1 self-start py-1 text-sm text-zinc-300 hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t('results.back')}
    </Link>
  );

  if (results.isPending) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <LoadingState>{t('results.loading')}</LoadingState>
      </div>
    );
  }
  if (results.isError) {
    // Not one of the class's teachers (a student who followed a link), or gone: trying again
    // cannot help.
    const status = results.error instanceof ApiError ? results.error.status : 0;
    const final = status === 403 || status === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        <h1 className="text-2xl font-semibold">{t('results.pageTitle')}</h1>
        <ErrorBox
          retryLabel={final ? undefined : t('retry')}
          onRetry={final ? undefined : () => void results.refetch()}
        >
          {final ? t('results.notYours') : errorMessage(t, results.error)}
        </ErrorBox>
      </div>
    );
  }

  const data = results.data;
  const { assignment } = data;
  const summary = resultsSummary(data);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="flex min-w-0 flex-col gap-8">
      <header className="flex min-w-0 flex-col gap-3">
        {back}
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
          {assignment.title}
        </h1>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Fact term={t('results.class')} value={assignment.class_title} />
          <Fact term={t('results.due')} value={when.format(new Date(assignment.due_at))} />
          <Fact
            term={t('results.handedIn')}
            value={t('results.handedInValue', { n: summary.handedIn, total: summary.total })}
          />
          <Fact
            term={t('results.mean')}
            value={summary.mean === null ? t('results.noMean') : percent.format(summary.mean)}
          />
        </dl>
      </header>

      <section className="flex min-w-0 flex-col gap-3" aria-labelledby="results-grid-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="results-grid-heading" className="text-xl font-semibold">
            {t('results.gridTitle')}
          </h2>
          <CsvButton assignmentId={assignmentId} title={assignment.title} table="grid" />
        </div>
        <ResultsGrid results={data} />
      </section>

      <ScoreDistribution distribution={data.distribution} />

      <section className="flex min-w-0 flex-col gap-3" aria-labelledby="results-items-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="results-items-heading" className="text-xl font-semibold">
            {t('results.itemsTitle')}
          </h2>
          <CsvButton assignmentId={assignmentId} title={assignment.title} table="items" />
        </div>
        <ItemAnalysisList analysis={data.analysis} />
      </section>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-zinc-400">{term}</dt>
      <dd className="font-medium tabular-nums [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}
