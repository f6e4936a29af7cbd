import { useTranslation } from 'react-i18next';
import type { AssignmentResults } from '@aprenda/shared/schemas/exercises';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { stemSummary } from '../../lib/item-text';
import type { ResultStudent } from '../../lib/results-view';
import { CellMark } from './cell-state';
import { StemLine } from '../items/stem-line';

/** One student's row in detail: score, when they handed in, late, and each question. */
export function StudentDialog({
  student,
  items,
  onOpenChange,
}: {
  student: ResultStudent | null;
  items: AssignmentResults['items'];
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('sets');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const handedIn = student?.submitted_at != null;
  return (
    <Dialog open={student !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle className="[overflow-wrap:anywhere]">{student?.name}</DialogTitle>
        <DialogDescription>
          {handedIn ? t('results.detail.handedIn') : t('results.detail.notHandedIn')}
        </DialogDescription>
        {student ? (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm tabular-nums">
              <dt className="text-zinc-400">{t('results.score')}</dt>
              <dd>
                {handedIn && student.score !== null
                  ? percent.format(student.score)
                  : t('results.notHandedIn')}
              </dd>
              <dt className="text-zinc-400">{t('results.detail.submittedAt')}</dt>
              <dd>
                {student.submitted_at
                  ? when.format(new Date(student.submitted_at))
                  : t('results.detail.never')}
              </dd>
              <dt className="text-zinc-400">{t('results.late')}</dt>
              <dd>{student.late ? t('results.detail.yes') : t('results.detail.no')}</dd>
            </dl>
            <ol className="flex flex-col gap-2 text-sm">
              {items.map((item, i) => (
                <li key={item.id} className="flex min-w-0 items-start gap-2">
                  <span className="shrink-0 text-zinc-400 tabular-nums">{i + 1}.</span>
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5 [overflow-wrap:anywhere]">
                    <div>
                      <StemLine text={stemSummary(item.stem, 100)} />
                    </div>
                    <span className="text-zinc-300">
                      {student.answers[i] != null
                        ? t('results.detail.answer', {
                            answer: stemSummary(student.answers[i], 200),
                          })
                        : t('results.detail.noAnswer')}
                    </span>
                  </div>
                  <CellMark state={student.cells[i] ?? 'missing'} withText />
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
