import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailWarning, X } from 'lucide-react';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { ResendVerificationButton } from './resend-verification-button';

const DISMISSED_KEY = 'aprenda:verify-notice-dismissed';

/**
 * "Confirme seu e-mail" above the dashboard while the account's e-mail is not verified, with a
 * resend button. It can be closed for this tab; it comes back in a new one until the link is
 * opened (the profile always shows the state).
 */
export function EmailVerificationNotice({ user }: { user: SessionUser }) {
  const { t } = useTranslation('auth');
  const [dismissed, setDismissed] = useState(() => {
    try {
      return sessionStorage.getItem(DISMISSED_KEY) === user.id;
    } catch {
      return false;
    }
  });
  if (user.emailVerified !== false || dismissed) return null;
  return (
    <section
      aria-label={t('verify.noticeLabel')}
      className="flex flex-col gap-3 border-b border-amber-500/30 bg-amber-500/10 px-3 py-3 sm:flex-row sm:items-center sm:px-6"
    >
      <MailWarning className="hidden size-5 shrink-0 text-warning sm:block" aria-hidden />
      <p className="flex-1 text-sm text-amber-100">{t('verify.notice', { email: user.email })}</p>
      <div className="flex items-center gap-2">
        <ResendVerificationButton email={user.email} />
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('verify.dismiss')}
          onClick={() => {
            try {
              sessionStorage.setItem(DISMISSED_KEY, user.id);
            } catch {
              // closed for this render only
            }
            setDismissed(true);
          }}
        >
          <X aria-hidden />
        </Button>
      </div>
    </section>
  );
}
