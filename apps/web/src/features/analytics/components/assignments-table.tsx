import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { assignmentsCsv } from '../lib/csv';
import { formatInstant, formatPercent } from '../lib/format';
import { assignmentResultsPath } from '../lib/paths';
import { CsvButton } from './csv-button';
import { HEAD_ROW, ROW, Section, STICKY_TH, TableBox, TD, TH } from './section';

const DUE: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/** The class's assignments: who handed in, late, the mean score, and the results screen. */
export function AssignmentsTable({ data, tz }: { data: ClassAnalytics; tz: string }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  const title = t('assignments.title');
  return (
    <Section
      title={title}
      testId="assignments"
      action={
        data.assignments.length > 0 ? (
          <CsvButton
            title={data.class.name}
            table={title}
            rows={() => assignmentsCsv(t, data.assignments)}
          />
        ) : null
      }
    >
      {data.assignments.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-700 p-4 text-sm text-zinc-300">
          {t('assignments.empty')}{' '}
          <Link to="/dashboard/exercises" className="text-violet-200 underline">
            {t('assignments.toExercises')}
          </Link>
        </p>
      ) : (
        <TableBox caption={t('assignments.caption')}>
          <thead>
            <tr className={HEAD_ROW}>
              <th scope="col" className={`sticky left-0 z-10 bg-zinc-900 ${TH}`}>
                {t('assignments.columns.title')}
              </th>
              <th scope="col" className={TH}>
                {t('assignments.columns.due')}
              </th>
              <th scope="col" className={TH}>
                {t('assignments.columns.submitted')}
              </th>
              <th scope="col" className={TH}>
                {t('assignments.columns.late')}
              </th>
              <th scope="col" className={TH}>
                {t('assignments.columns.mean')}
              </th>
              <th scope="col" className={TH}>
                <span className="sr-only">{t('assignments.columns.results')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.assignments.map((a) => (
              <tr key={a.id} className={ROW}>
                <th scope="row" className={`${STICKY_TH} truncate`}>
                  {a.title}
                </th>
                <td className={TD}>{formatInstant(a.due_at, lang, tz, DUE)}</td>
                <td className={TD}>
                  {t('assignments.submittedOf', { submitted: a.submitted, students: a.students })}
                </td>
                <td className={TD}>{a.late}</td>
                <td className={TD}>
                  {a.mean_score === null ? (
                    <span className="text-zinc-400">{t('none')}</span>
                  ) : (
                    formatPercent(a.mean_score, lang)
                  )}
                </td>
                <td className={TD}>
                  <Link
                    to={assignmentResultsPath(a.id)}
                    className="text-violet-200 hover:underline"
                    aria-label={t('assignments.resultsNamed', { title: a.title })}
                  >
                    {t('assignments.results')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
    </Section>
  );
}
