import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useAccountExport } from '../api/account-export';

/** Today's date on this device as YYYY-MM-DD (the file's name). */
function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Profile: "Seus dados" — a copy of everything the account holds, as a JSON file to keep or take
 * elsewhere (LGPD: access and portability). What stays out is said.
 */
export function DataExportSection() {
  const { t } = useTranslation(['profile', 'errors']);
  const download = useAccountExport();

  function save() {
    if (download.isPending) return;
    download.mutate(t('data.fileName', { day: localDay() }), {
      onSuccess: () => toastSuccess(t('data.done')),
      onError: (err) => toastError(errorMessage(t, err)),
    });
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('data.title')}</h2>
        <CardDescription>{t('data.lead')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" pending={download.isPending} onClick={save}>
          <Download aria-hidden />
          {t('data.submit')}
        </Button>
      </CardContent>
    </Card>
  );
}
