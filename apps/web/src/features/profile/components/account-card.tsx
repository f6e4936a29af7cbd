import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

export function AccountCard({ user }: { user: SessionUser }) {
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
      </CardContent>
    </Card>
  );
}
