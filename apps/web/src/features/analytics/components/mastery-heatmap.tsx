import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { masteryCsv } from '../lib/csv';
import { studentAnalyticsPath } from '../lib/paths';
import { CsvButton } from './csv-button';
import { LevelLegend, LevelMark } from './level-mark';
import { HEAD_ROW, ROW, Section, STICKY_TH, TableBox } from './section';

/**
 * Students × skills: a real table (row and column headers) in its own scrolling box, each cell
 * the student's level in that skill as a mark with its word for screen readers.
 */
export function MasteryHeatmap({ data }: { data: ClassAnalytics }) {
  const { t } = useTranslation('analytics');
  const title = t('mastery.title');
  const cells = new Map(data.mastery.map((m) => [`${m.user_id}|${m.skill_id}`, m]));
  return (
    <Section
      title={title}
      testId="mastery"
      lead={data.skills.length > 0 ? t('mastery.lead') : undefined}
      action={
        data.skills.length > 0 ? (
          <CsvButton title={data.class.name} table={title} rows={() => masteryCsv(t, data)} />
        ) : null
      }
    >
      {data.skills.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-700 p-4 text-sm text-zinc-300">
          {t('mastery.empty')}
        </p>
      ) : (
        <>
          <LevelLegend />
          <TableBox
            caption={t('mastery.caption')}
            className="w-max min-w-full"
            testId="mastery-table"
          >
            <thead>
              <tr className={HEAD_ROW}>
                <th
                  scope="col"
                  className="sticky left-0 z-10 bg-zinc-900 px-3 py-2 text-left font-semibold"
                >
                  {t('mastery.student')}
                </th>
                {data.skills.map((skill) => (
                  <th
                    key={skill.skill_id}
                    scope="col"
                    className="max-w-[8rem] px-2 py-2 text-center align-bottom text-xs font-semibold [overflow-wrap:anywhere]"
                  >
                    {skill.code ? (
                      <span className="block font-mono text-zinc-400">{skill.code}</span>
                    ) : null}
                    {skill.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.students.map((student) => (
                <tr key={student.user_id} className={ROW}>
                  <th scope="row" className={STICKY_TH}>
                    <Link
                      to={studentAnalyticsPath(data.class.id, student.user_id)}
                      className="block truncate rounded hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {student.name}
                    </Link>
                  </th>
                  {data.skills.map((skill) => {
                    const cell = cells.get(`${student.user_id}|${skill.skill_id}`);
                    return (
                      <td key={skill.skill_id} className="px-2 py-1.5 text-center">
                        {cell ? (
                          <LevelMark level={cell.level} />
                        ) : (
                          <>
                            <span aria-hidden className="text-zinc-500">
                              ·
                            </span>
                            <span className="sr-only">{t('mastery.noAnswers')}</span>
                          </>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </TableBox>
        </>
      )}
    </Section>
  );
}
