/** Heatmap data and levels (no react-activity-calendar import: safe for any chunk). */

export interface HeatmapDay {
  /** `YYYY-MM-DD`. */
  date: string;
  count: number;
  /** 0 (nothing) to 4 (most), see heatmapLevels. */
  level: number;
}

export interface HeatmapProps {
  /** Every day to draw, oldest first (the first and last fix the calendar's span). */
  data: HeatmapDay[];
  /** Localised month and weekday names and the legend's "less"/"more". */
  labels: {
    months: string[];
    weekdays: string[];
    legend: { less: string; more: string };
  };
  /** 0 = Sunday (en), 1 = Monday. */
  weekStart?: 0 | 1;
}

/** Empty, then four violet steps from dark to light (the brightest is the most). */
export const HEATMAP_LEVEL_COLORS = [
  '#27272a',
  '#5b21b6',
  '#7c3aed',
  '#a78bfa',
  '#ddd6fe',
] as const;

/**
 * Level of each day: 0 without activity, then quartiles of the active days' counts (1–4), so a
 * student's own busy days are the brightest whatever their scale.
 */
export function heatmapLevels(days: { day: string; count: number }[]): HeatmapDay[] {
  const active = days
    .map((d) => d.count)
    .filter((c) => c > 0)
    .sort((a, b) => a - b);
  const q = (p: number) => active[Math.min(active.length - 1, Math.floor(p * active.length))] ?? 0;
  const [q1, q2, q3] = [q(0.25), q(0.5), q(0.75)];
  return days.map(({ day, count }) => ({
    date: day,
    count,
    level: count <= 0 ? 0 : count <= q1 ? 1 : count <= q2 ? 2 : count <= q3 ? 3 : 4,
  }));
}

/** Month and weekday names of a language through Intl (January…, Sunday…). */
export function calendarLabels(language: string): { months: string[]; weekdays: string[] } {
  const month = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  return {
    months: Array.from({ length: 12 }, (_, m) => month.format(new Date(Date.UTC(2024, m, 1)))),
    // 2024-09-01 was a Sunday.
    weekdays: Array.from({ length: 7 }, (_, d) =>
      weekday.format(new Date(Date.UTC(2024, 8, 1 + d))),
    ),
  };
}
