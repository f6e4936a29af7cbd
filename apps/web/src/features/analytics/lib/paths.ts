/** Where the analytics screens live, and the links they give. */

export function classAnalyticsPath(classId: string, search = ''): string {
  return `/dashboard/analytics/${encodeURIComponent(classId)}${search}`;
}

export function studentAnalyticsPath(classId: string, userId: string): string {
  return `${classAnalyticsPath(classId)}/aluno/${encodeURIComponent(userId)}`;
}

/** An assignment's results screen, with one student's dialog open when `userId` is given. */
export function assignmentResultsPath(assignmentId: string, userId?: string): string {
  const path = `/dashboard/exercises/resultados/${encodeURIComponent(assignmentId)}`;
  return userId ? `${path}?aluno=${encodeURIComponent(userId)}` : path;
}

/** The inactivity thresholds offered (days); the server takes any of 1–60. */
export const INACTIVE_DAY_CHOICES = [3, 7, 14, 30, 60] as const;

/** `?dias=` → a threshold of 1–60, else the default. */
export function parseInactiveDays(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d{1,3}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}
