import { useTranslation } from 'react-i18next';
import { ANALYTICS_WINDOW_DAYS, type ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { ChartFigure, SeriesChart } from '@/components/charts';
import { formatNumber, formatPercent } from '@/lib/intl-format';
import { mostActive, scoreBands } from '../lib/charts';
import { scoresCsv } from '../lib/csv';
import { ActivityBars } from './activity-bars';
import { CsvButton } from './csv-button';

/**
 * The class at a glance: students by mean score (bands of 20 points) and each student's reviews
 * and answers over the last 30 days. Each chart has its sentence and its table.
 */
export function ClassCharts({ data }: { data: ClassAnalytics }) {
  const { t, i18n } = useTranslation(['analytics', 'charts']);
  const lang = i18n.language;
  const scores = scoreBands(data.students);
  const bandLabel = (from: number, to: number) => t('charts.scores.band', { from, to });
  const top = mostActive(data.students);
  const reviews = data.students.reduce((n, s) => n + s.reviews, 0);
  const answers = data.students.reduce((n, s) => n + s.answers, 0);

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <ChartFigure
        title={t('charts.scores.title')}
        data-testid="chart-scores"
        empty={scores.mean === null}
        actions={
          <CsvButton
            title={data.class.name}
            table={t('charts.scores.title')}
            rows={() => scoresCsv(t, scores.bands)}
          />
        }
        summary={
          scores.mean === null
            ? t('charts.scores.none')
            : t('charts.scores.summary', {
                scored: scores.scored,
                total: data.students.length,
                mean: formatPercent(scores.mean, lang),
              })
        }
        table={{
          columns: [
            { key: 'band', label: t('charts.scores.bandColumn') },
            { key: 'students', label: t('charts.scores.students'), numeric: true },
          ],
          rows: scores.bands.map((b) => ({
            key: String(b.from),
            cells: [bandLabel(b.from, b.to), formatNumber(b.students, lang)],
          })),
        }}
      >
        <SeriesChart
          kind="bar"
          data={scores.bands.map((b) => ({ label: bandLabel(b.from, b.to), students: b.students }))}
          series={[{ key: 'students', label: t('charts.scores.students'), color: 'violet' }]}
          formatValue={(v) => formatNumber(v, lang)}
        />
      </ChartFigure>
      <ChartFigure
        title={t('charts.activity.title')}
        data-testid="chart-activity"
        empty={top === null}
        summary={
          top === null
            ? t('charts.activity.none', { days: ANALYTICS_WINDOW_DAYS })
            : t('charts.activity.summary', {
                reviews: formatNumber(reviews, lang),
                answers: formatNumber(answers, lang),
                name: top.name,
                actions: formatNumber(top.actions, lang),
              })
        }
        minChartWidth={data.students.length > 8 ? data.students.length * 44 : 0}
        table={{
          columns: [
            { key: 'student', label: t('activity.columns.name') },
            { key: 'reviews', label: t('activity.columns.reviews'), numeric: true },
            { key: 'answers', label: t('activity.columns.answers'), numeric: true },
          ],
          rows: data.students.map((s) => ({
            key: s.user_id,
            cells: [s.name, formatNumber(s.reviews, lang), formatNumber(s.answers, lang)],
          })),
        }}
      >
        <ActivityBars
          data={data.students.map((s) => ({
            label: s.name.length > 12 ? `${s.name.slice(0, 11)}…` : s.name,
            reviews: s.reviews,
            answers: s.answers,
          }))}
        />
      </ChartFigure>
    </div>
  );
}
