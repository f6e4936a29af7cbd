import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AssignmentResults } from '@aprenda/shared/schemas/exercises';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { sortStudents, type ResultStudent, type StudentSort } from '../../lib/results-view';
import { CellLegend, CellMark } from './cell-state';
import { StudentDialog } from './student-dialog';

/**
 * Students × questions: a real table in its own horizontally scrolling box (the page never
 * scrolls sideways), the names in a sticky first column; by name or by score. `?aluno=<userId>`
 * opens that student's dialog (the class analytics link here from a student's attempts).
 */
export function ResultsGrid({ results }: { results: AssignmentResults }) {
  const { t, i18n } = useTranslation('sets');
  const captionId = useId();
  const [sort, setSort] = useState<StudentSort>('name');
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<ResultStudent | null>(
    () => results.students.find((s) => s.user_id === params.get('aluno')) ?? null,
  );
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const students = sortStudents(results.students, sort, i18n.language);

  if (students.length === 0) {
    return <EmptyState title={t('results.noStudentsTitle')} body={t('results.noStudentsBody')} />;
  }
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CellLegend />
        <div className="flex gap-1" role="group" aria-label={t('results.sortLabel')}>
          {(['name', 'score'] as const).map((by) => (
            <Button
              key={by}
              type="button"
              size="sm"
              variant={sort === by ? 'secondary' : 'ghost'}
              aria-pressed={sort === by}
              onClick={() => setSort(by)}
            >
              {t(`results.sort.${by}`)}
            </Button>
          ))}
        </div>
      </div>
      <div
        className="max-w-full overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        data-testid="results-grid-scroll"
      >
        <table className="w-max min-w-full border-collapse text-sm tabular-nums">
          <caption id={captionId} className="sr-only">
            {t('results.gridCaption', {
              order: t(`results.sortedBy.${sort}`),
            })}
          </caption>
          <thead>
            <tr className="border-b border-border bg-zinc-900">
              <th
                scope="col"
                className="sticky left-0 z-10 bg-zinc-900 px-3 py-2 text-left font-semibold"
              >
                {t('results.student')}
              </th>
              {results.items.map((item, i) => (
                <th key={item.id} scope="col" className="px-2 py-2 text-center font-semibold">
                  <span aria-hidden>{t('results.qShort', { n: i + 1 })}</span>
                  <span className="sr-only">{t('results.question', { n: i + 1 })}</span>
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t('results.score')}
              </th>
            </tr>
          </thead>
          <tbody>
            {students.map((s) => (
              <tr key={s.user_id} className="border-b border-border last:border-b-0">
                <th
                  scope="row"
                  className="sticky left-0 z-10 max-w-[9rem] bg-background px-1 py-1 text-left font-normal sm:max-w-[16rem]"
                >
                  <button
                    type="button"
                    className="w-full truncate rounded px-2 py-1 text-left hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => setOpen(s)}
                    aria-haspopup="dialog"
                  >
                    {s.name}
                  </button>
                </th>
                {s.cells.map((cell, i) => (
                  <td key={results.items[i]?.id ?? i} className="px-2 py-1 text-center">
                    <CellMark state={cell} />
                  </td>
                ))}
                <td className="px-3 py-1 text-right whitespace-nowrap">
                  {s.submitted_at === null || s.score === null ? (
                    <span className="text-zinc-400">{t('results.notHandedIn')}</span>
                  ) : (
                    percent.format(s.score)
                  )}
                  {s.late ? (
                    <Badge className="ml-2 border-amber-400/40 bg-amber-400/10 text-amber-200">
                      {t('results.late')}
                    </Badge>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StudentDialog
        student={open}
        items={results.items}
        onOpenChange={(o) => {
          if (o) return;
          setOpen(null);
          if (params.has('aluno')) {
            const next = new URLSearchParams(params);
            next.delete('aluno');
            setParams(next, { replace: true });
          }
        }}
      />
    </div>
  );
}
