import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, MailWarning } from 'lucide-react';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

/** The account's facts; `emailAction` (e.g. resend the confirmation) shows while unverified. */
export function AccountCard({ user, emailAction }: { user: SessionUser; emailAction?: ReactNode }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const rows: [string, string][] = [
    [t('account.name'), user.name],
    [t('account.email'), user.email],
    [t('account.role'), t(`common:roles.${user.role}`)],
    [t('account.language'), t(`common:languages.${i18n.resolvedLanguage ?? i18n.language}`)],
  ];
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('account.title')}</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm text-zinc-400">{label}</dt>
              <dd className="truncate font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {user.emailVerified === undefined ? null : (
          <div className="mt-4 flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-2 text-sm">
              {user.emailVerified ? (
                <CircleCheck className="size-4 text-success" aria-hidden />
              ) : (
                <MailWarning className="size-4 text-warning" aria-hidden />
              )}
              <span className="text-zinc-400">{t('account.emailState')}</span>
              <span className="font-medium">
                {user.emailVerified ? t('account.emailVerified') : t('account.emailUnverified')}
              </span>
            </p>
            {user.emailVerified ? null : emailAction}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
