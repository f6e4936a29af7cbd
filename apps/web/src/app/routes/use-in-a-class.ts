import { useQuery } from '@tanstack/react-query';
import { myClassesQueryOptions } from '@/features/classes/api/classes';
import { useToday } from '@/features/dashboard/api/today';

/**
 * Whether the student is in a class, for "Prática sugerida" on the dashboard when it has nothing
 * to suggest (join a class, or nothing to practise yet in the classes they are in). Their class
 * list is asked for only then; undefined until it is known, or when it cannot be read.
 */
export function useInAClass(): boolean | undefined {
  const today = useToday();
  const wanted = today.data?.student?.practice === null;
  const { data } = useQuery({
    ...myClassesQueryOptions,
    enabled: wanted,
    select: (page) => page.items.length > 0,
  });
  return wanted ? data : undefined;
}
