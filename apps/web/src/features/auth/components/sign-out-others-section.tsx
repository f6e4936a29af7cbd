import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { errorText } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { signOutOtherDevices } from '../lib/account';

/**
 * Profile: "Outros aparelhos" — signed in on a school computer and forgot to sign out? Every other
 * session ends; this one stays.
 */
export function SignOutOthersSection() {
  const { t } = useTranslation(['auth', 'errors']);
  const [pending, setPending] = useState(false);

  async function signOutOthers() {
    if (pending) return;
    setPending(true);
    const result = await signOutOtherDevices();
    setPending(false);
    if (result.ok) toastSuccess(t('signOutOthers.done'));
    else toastError(errorText(t, result.code));
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('signOutOthers.title')}</h2>
        <CardDescription>{t('signOutOthers.lead')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" pending={pending} onClick={() => void signOutOthers()}>
          <LogOut aria-hidden />
          {t('signOutOthers.submit')}
        </Button>
      </CardContent>
    </Card>
  );
}
