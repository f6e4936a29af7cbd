import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailPlus } from 'lucide-react';
import type { VariantProps } from 'class-variance-authority';
import { Button, type buttonVariants } from '@/components/ui/button';
import { errorText } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { resendVerification } from '../lib/account';

/** "Novo link de confirmação": the confirmation mail again, to the signed-in account's address. */
export function ResendVerificationButton({
  email,
  variant = 'outline',
  size = 'sm',
}: {
  email: string;
  variant?: VariantProps<typeof buttonVariants>['variant'];
  size?: VariantProps<typeof buttonVariants>['size'];
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant={variant}
      size={size}
      pending={pending}
      icon={<MailPlus aria-hidden />}
      onClick={async () => {
        setPending(true);
        const result = await resendVerification(email);
        setPending(false);
        if (result.ok) toastSuccess(t('verify.resent', { email }));
        else toastError(errorText(t, result.code));
      }}
    >
      {t('verify.resend')}
    </Button>
  );
}
