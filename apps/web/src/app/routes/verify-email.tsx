import { useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/errors/loading-screen';
import { PublicLayout } from '@/components/layout/public-layout';
import { VerifyEmailResult } from '@/features/auth/components/verify-email-result';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';

/** `/auth/verificar-email[?error=…]`: where the verification link lands after the server. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const { data: user, isPending } = useSession();
  usePageTitle('common:pages.verifyEmail');
  return (
    <PublicLayout>
      {isPending ? (
        <LoadingScreen />
      ) : (
        <VerifyEmailResult error={params.get('error')} user={user ?? null} />
      )}
    </PublicLayout>
  );
}
