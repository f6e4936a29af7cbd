import type { TFunction } from 'i18next';
import type { AttentionReason, Streak } from '@aprenda/shared/schemas/metrics';
import { formatNumber } from '@/lib/intl-format';

/**
 * STREAK_MIN_ACTIONS of @aprenda/shared/schemas/metrics, repeated: importing a value from that
 * module would bring zod into the dashboard's first load (today.test.ts checks they agree).
 */
export const STREAK_MIN_ACTIONS = 10;

/** Where each "Hoje" item is done. */
export const todayPaths = {
  study: (deckId: string) => `/dashboard/flashcard/${encodeURIComponent(deckId)}/estudar`,
  flashcards: () => '/dashboard/flashcard',
  assignment: (id: string) => `/dashboard/exercises/atividade/${encodeURIComponent(id)}`,
  exercises: () => '/dashboard/exercises',
  practice: (skillId: string) =>
    `/dashboard/adaptive?${new URLSearchParams({ habilidade: skillId }).toString()}`,
  adaptive: () => '/dashboard/adaptive',
  conversation: (id: string) => `/dashboard/chat/${encodeURIComponent(id)}`,
  chat: () => '/dashboard/chat',
  metrics: () => '/dashboard/metrics',
  classAnalytics: (classId: string) => `/dashboard/analytics/${encodeURIComponent(classId)}`,
  /** One student as their teacher sees them (teacher analytics). */
  studentInClass: (classId: string, userId: string) =>
    `/dashboard/analytics/${encodeURIComponent(classId)}/aluno/${encodeURIComponent(userId)}`,
  teacherClass: (classId: string) => `/dashboard/teacher/${encodeURIComponent(classId)}`,
  teacher: () => '/dashboard/teacher',
  /** The teacher page with the "Nova turma" form open. */
  newClass: () => '/dashboard/teacher?nova=1',
  student: () => '/dashboard/student',
};

/** A teacher-facing sentence for why a student needs attention. */
export function reasonText(reason: AttentionReason, t: TFunction, language: string): string {
  const list = (titles: string[]) =>
    new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(titles);
  switch (reason.kind) {
    case 'inactive':
      return reason.days === null
        ? t('reasons.neverActive')
        : t('reasons.inactive', { count: reason.days, n: formatNumber(reason.days, language) });
    case 'falling':
      return t('reasons.falling', { skill: reason.skill_name });
    case 'missed':
      return t('reasons.missed', {
        count: reason.count,
        n: formatNumber(reason.count, language),
        titles: list(reason.titles),
      });
    case 'late':
      return t('reasons.late', {
        count: reason.count,
        n: formatNumber(reason.count, language),
        titles: list(reason.titles),
      });
    case 'stuck':
      return t('reasons.stuck', {
        count: reason.wrong_in_a_row,
        n: formatNumber(reason.wrong_in_a_row, language),
        skill: reason.skill_name,
      });
  }
}

/** The streak in two lines: the count, and what today still needs. */
export function streakLines(streak: Streak, t: TFunction, language: string): [string, string] {
  const remaining = Math.max(0, STREAK_MIN_ACTIONS - streak.today_actions);
  return [
    t('streak.days', { count: streak.current, n: formatNumber(streak.current, language) }),
    streak.today_counts
      ? t('streak.todayCounts')
      : t('streak.todayRemaining', {
          count: remaining,
          n: formatNumber(remaining, language),
          done: formatNumber(streak.today_actions, language),
          min: STREAK_MIN_ACTIONS,
        }),
  ];
}
