import { useParams } from 'react-router';
import { LoadingScreen } from '@/components/errors/loading-screen';
import { PublicLayout } from '@/components/layout/public-layout';
import { ResendVerificationButton } from '@/features/auth/components/resend-verification-button';
import { InviteScreen } from '@/features/classes/components/invite/invite-screen';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';

/** `/convite/:token` (public): signed out → sign in or up and come back; signed in → join. */
export function InvitePage() {
  const { token = '' } = useParams();
  const { data: user, isPending } = useSession();
  usePageTitle('classes:invite.title');
  return (
    <PublicLayout>
      {isPending ? (
        <LoadingScreen />
      ) : (
        <InviteScreen
          token={token}
          user={user ?? null}
          verifyAction={user ? <ResendVerificationButton email={user.email} /> : undefined}
        />
      )}
    </PublicLayout>
  );
}
