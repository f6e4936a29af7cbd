import { useLocation } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { usePageTitle } from '@/lib/page-title';

/** `/auth/esqueci-senha`: the e-mail typed on the sign-in form comes along (router state, not URL). */
export function ForgotPasswordPage() {
  const location = useLocation();
  usePageTitle('auth:forgot.title');
  const email = (location.state as { email?: unknown } | null)?.email;
  return (
    <PublicLayout>
      <ForgotPasswordForm initialEmail={typeof email === 'string' ? email : ''} />
    </PublicLayout>
  );
}
