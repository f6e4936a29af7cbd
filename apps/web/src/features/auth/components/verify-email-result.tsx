import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, LinkIcon } from 'lucide-react';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { buttonVariants } from '@/components/ui/button';
import { refreshSession } from '@/lib/session';
import { AuthCard } from './auth-card';
import { ResendVerificationButton } from './resend-verification-button';

/**
 * `/auth/verificar-email`: where the verification link lands (the server verified the address and
 * signed the browser in, or appended `?error=…`).
 */
export function VerifyEmailResult({
  error,
  user,
}: {
  error: string | null;
  user: SessionUser | null;
}) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  useEffect(() => {
    // The server's redirect set a session cookie and changed the account: read it again.
    void refreshSession(queryClient);
  }, [queryClient]);

  if (!error) {
    return (
      <AuthCard title={t('verify.okTitle')}>
        <div className="flex items-start gap-3" role="status">
          <CircleCheck className="mt-0.5 size-6 shrink-0 text-success" aria-hidden />
          <p className="text-zinc-200">{t('verify.okBody')}</p>
        </div>
        <Link to={user ? '/dashboard' : '/auth'} className={buttonVariants()}>
          {t('verify.continue')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('verify.badTitle')}>
      <div className="flex items-start gap-3">
        <LinkIcon className="mt-0.5 size-6 shrink-0 text-warning" aria-hidden />
        <p className="text-zinc-300">{t('verify.badBody')}</p>
      </div>
      {user && user.emailVerified === false ? (
        <ResendVerificationButton email={user.email} variant="default" size="default" />
      ) : (
        <Link to={user ? '/dashboard' : '/auth'} className={buttonVariants()}>
          {user ? t('verify.continue') : t('verify.signIn')}
        </Link>
      )}
    </AuthCard>
  );
}
