import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { useSession } from '@/lib/session';

/** Inside RequireAuth the session user is always known. */
export function useSignedInUser(): SessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useSignedInUser outside RequireAuth');
  return data;
}
