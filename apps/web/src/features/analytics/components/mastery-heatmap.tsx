import { useTranslation } from 'react-i18next';
import type { ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { masteryCsv } from '../lib/csv';
import { StudentRowHeader } from './cells';
import { LevelLegend, LevelMark } from './level-mark';
import { DataSection, HEAD_ROW, ROW, TableBox } from './section';

/**
 * Students × skills: a real table (row and column headers) in its own scrolling box, each cell
 * the student's level in that skill as a mark with its word for screen readers.
 */
export function MasteryHeatmap({ data }: { data: ClassAnalytics }) {
  const { t } = useTranslation('analytics');
  const cells = new Map(data.mastery.map((m) => [`${m.user_id}|${m.skill_id}`, m]));
  return (
    <DataSection
      title={t('mastery.title')}
      testId="mastery"
      lead={t('mastery.lead')}
      file={data.class.name}
      csv={() => masteryCsv(t, data)}
      empty={data.skills.length === 0 ? t('mastery.empty') : null}
    >
      <LevelLegend />
      <TableBox caption={t('mastery.caption')} className="w-max min-w-full" testId="mastery-table">
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
              <StudentRowHeader
                classId={data.class.id}
                userId={student.user_id}
                name={student.name}
              />
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
    </DataSection>
  );
}
