import { z } from 'zod';
import { timeZoneSchema } from './flashcards.ts';
import type { MasteryLevel } from './exercises.ts';

/**
 * Metrics, analytics and "Hoje" (issue 14; docs/api/metrics.md). Every figure comes from real
 * records: the daily rollups (`activity_days`, `class_activity_days`, kept with each rating and
 * answer), the flashcard states, the learner model, assignments and conversations.
 *
 * A day is a study day: `YYYY-MM-DD`, from 04:00 to the next 04:00 in the student's time zone (as
 * flashcards' "today"). Requests carry `tz` (an IANA name; absent → UTC).
 */

/** A day counts for the streak with at least this many reviews + answers, or all due cards cleared. */
export const STREAK_MIN_ACTIONS = 10;
/** Anki: a card is mature from a 21-day interval on. */
export const MATURE_INTERVAL_DAYS = 21;
export const FORECAST_DAYS = 30;
export const HEATMAP_DAYS = 365;
/** "Precisa de atenção": inactive for this many days by default (the teacher may pick 1–60). */
export const INACTIVE_DAYS_DEFAULT = 7;
export const INACTIVE_DAYS_MAX = 60;
/** "Travado": this many wrong answers in a row in one skill. */
export const STUCK_WRONG_IN_A_ROW = 3;
/** "Habilidade em queda": the ability fell by at least this much (logits) over the window. */
export const FALLING_ABILITY_DROP = 0.5;
/** The window (days) for falling ability and the class's activity columns. */
export const ANALYTICS_WINDOW_DAYS = 30;
/** A study day's time is capped at a day. */
export const DAY_MS = 86_400_000;

export const METRICS_RANGES = ['7d', '30d', '90d', '365d'] as const;
export type MetricsRange = (typeof METRICS_RANGES)[number];
export const RANGE_DAYS: Record<MetricsRange, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '365d': 365,
};

/** GET /api/metrics/me?range=30d&tz=America/Sao_Paulo */
export const metricsQuerySchema = z.object({
  range: z.enum(METRICS_RANGES).default('30d'),
  tz: timeZoneSchema.optional(),
});
export type MetricsQuery = z.input<typeof metricsQuerySchema>;

/** GET /api/analytics/classes/:classId?inactive_days=7&tz=… */
export const analyticsQuerySchema = z.object({
  inactive_days: z.coerce
    .number()
    .int()
    .min(1)
    .max(INACTIVE_DAYS_MAX)
    .default(INACTIVE_DAYS_DEFAULT),
  tz: timeZoneSchema.optional(),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

/** GET /api/today?tz=… */
export const todayQuerySchema = z.object({ tz: timeZoneSchema.optional() });
export type TodayQuery = z.input<typeof todayQuerySchema>;

// ─── Student metrics ────────────────────────────────────────────────────────────────────────────

export interface ActivityDay {
  day: string;
  reviews: number;
  answers: number;
  answers_correct: number;
  study_ms: number;
  /** Counts for the streak (≥ STREAK_MIN_ACTIONS reviews + answers, or all due cards cleared). */
  meaningful: boolean;
}

export interface Streak {
  /** Meaningful days in a row ending today, or yesterday when today does not count yet. */
  current: number;
  longest: number;
  /** Whether today already counts. */
  today_counts: boolean;
  /** Reviews + answers today (toward STREAK_MIN_ACTIONS). */
  today_actions: number;
}

/** Ratings of cards that were in review; `rate` = passed / reviews, null with no review. */
export interface RetentionCell {
  reviews: number;
  passed: number;
  rate: number | null;
}
export interface RetentionRow {
  day: RetentionCell;
  week: RetentionCell;
  month: RetentionCell;
}

export interface SkillMastery {
  skill_id: string;
  code: string | null;
  name: string;
  level: MasteryLevel | null;
  ability: number;
  answer_count: number;
}

export interface StudentMetrics {
  tz: string;
  /** Today's study day. */
  today: string;
  range: MetricsRange;
  /** Every day of the range, oldest first, zero-filled (the last is today). */
  days: ActivityDay[];
  /** The last HEATMAP_DAYS days with any activity (others are zero), oldest first. */
  heatmap: { day: string; count: number }[];
  streak: Streak;
  /** Over the range. `accuracy` = answers_correct / answers (null with no answer). */
  totals: {
    reviews: number;
    reviews_passed: number;
    answers: number;
    answers_correct: number;
    accuracy: number | null;
    study_ms: number;
    active_days: number;
  };
  retention: {
    young: RetentionRow;
    mature: RetentionRow;
    all: RetentionRow;
    /** The desired retention of the student's decks, weighted by their cards in review (null: no deck). */
    desired: number | null;
  };
  /** FORECAST_DAYS entries from today; today's includes every overdue card. */
  forecast: { day: string; due: number }[];
  /** Estimated knowledge: the sum of the retrievability of every studied card now. */
  knowledge: { cards: number; expected: number };
  skills: SkillMastery[];
}

// ─── Teacher analytics ──────────────────────────────────────────────────────────────────────────

export interface StudentActivityRow {
  user_id: string;
  name: string;
  /** The last study day with any activity on Aprenda, or null (never). */
  last_active: string | null;
  /** In this class's material over the last ANALYTICS_WINDOW_DAYS days. */
  active_days: number;
  reviews: number;
  answers: number;
  answers_correct: number;
  study_ms: number;
  /** Tutor conversations the student linked to this class. */
  conversations: number;
  /** Assignments of the class already open: submitted / open. */
  assignments_submitted: number;
  assignments_open: number;
  /** The mean of the best scores of the submitted ones (0–1), or null. */
  mean_score: number | null;
}

export interface AssignmentSummary {
  id: string;
  title: string;
  open_at: string;
  due_at: string;
  students: number;
  submitted: number;
  late: number;
  /** Mean best score (0–1) of those who submitted, or null. */
  mean_score: number | null;
}

export type AttentionReason =
  | { kind: 'inactive'; days: number | null }
  | { kind: 'falling'; skill_id: string; skill_name: string; from: number; to: number }
  | { kind: 'missed'; count: number; titles: string[] }
  | { kind: 'late'; count: number; titles: string[] }
  | { kind: 'stuck'; skill_id: string; skill_name: string; wrong_in_a_row: number };

export interface AttentionStudent {
  user_id: string;
  name: string;
  reasons: AttentionReason[];
}

export interface ClassAnalytics {
  class: { id: string; name: string };
  generated_at: string;
  inactive_days: number;
  students: StudentActivityRow[];
  assignments: AssignmentSummary[];
  /** Skills with at least one answer by the class's students, for the heatmap's columns. */
  skills: { skill_id: string; code: string | null; name: string }[];
  /** Sparse students × skills cells. */
  mastery: {
    user_id: string;
    skill_id: string;
    level: MasteryLevel | null;
    ability: number;
    answer_count: number;
  }[];
  /** Skills most students miss: the share of wrong answers, most missed first. */
  missed_skills: {
    skill_id: string;
    code: string | null;
    name: string;
    students: number;
    answers: number;
    wrong: number;
    wrong_rate: number;
  }[];
  attention: AttentionStudent[];
  /** Decks shared with the class: the share of the class expected to remember them on the date of the next class event. */
  decks: {
    deck_id: string;
    title: string;
    cards: number;
    /** All-day events carry the UTC midnight of their day (as `ClassEvent`). */
    next_event: { id: string; title: string; starts_at: string; all_day: boolean } | null;
    /** Mean retrievability over the students × cards on that date (null: no next event or no card). */
    expected_recall: number | null;
  }[];
}

/** GET /api/analytics/classes/:classId/students/:userId — one student, as their teacher sees them. */
export interface StudentInClass {
  class: { id: string; name: string };
  student: { user_id: string; name: string };
  activity: StudentActivityRow;
  reasons: AttentionReason[];
  attempts: {
    assignment_id: string;
    title: string;
    due_at: string;
    /** The best submitted attempt, or null. */
    best_score: number | null;
    submitted_at: string | null;
    late: boolean;
    attempts: number;
  }[];
  skills: SkillMastery[];
  /** Their last ANALYTICS_WINDOW_DAYS days in this class's material, oldest first. */
  days: { day: string; reviews: number; answers: number; answers_correct: number }[];
}

// ─── Hoje (/dashboard) ──────────────────────────────────────────────────────────────────────────

export interface StudentToday {
  streak: Streak;
  cards: {
    due: number;
    new: number;
    decks: { id: string; title: string; due: number; new: number }[];
  };
  /** Open, not yet submitted, due within 7 days or overdue (late work still accepted), soonest first. */
  assignments: {
    id: string;
    title: string;
    class_id: string;
    class_name: string;
    due_at: string;
    overdue: boolean;
  }[];
  /** What adaptive practice would pick as "o que eu mais preciso", or null. */
  practice: { skill_id: string; name: string; level: MasteryLevel | null } | null;
  last_conversation: { id: string; title: string; updated_at: string } | null;
}

export interface TeacherToday {
  classes: {
    id: string;
    name: string;
    students: number;
    /** Attempts submitted in the last 7 days. */
    new_submissions: number;
    attention: number;
  }[];
  /** The first few students needing attention across the teacher's classes. */
  attention: (AttentionStudent & { class_id: string; class_name: string })[];
  /** The next events; an all-day one carries the UTC midnight of its day (as `ClassEvent`). */
  events: {
    id: string;
    class_id: string;
    class_name: string;
    title: string;
    starts_at: string;
    all_day: boolean;
  }[];
}

export interface Today {
  role: 'student' | 'teacher';
  student: StudentToday | null;
  teacher: TeacherToday | null;
}
