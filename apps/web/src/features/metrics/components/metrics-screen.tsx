import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BarChart3, Layers, Target } from 'lucide-react';
import {
  METRICS_RANGES,
  MATURE_INTERVAL_DAYS,
  STREAK_MIN_ACTIONS,
  type MetricsRange,
  type StudentMetrics,
} from '@aprenda/shared/schemas/metrics';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState, ErrorBox } from '@/components/ui/states';
import {
  ActivityHeatmap,
  ChartFigure,
  SeriesChart,
  calendarLabels,
  heatmapLevels,
} from '@/components/charts';
import { formatDuration, formatNumber, formatPercent } from '@/lib/intl-format';
import { cn } from '@/lib/utils';
import { useStudentMetrics } from '../api/metrics';
import {
  accuracyData,
  accuracySummary,
  accuracyTable,
  activityData,
  activitySummary,
  activityTable,
  forecastData,
  forecastSummary,
  forecastTable,
  fillHeatmap,
  hasAnyActivity,
  heatmapSummary,
  heatmapTable,
  studyTimeData,
  studyTimeSummary,
  studyTimeTable,
} from '../lib/metrics-view';
import { MetricsSkeleton } from './metrics-skeleton';
import { RetentionPanel } from './retention-panel';
import { SkillsPanel } from './skills-panel';
import { StreakPanel } from './streak-panel';

const RANGE_PARAM = 'periodo';
/** 53 weeks of 11 px blocks with 3 px gaps, plus the weekday labels. */
const HEATMAP_WIDTH = 53 * 14 + 40;

function rangeOf(search: URLSearchParams): MetricsRange {
  const value = search.get(RANGE_PARAM);
  return (METRICS_RANGES as readonly string[]).includes(value ?? '')
    ? (value as MetricsRange)
    : '30d';
}

/** `/dashboard/metrics`: the student's own figures (issue 14). */
export function MetricsScreen() {
  const { t } = useTranslation(['metrics', 'charts']);
  const [search, setSearch] = useSearchParams();
  const range = rangeOf(search);
  const metrics = useStudentMetrics(range);

  return (
    <section className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-5">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-zinc-300">{t('lead')}</p>
        </div>
        <div role="group" aria-label={t('range.label')} className="flex flex-wrap gap-1.5">
          {METRICS_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              onClick={() =>
                setSearch(
                  (prev) => {
                    const next = new URLSearchParams(prev);
                    if (r === '30d') next.delete(RANGE_PARAM);
                    else next.set(RANGE_PARAM, r);
                    return next;
                  },
                  { replace: true },
                )
              }
              className={cn(
                'h-9 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                r === range
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-card text-zinc-200 hover:border-primary/60',
              )}
            >
              {t(`range.${r}`)}
            </button>
          ))}
        </div>
      </header>

      {metrics.isPending ? (
        <MetricsSkeleton label={t('loading')} />
      ) : metrics.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void metrics.refetch()}>
          {t('loadError')}
        </ErrorBox>
      ) : !hasAnyActivity(metrics.data) ? (
        <MetricsEmpty />
      ) : (
        <MetricsBody metrics={metrics.data} updating={metrics.isPlaceholderData} />
      )}
    </section>
  );
}

function MetricsEmpty() {
  const { t } = useTranslation('metrics');
  return (
    <EmptyState
      icon={<BarChart3 className="size-8 text-zinc-400" aria-hidden />}
      title={t('empty.title')}
      body={t('empty.body')}
    >
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Link to="/dashboard/flashcard" className={buttonVariants()}>
          <Layers aria-hidden />
          {t('empty.flashcards')}
        </Link>
        <Link to="/dashboard/adaptive" className={buttonVariants({ variant: 'outline' })}>
          <Target aria-hidden />
          {t('empty.exercises')}
        </Link>
      </div>
      <p className="mt-2 max-w-md text-xs text-zinc-400">
        {t('streak.rule', { min: STREAK_MIN_ACTIONS })}
      </p>
    </EmptyState>
  );
}

function MetricsBody({ metrics, updating }: { metrics: StudentMetrics; updating: boolean }) {
  const { t, i18n } = useTranslation('metrics');
  const lang = i18n.language;
  const minWidth = Math.max(0, metrics.days.length * 14);
  const countFmt = (v: number) => formatNumber(v, lang);
  const { totals } = metrics;
  const labels = calendarLabels(lang);
  const year = fillHeatmap(metrics.heatmap, metrics.today);

  return (
    <div className="flex min-w-0 flex-col gap-5" aria-busy={updating} data-testid="metrics-body">
      {updating ? (
        <p role="status" className="text-sm text-zinc-400">
          {t('updating')}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <StreakPanel streak={metrics.streak} />
        <section
          aria-labelledby="metrics-totals"
          className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4"
        >
          <h2 id="metrics-totals" className="text-base font-semibold">
            {t('totals.heading')} · {t(`range.${metrics.range}`)}
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="metrics-totals">
            <Stat label={t('totals.reviews')} value={countFmt(totals.reviews)} />
            <Stat label={t('totals.answers')} value={countFmt(totals.answers)} />
            <Stat
              label={t('totals.accuracy')}
              value={
                totals.accuracy === null
                  ? t('totals.noAnswers')
                  : formatPercent(totals.accuracy, lang)
              }
            />
            <Stat label={t('totals.time')} value={formatDuration(totals.study_ms, lang)} />
            <Stat label={t('totals.activeDays')} value={countFmt(totals.active_days)} />
          </dl>
        </section>
      </div>

      <ChartFigure
        title={t('activity.title')}
        summary={activitySummary(metrics, t, lang)}
        table={activityTable(metrics.days, t, lang)}
        minChartWidth={minWidth}
        scrollFrom="end"
        data-testid="chart-activity"
      >
        <SeriesChart
          kind="bar"
          stacked
          data={activityData(metrics.days, lang)}
          series={[
            { key: 'reviews', label: t('activity.reviews'), color: 'violet' },
            { key: 'answers', label: t('activity.answers'), color: 'sky', pattern: 'stripes' },
          ]}
          formatValue={countFmt}
        />
      </ChartFigure>

      <div className="grid gap-5 lg:grid-cols-2">
        <ChartFigure
          title={t('time.title')}
          summary={studyTimeSummary(metrics, t, lang)}
          table={studyTimeTable(metrics.days, t, lang)}
          minChartWidth={minWidth}
          scrollFrom="end"
          data-testid="chart-time"
        >
          <SeriesChart
            kind="bar"
            data={studyTimeData(metrics.days, lang)}
            series={[{ key: 'minutes', label: t('time.column'), color: 'emerald' }]}
            formatValue={(v) => `${formatNumber(v, lang, 1)} ${t('time.unit')}`}
          />
        </ChartFigure>
        <ChartFigure
          title={t('accuracy.title')}
          summary={accuracySummary(metrics, t, lang)}
          table={accuracyTable(metrics.days, t, lang)}
          minChartWidth={minWidth}
          scrollFrom="end"
          data-testid="chart-accuracy"
          empty={metrics.totals.answers === 0}
        >
          <SeriesChart
            kind="line"
            data={accuracyData(metrics.days, lang)}
            series={[{ key: 'accuracy', label: t('accuracy.series'), color: 'amber' }]}
            yDomain={[0, 1]}
            formatValue={(v) => formatPercent(v, lang)}
          />
        </ChartFigure>
      </div>

      <ChartFigure
        title={t('heatmap.title')}
        summary={heatmapSummary(year, t, lang)}
        table={heatmapTable(year, t, lang)}
        minChartWidth={HEATMAP_WIDTH}
        scrollFrom="end"
        data-testid="chart-heatmap"
      >
        <ActivityHeatmap
          data={heatmapLevels(year)}
          labels={{ ...labels, legend: { less: t('heatmap.less'), more: t('heatmap.more') } }}
        />
      </ChartFigure>

      <RetentionPanel
        retention={metrics.retention}
        knowledge={metrics.knowledge}
        mature={MATURE_INTERVAL_DAYS}
      />

      <ChartFigure
        title={t('forecast.title')}
        summary={forecastSummary(metrics.forecast, t, lang)}
        table={forecastTable(metrics.forecast, t, lang)}
        minChartWidth={metrics.forecast.length * 14}
        data-testid="chart-forecast"
      >
        <SeriesChart
          kind="bar"
          data={forecastData(metrics.forecast, lang)}
          series={[{ key: 'due', label: t('forecast.series'), color: 'violet', pattern: 'dots' }]}
          formatValue={countFmt}
        />
      </ChartFigure>

      <SkillsPanel skills={metrics.skills} />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-zinc-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}
