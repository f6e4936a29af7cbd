import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartLegend, PatternDefs, fillOf } from './pattern-defs';
import {
  AXIS_COLOR,
  CARD_COLOR,
  GRID_COLOR,
  SERIES_COLORS,
  dashOf,
  type ChartDatum,
  type ChartSeries,
} from './series';

export interface SeriesChartProps {
  kind: 'bar' | 'line';
  data: ChartDatum[];
  series: ChartSeries[];
  /** Bars of several series on top of each other (default: side by side). */
  stacked?: boolean;
  /** Plot height in px (default 220). */
  height?: number;
  /** Formats the y axis ticks and tooltip values (default: as is). */
  formatValue?: (value: number) => string;
  /** Fix the y axis (e.g. [0, 1] for rates). */
  yDomain?: [number, number];
}

/**
 * The recharts body of <SeriesChart> (loaded lazily: import SeriesChart from ./index, never this
 * file). Decorative for assistive technology — the figure's summary and table carry the figures.
 */
export function SeriesChartView({
  kind,
  data,
  series,
  stacked = false,
  height = 220,
  formatValue,
  yDomain,
}: SeriesChartProps) {
  const base = useId();
  const tick = { fill: AXIS_COLOR, fontSize: 12 };
  const common = {
    data,
    responsive: true,
    accessibilityLayer: false,
    style: { width: '100%', height },
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
  } as const;
  const axes = (
    <>
      <CartesianGrid stroke={GRID_COLOR} strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={tick} stroke={GRID_COLOR} minTickGap={12} />
      <YAxis
        tick={tick}
        stroke={GRID_COLOR}
        width={48}
        allowDecimals={false}
        domain={yDomain}
        tickFormatter={formatValue ? (v: number) => formatValue(v) : undefined}
      />
      <Tooltip
        cursor={{ fill: 'rgba(255,255,255,0.06)' }}
        contentStyle={{
          background: CARD_COLOR,
          border: `1px solid ${GRID_COLOR}`,
          borderRadius: 6,
          color: '#fafafa',
        }}
        labelStyle={{ color: '#fafafa' }}
        formatter={
          formatValue
            ? (value: unknown) => (typeof value === 'number' ? formatValue(value) : String(value))
            : undefined
        }
      />
    </>
  );
  return (
    <div>
      {kind === 'bar' ? (
        <BarChart {...common}>
          <PatternDefs base={base} series={series} />
          {axes}
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={fillOf(base, s)}
              stroke={SERIES_COLORS[s.color]}
              stackId={stacked ? 'stack' : undefined}
              isAnimationActive={false}
              maxBarSize={28}
            />
          ))}
        </BarChart>
      ) : (
        <LineChart {...common}>
          {axes}
          {series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              type="monotone"
              stroke={SERIES_COLORS[s.color]}
              strokeWidth={2}
              strokeDasharray={dashOf(s.pattern)}
              dot={{ r: 3, fill: SERIES_COLORS[s.color], strokeWidth: 0 }}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
      <ChartLegend base={base} series={series} kind={kind} />
    </div>
  );
}
