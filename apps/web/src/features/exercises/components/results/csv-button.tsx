import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { toastError } from '@/lib/toast';
import { useResultsCsv, type ResultsTable } from '../../api/results';
import { answerLang } from '../../lib/assignments-attempt';
import { resultsCsvName } from '../../lib/results-view';

/**
 * "Baixar CSV" of one table (the grid or the item analysis), saved under the assignment's title,
 * in the user's language and time zone (the server writes it so a spreadsheet in that language
 * opens it as it is).
 */
export function CsvButton({
  assignmentId,
  title,
  table,
}: {
  assignmentId: string;
  title: string;
  table: ResultsTable;
}) {
  const { t, i18n } = useTranslation(['sets', 'errors']);
  const csv = useResultsCsv();
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      pending={csv.isPending}
      icon={<Download aria-hidden />}
      onClick={() =>
        csv.mutate(
          {
            assignmentId,
            table,
            lang: answerLang(i18n.language),
            fileName: resultsCsvName(title, t(`results.csv.file.${table}`)),
          },
          { onError: (err) => toastError(errorMessage(t, err)) },
        )
      }
    >
      {t(`results.csv.${table}`)}
    </Button>
  );
}
