import {
  FORECAST_DAYS,
  HEATMAP_DAYS,
  RANGE_DAYS,
  type ActivityDay,
  type MetricsRange,
  type RetentionCell,
  type RetentionRow,
  type SkillMastery,
  type StudentMetrics,
} from '@aprenda/shared/schemas/metrics';
import type { AppContext } from '../../context.ts';
import { cardOutlook } from '../flashcards/public.ts';
import { masteries } from '../learner/public.ts';
import { findSkills } from '../skills/public.ts';
import { addDays, studyDayKey } from './days.ts';
import { selectDays, type DayRow } from './metrics.queries.ts';
import { meaningful, streakOf } from './streak.ts';

/**
 * GET /metrics/me (docs/api/metrics.md "Student metrics"): the caller's own figures, from their
 * daily rollups, their cards' states and their learner model — never the review or answer logs.
 */

export type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** The skill key of the learner model for answers without a skill (not a skill to show). */
const OVERALL = '*';

const EMPTY: Omit<DayRow, 'day'> = {
  reviews: 0,
  reviews_passed: 0,
  young_reviews: 0,
  young_passed: 0,
  mature_reviews: 0,
  mature_passed: 0,
  answers: 0,
  answers_correct: 0,
  study_ms: 0,
  cleared: 0,
};

function cell(reviews: number, passed: number): RetentionCell {
  return { reviews, passed, rate: reviews > 0 ? passed / reviews : null };
}

function retentionRow(
  rows: readonly DayRow[],
  today: string,
  pick: (r: DayRow) => [number, number],
): RetentionRow {
  const over = (days: number) => {
    const from = addDays(today, -(days - 1));
    let reviews = 0;
    let passed = 0;
    for (const r of rows) {
      if (r.day < from || r.day > today) continue;
      const [n, p] = pick(r);
      reviews += n;
      passed += p;
    }
    return cell(reviews, passed);
  };
  return { day: over(1), week: over(7), month: over(30) };
}

/** The student's skills with their standing (the learner model, one row per skill answered). */
export async function skillMasteries(ctx: Ctx, userId: string): Promise<SkillMastery[]> {
  const standings = (await masteries(ctx.db.db, userId)).filter((s) => s.skill_id !== OVERALL);
  if (standings.length === 0) return [];
  const skills = new Map(
    (
      await findSkills(
        ctx,
        standings.map((s) => s.skill_id),
      )
    ).map((s) => [s.id, s]),
  );
  return standings
    .filter((s) => skills.has(s.skill_id))
    .map((s) => {
      const skill = skills.get(s.skill_id)!;
      return {
        skill_id: s.skill_id,
        code: skill.code,
        name: skill.name,
        level: s.level,
        ability: s.ability,
        answer_count: s.answers,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function studentMetrics(
  ctx: Ctx,
  userId: string,
  query: { range: MetricsRange; tz?: string | undefined },
): Promise<StudentMetrics> {
  const tz = query.tz ?? 'UTC';
  const today = studyDayKey(ctx.clock.now(), tz);
  const [rows, outlook, skills] = await Promise.all([
    // Every day (the longest streak needs them all): one row a day of the student's.
    selectDays(ctx.db.db, userId, ''),
    cardOutlook(ctx, userId, tz, FORECAST_DAYS),
    skillMasteries(ctx, userId),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const n = RANGE_DAYS[query.range];
  const days: ActivityDay[] = [];
  const totals = {
    reviews: 0,
    reviews_passed: 0,
    answers: 0,
    answers_correct: 0,
    accuracy: null as number | null,
    study_ms: 0,
    active_days: 0,
  };
  const first = Date.parse(`${addDays(today, -(n - 1))}T00:00:00Z`);
  for (let k = 0; k < n; k++) {
    const day = new Date(first + k * 86_400_000).toISOString().slice(0, 10);
    const r = byDay.get(day) ?? { day, ...EMPTY };
    days.push({
      day,
      reviews: r.reviews,
      answers: r.answers,
      answers_correct: r.answers_correct,
      study_ms: r.study_ms,
      meaningful: meaningful(r),
    });
    totals.reviews += r.reviews;
    totals.reviews_passed += r.reviews_passed;
    totals.answers += r.answers;
    totals.answers_correct += r.answers_correct;
    totals.study_ms += r.study_ms;
    if (r.reviews + r.answers > 0) totals.active_days++;
  }
  totals.accuracy = totals.answers > 0 ? totals.answers_correct / totals.answers : null;
  const heatFrom = addDays(today, -(HEATMAP_DAYS - 1));
  const heatmap = rows
    .filter((r) => r.day >= heatFrom && r.day <= today && r.reviews + r.answers > 0)
    .map((r) => ({ day: r.day, count: r.reviews + r.answers }));
  return {
    tz,
    today,
    range: query.range,
    days,
    heatmap,
    streak: streakOf(rows, today),
    totals,
    retention: {
      young: retentionRow(rows, today, (r) => [r.young_reviews, r.young_passed]),
      mature: retentionRow(rows, today, (r) => [r.mature_reviews, r.mature_passed]),
      all: retentionRow(rows, today, (r) => [
        r.young_reviews + r.mature_reviews,
        r.young_passed + r.mature_passed,
      ]),
      desired: outlook.desired,
    },
    forecast: outlook.forecast.map((due, k) => ({ day: addDays(today, k), due })),
    knowledge: {
      cards: outlook.knowledge.cards,
      expected: Math.round(outlook.knowledge.expected * 100) / 100,
    },
    skills,
  };
}
