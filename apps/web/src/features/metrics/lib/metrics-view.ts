import type { TFunction } from 'i18next';
import {
  HEATMAP_DAYS,
  STREAK_MIN_ACTIONS,
  type ActivityDay,
  type RetentionCell,
  type StudentMetrics,
  type Streak,
} from '@aprenda/shared/schemas/metrics';
import {
  dayToDate,
  formatDayMedium,
  formatDayShort,
  formatDayWithWeekday,
  formatDuration,
  formatNumber,
  formatPercent,
  msToMinutes,
} from '@/lib/intl-format';
import type { ChartDatum, TableData } from '@/components/charts';

/** i18next's `t` (of the metrics namespace). */
export type Translate = TFunction;

/** The day with the most of something (the first of equals), or null when all are zero. */
export function bestDay<T extends { day: string }>(
  days: T[],
  value: (d: T) => number,
): { day: string; value: number } | null {
  let best: { day: string; value: number } | null = null;
  for (const d of days) {
    const v = value(d);
    if (v > 0 && (!best || v > best.value)) best = { day: d.day, value: v };
  }
  return best;
}

const actions = (d: ActivityDay) => d.reviews + d.answers;

/** Whether the account has any record at all to show (else: the first-step empty state). */
export function hasAnyActivity(m: StudentMetrics): boolean {
  return (
    m.heatmap.some((d) => d.count > 0) ||
    m.knowledge.cards > 0 ||
    m.skills.length > 0 ||
    m.forecast.some((d) => d.due > 0)
  );
}

// ─── Reviews and answers per day ────────────────────────────────────────────────────────────────

export function activityData(days: ActivityDay[], language: string): ChartDatum[] {
  return days.map((d) => ({
    label: formatDayShort(d.day, language),
    reviews: d.reviews,
    answers: d.answers,
  }));
}

export function activitySummary(m: StudentMetrics, t: Translate, language: string): string {
  const n = m.days.length;
  const reviews = m.totals.reviews;
  const answers = m.totals.answers;
  if (reviews + answers === 0) return t('activity.summaryEmpty', { count: n });
  const best = bestDay(m.days, actions);
  const key =
    answers === 0
      ? 'activity.summaryReviews'
      : reviews === 0
        ? 'activity.summaryAnswers'
        : 'activity.summary';
  return t(key, {
    reviews: t('activity.reviewsCount', { count: reviews, n: formatNumber(reviews, language) }),
    answers: t('activity.answersCount', { count: answers, n: formatNumber(answers, language) }),
    count: n,
    day: best ? formatDayShort(best.day, language) : '',
    best: best ? formatNumber(best.value, language) : '',
  });
}

export function activityTable(days: ActivityDay[], t: Translate, language: string): TableData {
  return {
    columns: [
      { key: 'day', label: t('table.day') },
      { key: 'reviews', label: t('activity.reviews'), numeric: true },
      { key: 'answers', label: t('activity.answers'), numeric: true },
      { key: 'correct', label: t('activity.correct'), numeric: true },
      { key: 'counts', label: t('activity.counts') },
    ],
    rows: [...days].reverse().map((d) => ({
      key: d.day,
      cells: [
        formatDayWithWeekday(d.day, language),
        formatNumber(d.reviews, language),
        formatNumber(d.answers, language),
        formatNumber(d.answers_correct, language),
        d.meaningful ? t('table.yes') : t('table.no'),
      ],
    })),
  };
}

// ─── Study time ─────────────────────────────────────────────────────────────────────────────────

export function studyTimeData(days: ActivityDay[], language: string): ChartDatum[] {
  return days.map((d) => ({
    label: formatDayShort(d.day, language),
    minutes: msToMinutes(d.study_ms),
  }));
}

export function studyTimeSummary(m: StudentMetrics, t: Translate, language: string): string {
  const n = m.days.length;
  if (m.totals.study_ms <= 0) return t('time.summaryEmpty', { count: n });
  const best = bestDay(m.days, (d) => d.study_ms);
  const studied = m.days.filter((d) => d.study_ms > 0).length;
  return t('time.summary', {
    total: formatDuration(m.totals.study_ms, language),
    count: n,
    days: t('time.daysCount', { count: studied, n: formatNumber(studied, language) }),
    day: best ? formatDayShort(best.day, language) : '',
    best: best ? formatDuration(best.value, language) : '',
  });
}

export function studyTimeTable(days: ActivityDay[], t: Translate, language: string): TableData {
  return {
    columns: [
      { key: 'day', label: t('table.day') },
      { key: 'time', label: t('time.column'), numeric: true },
    ],
    rows: [...days].reverse().map((d) => ({
      key: d.day,
      cells: [formatDayWithWeekday(d.day, language), formatDuration(d.study_ms, language)],
    })),
  };
}

// ─── Accuracy ───────────────────────────────────────────────────────────────────────────────────

/** The share of correct answers per day (null on days without answers: a gap, not a zero). */
export function accuracyData(days: ActivityDay[], language: string): ChartDatum[] {
  return days.map((d) => ({
    label: formatDayShort(d.day, language),
    accuracy: d.answers > 0 ? d.answers_correct / d.answers : null,
  }));
}

export function accuracySummary(m: StudentMetrics, t: Translate, language: string): string {
  const { answers, answers_correct, accuracy } = m.totals;
  if (answers === 0 || accuracy === null)
    return t('accuracy.summaryEmpty', { count: m.days.length });
  return t('accuracy.summary', {
    correct: formatNumber(answers_correct, language),
    answers: t('accuracy.answersCount', { count: answers, n: formatNumber(answers, language) }),
    rate: formatPercent(accuracy, language),
    count: m.days.length,
  });
}

export function accuracyTable(days: ActivityDay[], t: Translate, language: string): TableData {
  return {
    columns: [
      { key: 'day', label: t('table.day') },
      { key: 'answers', label: t('activity.answers'), numeric: true },
      { key: 'correct', label: t('activity.correct'), numeric: true },
      { key: 'rate', label: t('accuracy.column'), numeric: true },
    ],
    rows: [...days]
      .reverse()
      .filter((d) => d.answers > 0)
      .map((d) => ({
        key: d.day,
        cells: [
          formatDayWithWeekday(d.day, language),
          formatNumber(d.answers, language),
          formatNumber(d.answers_correct, language),
          formatPercent(d.answers_correct / d.answers, language),
        ],
      })),
  };
}

// ─── Year heatmap ───────────────────────────────────────────────────────────────────────────────

/**
 * Every day of the last `days` study days ending `today`, oldest first, with the count of the
 * server's (sparse) heatmap or 0: the calendar's span and the summary's "dos últimos 365 dias".
 */
export function fillHeatmap(
  heatmap: StudentMetrics['heatmap'],
  today: string,
  days: number = HEATMAP_DAYS,
): StudentMetrics['heatmap'] {
  const counts = new Map(heatmap.map((d) => [d.day, d.count]));
  const end = dayToDate(today).getTime();
  if (Number.isNaN(end)) return heatmap;
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, count: counts.get(day) ?? 0 };
  });
}

export function heatmapSummary(
  heatmap: StudentMetrics['heatmap'],
  t: Translate,
  language: string,
): string {
  const active = heatmap.filter((d) => d.count > 0).length;
  if (active === 0) return t('heatmap.summaryEmpty', { count: heatmap.length });
  const best = bestDay(heatmap, (d) => d.count)!;
  return t('heatmap.summary', {
    active: formatNumber(active, language),
    count: heatmap.length,
    day: formatDayMedium(best.day, language),
    best: formatNumber(best.value, language),
  });
}

/** The year as one row per month (newest first): active days, reviews + answers, best day. */
export function heatmapTable(
  heatmap: StudentMetrics['heatmap'],
  t: Translate,
  language: string,
): TableData {
  const months = new Map<string, { days: { day: string; count: number }[] }>();
  for (const d of heatmap) {
    const key = d.day.slice(0, 7);
    const month = months.get(key) ?? { days: [] };
    month.days.push(d);
    months.set(key, month);
  }
  const monthName = new Intl.DateTimeFormat(language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    columns: [
      { key: 'month', label: t('heatmap.month') },
      { key: 'active', label: t('heatmap.activeDays'), numeric: true },
      { key: 'total', label: t('heatmap.total'), numeric: true },
      { key: 'best', label: t('heatmap.bestDay') },
    ],
    rows: [...months.entries()].reverse().map(([key, { days }]) => {
      const best = bestDay(days, (d) => d.count);
      return {
        key,
        cells: [
          monthName.format(new Date(`${key}-01T00:00:00Z`)),
          formatNumber(days.filter((d) => d.count > 0).length, language),
          formatNumber(
            days.reduce((s, d) => s + d.count, 0),
            language,
          ),
          best
            ? t('heatmap.bestCell', {
                day: formatDayShort(best.day, language),
                n: formatNumber(best.value, language),
              })
            : '—',
        ],
      };
    }),
  };
}

// ─── Forecast ───────────────────────────────────────────────────────────────────────────────────

export function forecastData(forecast: StudentMetrics['forecast'], language: string): ChartDatum[] {
  return forecast.map((d) => ({ label: formatDayShort(d.day, language), due: d.due }));
}

export function forecastSummary(
  forecast: StudentMetrics['forecast'],
  t: Translate,
  language: string,
): string {
  const total = forecast.reduce((s, d) => s + d.due, 0);
  if (total === 0) return t('forecast.summaryEmpty', { count: forecast.length });
  const best = bestDay(forecast, (d) => d.due)!;
  return t('forecast.summary', {
    total: t('forecast.cardsCount', { count: total, n: formatNumber(total, language) }),
    count: forecast.length,
    today: formatNumber(forecast[0]?.due ?? 0, language),
    day: formatDayShort(best.day, language),
    best: formatNumber(best.value, language),
  });
}

export function forecastTable(
  forecast: StudentMetrics['forecast'],
  t: Translate,
  language: string,
): TableData {
  return {
    columns: [
      { key: 'day', label: t('table.day') },
      { key: 'due', label: t('forecast.column'), numeric: true },
    ],
    rows: forecast.map((d) => ({
      key: d.day,
      cells: [formatDayWithWeekday(d.day, language), formatNumber(d.due, language)],
    })),
  };
}

// ─── Streak, retention, knowledge ───────────────────────────────────────────────────────────────

/** The streak's lines: the count, and what today still needs (or that it already counts). */
export function streakWording(
  streak: Streak,
  t: Translate,
  language: string,
): { current: string; today: string; longest: string } {
  const remaining = Math.max(0, STREAK_MIN_ACTIONS - streak.today_actions);
  return {
    current: t('streak.days', { count: streak.current, n: formatNumber(streak.current, language) }),
    today: streak.today_counts
      ? t('streak.todayCounts')
      : t('streak.todayRemaining', {
          count: remaining,
          n: formatNumber(remaining, language),
          done: formatNumber(streak.today_actions, language),
          min: STREAK_MIN_ACTIONS,
        }),
    longest: t('streak.longest', {
      count: streak.longest,
      n: formatNumber(streak.longest, language),
    }),
  };
}

/** "87% (26 de 30)", or "—" with no review in the window. */
export function retentionCell(cell: RetentionCell, t: Translate, language: string): string {
  if (cell.rate === null || cell.reviews === 0) return '—';
  return t('retention.cell', {
    rate: formatPercent(cell.rate, language, 1),
    passed: formatNumber(cell.passed, language),
    reviews: formatNumber(cell.reviews, language),
  });
}

export function knowledgeWording(
  knowledge: StudentMetrics['knowledge'],
  t: Translate,
  language: string,
): string {
  if (knowledge.cards === 0) return t('knowledge.empty');
  return t('knowledge.summary', {
    expected: formatNumber(knowledge.expected, language),
    count: knowledge.cards,
    cards: formatNumber(knowledge.cards, language),
    rate: formatPercent(knowledge.expected / knowledge.cards, language),
  });
}
