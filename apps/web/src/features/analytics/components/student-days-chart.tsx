import { useTranslation } from 'react-i18next';
import type { StudentInClass } from '@aprenda/shared/schemas/metrics';
import { ChartFigure } from '@/components/charts';
import { formatDayShort, formatDayWithWeekday, formatNumber } from '@/lib/intl-format';
import { dayTotals } from '../lib/charts';
import { daysCsv } from '../lib/csv';
import { ActivityBars } from './activity-bars';
import { CsvButton } from './csv-button';

/** The student's last 30 days in the class's material: reviews and answers per day. */
export function StudentDaysChart({
  days,
  fileTitle,
}: {
  days: StudentInClass['days'];
  fileTitle: string;
}) {
  const { t, i18n } = useTranslation(['analytics', 'charts']);
  const lang = i18n.language;
  const totals = dayTotals(days);
  const title = t('student.daysTitle');
  return (
    <ChartFigure
      title={title}
      data-testid="student-days"
      empty={totals.activeDays === 0}
      summary={
        totals.activeDays === 0
          ? t('student.noDays')
          : t('student.daysSummary', {
              days: formatNumber(totals.activeDays, lang),
              reviews: formatNumber(totals.reviews, lang),
              answers: formatNumber(totals.answers, lang),
              correct: formatNumber(totals.correct, lang),
            })
      }
      minChartWidth={days.length * 14}
      scrollFrom="end"
      actions={<CsvButton title={fileTitle} table={title} rows={() => daysCsv(t, days)} />}
      table={{
        columns: [
          { key: 'day', label: t('student.columns.day') },
          { key: 'reviews', label: t('activity.columns.reviews'), numeric: true },
          { key: 'answers', label: t('activity.columns.answers'), numeric: true },
          { key: 'correct', label: t('student.columns.correct'), numeric: true },
        ],
        rows: days.map((d) => ({
          key: d.day,
          cells: [
            formatDayWithWeekday(d.day, lang),
            formatNumber(d.reviews, lang),
            formatNumber(d.answers, lang),
            formatNumber(d.answers_correct, lang),
          ],
        })),
      }}
    >
      <ActivityBars
        data={days.map((d) => ({
          label: formatDayShort(d.day, lang),
          reviews: d.reviews,
          answers: d.answers,
        }))}
      />
    </ChartFigure>
  );
}
