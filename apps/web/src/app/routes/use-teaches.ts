import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { useTeachesAClass } from '@/features/classes/api/classes';

/**
 * Whether the user sees the teacher tools ("Professor", "Análises"): a teacher account, or a
 * student account that teaches a class (a teacher membership). False while that is unknown.
 */
export function useTeaches(user: SessionUser): boolean {
  const teachesAClass = useTeachesAClass(user.role !== 'teacher');
  return user.role === 'teacher' || teachesAClass;
}
