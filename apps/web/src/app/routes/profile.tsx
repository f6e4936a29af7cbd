import { useTranslation } from 'react-i18next';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { EmailVerificationNotice } from '@/features/auth/components/email-verification-notice';
import { ChangeNameSection } from '@/features/auth/components/change-name-section';
import { ChangePasswordSection } from '@/features/auth/components/change-password-section';
import { SignOutOthersSection } from '@/features/auth/components/sign-out-others-section';
import { DeleteAccountSection } from '@/features/auth/components/delete-account-section';
import { ResendVerificationButton } from '@/features/auth/components/resend-verification-button';
import { AccountCard } from '@/features/profile/components/account-card';
import { ApiKeysSection } from '@/features/profile/components/api-keys-section';
import { CalendarFeedSection } from '@/features/profile/components/calendar-feed-section';
import { DataExportSection } from '@/features/profile/components/data-export-section';
import { useTeaches } from './use-teaches';
import { useSignedInUser } from './use-user';
import { usePageTitle } from '@/lib/page-title';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const user = useSignedInUser();
  const teaches = useTeaches(user);
  usePageTitle('dashboard:userMenu.profile');
  return (
    <DashboardShell user={user} teaches={teaches} notice={<EmailVerificationNotice user={user} />}>
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
        <AccountCard user={user} emailAction={<ResendVerificationButton email={user.email} />} />
        <ChangeNameSection key={user.name} name={user.name} />
        <ChangePasswordSection />
        <SignOutOthersSection />
        <ApiKeysSection />
        <CalendarFeedSection />
        <DataExportSection />
        <DeleteAccountSection role={user.role} />
      </div>
    </DashboardShell>
  );
}
