import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart3, Table2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { DataTable, type TableData } from './data-table';

export interface ChartFigureProps {
  /** The chart's title (a heading). */
  title: string;
  /** One sentence with what the chart shows ("Você revisou 132 cartões em 30 dias; …"). */
  summary: string;
  /** The same figures as a table ("Ver como tabela"). */
  table: TableData;
  /** The chart itself (SeriesChart, ActivityHeatmap or any drawing). */
  children: ReactNode;
  /** Heading level of the title (default 2). */
  level?: 2 | 3;
  /** Below this width (px) the chart scrolls sideways inside its box instead of squeezing. */
  minChartWidth?: number;
  /**
   * Where a chart wider than its box starts scrolled: `end` for a time line that ends today (the
   * latest days in view on a phone), `start` (the default) otherwise.
   */
  scrollFrom?: 'start' | 'end';
  /** Extra controls next to the toggle (e.g. a CSV export). */
  actions?: ReactNode;
  /** Start with the table (default: the chart). */
  initialView?: 'chart' | 'table';
  /**
   * Nothing to draw yet: only the title and the summary (which says so) show — no empty axes, no
   * toggle, no actions.
   */
  empty?: boolean;
  className?: string;
  'data-testid'?: string;
}

/**
 * Every chart of the app: a titled <figure> with a one-sentence summary, the chart, and a
 * "Ver como tabela" / "Ver como gráfico" toggle to an accessible table with the same figures. The
 * drawing is hidden from assistive technology (the summary and the table say it in words), scrolls
 * inside its own box on narrow screens, and never makes the page scroll sideways.
 */
export function ChartFigure({
  title,
  summary,
  table,
  children,
  level = 2,
  minChartWidth = 0,
  scrollFrom = 'start',
  actions,
  initialView = 'chart',
  empty = false,
  className,
  'data-testid': testId,
}: ChartFigureProps) {
  const { t } = useTranslation('charts');
  const [view, setView] = useState(initialView);
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const scroller = useRef<HTMLDivElement>(null);
  // Before the first paint of the chart (and again when its width or the view changes).
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && scrollFrom === 'end') box.scrollLeft = box.scrollWidth;
  }, [scrollFrom, minChartWidth, view, empty]);
  return (
    <figure
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4',
        className,
      )}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={`${id}-title`} className="text-base font-semibold">
          {title}
        </Heading>
        {empty ? null : (
          <div className="flex flex-wrap gap-2">
            {actions}
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-controls={`${id}-body`}
              onClick={() => setView(view === 'chart' ? 'table' : 'chart')}
            >
              {view === 'chart' ? <Table2 aria-hidden /> : <BarChart3 aria-hidden />}
              {view === 'chart' ? t('showTable') : t('showChart')}
            </Button>
          </div>
        )}
      </div>
      <figcaption className="text-sm text-zinc-300">{summary}</figcaption>
      {empty ? null : (
        <div id={`${id}-body`} className="min-w-0">
          {view === 'table' ? (
            <DataTable caption={title} table={table} />
          ) : (
            <div
              ref={scroller}
              className="max-w-full overflow-x-auto"
              tabIndex={minChartWidth > 0 ? 0 : undefined}
              role={minChartWidth > 0 ? 'region' : undefined}
              aria-label={minChartWidth > 0 ? t('scrollable', { title }) : undefined}
            >
              <div aria-hidden style={minChartWidth > 0 ? { minWidth: minChartWidth } : undefined}>
                {children}
              </div>
            </div>
          )}
        </div>
      )}
    </figure>
  );
}
