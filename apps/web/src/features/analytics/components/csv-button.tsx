import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { csvFileName, downloadBlob } from '@/lib/download';
import { csvText, type CsvValue } from '../lib/csv';

/** "Baixar CSV" of one table, built from the data on screen, saved as "<turma> - <tabela>.csv". */
export function CsvButton({
  title,
  table,
  rows,
}: {
  /** The class (or student) the file is about. */
  title: string;
  /** What the table is, for the file name and the button's accessible name. */
  table: string;
  rows: () => CsvValue[][];
}) {
  const { t } = useTranslation('analytics');
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      icon={<Download aria-hidden />}
      aria-label={t('csv.buttonNamed', { table })}
      onClick={() =>
        downloadBlob(
          new Blob([csvText(rows())], { type: 'text/csv;charset=utf-8' }),
          csvFileName(title, table, t('csv.fallbackName')),
        )
      }
    >
      {t('csv.button')}
    </Button>
  );
}
