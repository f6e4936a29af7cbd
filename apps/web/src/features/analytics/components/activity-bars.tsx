import { useTranslation } from 'react-i18next';
import { SeriesChart } from '@/components/charts';
import { formatNumber } from '@/lib/intl-format';

/** One bar of `ActivityBars`: a student, or a day. */
export type ActivityBar = { label: string; reviews: number; answers: number };

/** Reviews and answers stacked in each bar (answers striped, not told by colour alone). */
export function ActivityBars({ data }: { data: ActivityBar[] }) {
  const { t, i18n } = useTranslation('analytics');
  return (
    <SeriesChart
      kind="bar"
      stacked
      data={data}
      series={[
        { key: 'reviews', label: t('activity.columns.reviews'), color: 'violet' },
        {
          key: 'answers',
          label: t('activity.columns.answers'),
          color: 'sky',
          pattern: 'stripes',
        },
      ]}
      formatValue={(v) => formatNumber(v, i18n.language)}
    />
  );
}
