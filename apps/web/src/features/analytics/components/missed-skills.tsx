import { useTranslation } from 'react-i18next';
import type { ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { missedCsv } from '../lib/csv';
import { formatPercent } from '../lib/format';
import { CsvButton } from './csv-button';
import { HEAD_ROW, ROW, Section, STICKY_TH, TableBox, TD, TH } from './section';

/** The skills the class misses most: the share of wrong answers, with a bar and its number. */
export function MissedSkills({ data }: { data: ClassAnalytics }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  const title = t('missed.title');
  return (
    <Section
      title={title}
      testId="missed"
      action={
        data.missed_skills.length > 0 ? (
          <CsvButton
            title={data.class.name}
            table={title}
            rows={() => missedCsv(t, data.missed_skills)}
          />
        ) : null
      }
    >
      {data.missed_skills.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-700 p-4 text-sm text-zinc-300">
          {t('missed.empty')}
        </p>
      ) : (
        <TableBox caption={t('missed.caption')}>
          <thead>
            <tr className={HEAD_ROW}>
              <th scope="col" className={`sticky left-0 z-10 bg-zinc-900 ${TH}`}>
                {t('missed.columns.skill')}
              </th>
              <th scope="col" className={TH}>
                {t('missed.columns.wrongRate')}
              </th>
              <th scope="col" className={TH}>
                {t('missed.columns.students')}
              </th>
              <th scope="col" className={TH}>
                {t('missed.columns.answers')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.missed_skills.map((s) => (
              <tr key={s.skill_id} className={ROW}>
                <th scope="row" className={`${STICKY_TH} truncate`}>
                  {s.code ? <span className="mr-1 font-mono text-zinc-400">{s.code}</span> : null}
                  {s.name}
                </th>
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
      )}
    </Section>
  );
}
