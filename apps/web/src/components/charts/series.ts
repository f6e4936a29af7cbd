/**
 * Colours and fills of chart series. Each colour is a 300-level Tailwind tone that keeps at least
 * 3:1 against the dark cards (#111113) for shapes and 7:1 for text; a series is never told apart
 * by colour alone — each also has its own fill pattern (bars) or dash and marker (lines), and its
 * label in the legend and the table.
 */
export const SERIES_COLORS = {
  violet: '#c4b5fd',
  sky: '#7dd3fc',
  amber: '#fcd34d',
  emerald: '#6ee7b7',
  rose: '#fda4af',
} as const;
export type SeriesColor = keyof typeof SERIES_COLORS;

export type SeriesPattern = 'solid' | 'stripes' | 'dots';

export interface ChartSeries {
  /** The key of the value in each datum. */
  key: string;
  /** Shown in the legend (and usually as the table's column header). */
  label: string;
  color: SeriesColor;
  /** Bars: the fill; lines: solid, dashed (stripes) or dotted (dots). Default: solid. */
  pattern?: SeriesPattern;
}

/** One point of a series chart: the x label (already formatted) and one number per series key. */
export type ChartDatum = { label: string } & Record<string, number | string | null>;

/** Axis and grid tones (zinc-400 text on the cards: 7.6:1). */
export const AXIS_COLOR = '#a1a1aa';
export const GRID_COLOR = '#3f3f46';
export const CARD_COLOR = '#111113';

/** Stroke dash of a line series by pattern. */
export function dashOf(pattern: SeriesPattern | undefined): string | undefined {
  if (pattern === 'stripes') return '6 4';
  if (pattern === 'dots') return '2 4';
  return undefined;
}

/** A DOM-safe id for an SVG <pattern> (React's ids may hold characters url(#…) dislikes). */
export function patternId(base: string, key: string): string {
  return `chart-${base}-${key}`.replace(/[^a-zA-Z0-9_-]/g, '');
}
