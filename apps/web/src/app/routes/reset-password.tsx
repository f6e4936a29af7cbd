import { PublicLayout } from '@/components/layout/public-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { usePageTitle } from '@/lib/page-title';

/** `/auth/redefinir-senha?token=…`: where the reset mail's link lands. */
export function ResetPasswordPage() {
  usePageTitle('auth:reset.title');
  return (
    <PublicLayout>
      <ResetPasswordForm />
    </PublicLayout>
  );
}
