import { PublicLayout } from '@/components/layout/public-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** `/auth/redefinir-senha?token=…`: where the reset mail's link lands. */
export function ResetPasswordPage() {
  return (
    <PublicLayout>
      <ResetPasswordForm />
    </PublicLayout>
  );
}
