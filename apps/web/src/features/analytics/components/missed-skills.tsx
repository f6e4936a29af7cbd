import { useTranslation } from 'react-i18next';
import { ANALYTICS_WINDOW_DAYS, type ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { missedCsv } from '../lib/csv';
import { formatPercent } from '../lib/format';
import { SkillName } from './cells';
import { DataSection, HeadRow, ROW, RowHeader, TableBox, TD } from './section';

/**
 * The skills the class misses most: the share of wrong answers, with a bar and its number. Empty,
 * it says why: no answers yet, or answers but none wrong in a skill (questions without a skill
 * are not counted here).
 */
export function MissedSkills({ data }: { data: ClassAnalytics }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  return (
    <DataSection
      title={t('missed.title')}
      testId="missed"
      file={data.class.name}
      csv={() => missedCsv(t, data.missed_skills)}
      empty={
        data.missed_skills.length > 0
          ? null
          : data.students.some((s) => s.answers > 0)
            ? t('missed.noneWrong', { days: ANALYTICS_WINDOW_DAYS })
            : t('missed.empty')
      }
    >
      <TableBox caption={t('missed.caption')}>
        <HeadRow
          columns={[
            t('missed.columns.skill'),
            t('missed.columns.wrongRate'),
            t('missed.columns.students'),
            t('missed.columns.answers'),
          ]}
        />
        <tbody>
          {data.missed_skills.map((s) => (
            <tr key={s.skill_id} className={ROW}>
              <RowHeader>
                <SkillName code={s.code} name={s.name} />
              </RowHeader>
              <td className={TD}>
                <span className="flex items-center gap-2">
                  <span className="h-2 w-20 overflow-hidden rounded-full bg-zinc-800" aria-hidden>
                    <span
                      className="block h-full rounded-full bg-rose-300"
                      style={{
                        width: `${Math.round(Math.min(1, Math.max(0, s.wrong_rate)) * 100)}%`,
                      }}
                    />
                  </span>
                  {t('missed.wrongOf', {
                    rate: formatPercent(s.wrong_rate, lang),
                    wrong: s.wrong,
                    answers: s.answers,
                  })}
                </span>
              </td>
              <td className={TD}>{s.students}</td>
              <td className={TD}>{s.answers}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
    </DataSection>
  );
}
