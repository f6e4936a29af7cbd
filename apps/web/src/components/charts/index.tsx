import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeriesChartProps } from './series-chart-view';
import type { HeatmapProps } from './heatmap-levels';

/**
 * Charts of the app (README.md here). The drawing libraries (recharts, react-activity-calendar)
 * load only when a chart first renders, in their own chunks: importing this file costs a screen
 * nothing until then.
 */
export { ChartFigure, type ChartFigureProps } from './chart-figure';
export { DataTable, type TableColumn, type TableData, type TableRow } from './data-table';
export { SERIES_COLORS, type ChartDatum, type ChartSeries, type SeriesColor } from './series';
export {
  calendarLabels,
  heatmapLevels,
  type HeatmapDay,
  type HeatmapProps,
} from './heatmap-levels';
export type { SeriesChartProps } from './series-chart-view';

const SeriesChartView = lazy(() =>
  import('./series-chart-view').then((m) => ({ default: m.SeriesChartView })),
);
const HeatmapView = lazy(() => import('./heatmap-view').then((m) => ({ default: m.HeatmapView })));

function ChartLoading({ height }: { height: number }) {
  const { t } = useTranslation('charts');
  return (
    <div
      className="animate-pulse rounded-md bg-zinc-800/40 motion-reduce:animate-none"
      style={{ height }}
      role="status"
    >
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}

/** Bars or lines over a category axis (days), one or more series. */
export function SeriesChart(props: SeriesChartProps) {
  return (
    <Suspense fallback={<ChartLoading height={(props.height ?? 220) + 24} />}>
      <SeriesChartView {...props} />
    </Suspense>
  );
}

/** A GitHub-style year of days (react-activity-calendar). */
export function ActivityHeatmap(props: HeatmapProps) {
  return (
    <Suspense fallback={<ChartLoading height={140} />}>
      <HeatmapView {...props} />
    </Suspense>
  );
}
