import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { assignmentsCsv } from '../lib/csv';
import { DATE_TIME, formatInstant } from '../lib/format';
import { Percent, ResultsLink } from './cells';
import { DataSection, HeadRow, ROW, RowHeader, TableBox, TD } from './section';

/** The class's assignments: who handed in, late, the mean score, and the results screen. */
export function AssignmentsTable({ data, tz }: { data: ClassAnalytics; tz: string }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  return (
    <DataSection
      title={t('assignments.title')}
      testId="assignments"
      file={data.class.name}
      csv={() => assignmentsCsv(t, data.assignments)}
      empty={
        data.assignments.length === 0 ? (
          <>
            {t('assignments.empty')}{' '}
            <Link to="/dashboard/exercises?tab=sets" className="text-violet-200 underline">
              {t('assignments.toExercises')}
            </Link>
          </>
        ) : null
      }
    >
      <TableBox caption={t('assignments.caption')}>
        <HeadRow
          columns={[
            t('assignments.columns.title'),
            t('assignments.columns.due'),
            t('assignments.columns.submitted'),
            t('assignments.columns.late'),
            t('assignments.columns.mean'),
            <span className="sr-only">{t('assignments.columns.results')}</span>,
          ]}
        />
        <tbody>
          {data.assignments.map((a) => (
            <tr key={a.id} className={ROW}>
              <RowHeader>{a.title}</RowHeader>
              <td className={TD}>{formatInstant(a.due_at, lang, tz, DATE_TIME)}</td>
              <td className={TD}>
                {t('assignments.submittedOf', { submitted: a.submitted, students: a.students })}
              </td>
              <td className={TD}>{a.late}</td>
              <td className={TD}>
                <Percent value={a.mean_score} />
              </td>
              <td className={TD}>
                <ResultsLink
                  assignmentId={a.id}
                  label={t('assignments.resultsNamed', { title: a.title })}
                >
                  {t('assignments.results')}
                </ResultsLink>
              </td>
            </tr>
          ))}
        </tbody>
      </TableBox>
    </DataSection>
  );
}
