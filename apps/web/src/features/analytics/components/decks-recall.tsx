import { useTranslation } from 'react-i18next';
import type { ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { decksCsv } from '../lib/csv';
import { formatInstant, formatPercent } from '../lib/format';
import { CsvButton } from './csv-button';
import { HEAD_ROW, ROW, Section, STICKY_TH, TableBox, TD, TH } from './section';

/**
 * Decks shared with the class: the share of the class expected to remember them on the date of
 * the next class event ("Na próxima aula (qua., 26/11): 72% lembrado"), or why there is no figure.
 */
export function DecksRecall({ data, tz }: { data: ClassAnalytics; tz: string }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  const title = t('decks.title');
  return (
    <Section
      title={title}
      testId="decks"
      lead={data.decks.length > 0 ? t('decks.lead') : undefined}
      action={
        data.decks.length > 0 ? (
          <CsvButton title={data.class.name} table={title} rows={() => decksCsv(t, data.decks)} />
        ) : null
      }
    >
      {data.decks.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-700 p-4 text-sm text-zinc-300">
          {t('decks.empty')}
        </p>
      ) : (
        <TableBox caption={t('decks.caption')}>
          <thead>
            <tr className={HEAD_ROW}>
              <th scope="col" className={`sticky left-0 z-10 bg-zinc-900 ${TH}`}>
                {t('decks.columns.deck')}
              </th>
              <th scope="col" className={TH}>
                {t('decks.columns.cards')}
              </th>
              <th scope="col" className={TH}>
                {t('decks.columns.recall')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.decks.map((d) => (
              <tr key={d.deck_id} className={ROW}>
                <th scope="row" className={`${STICKY_TH} truncate`}>
                  {d.title}
                </th>
                <td className={TD}>{d.cards}</td>
                <td className={`${TD} whitespace-normal`} data-testid="deck-recall">
                  {d.next_event === null ? (
                    <span className="text-zinc-300">{t('decks.noEvent')}</span>
                  ) : d.expected_recall === null ? (
                    <span className="text-zinc-300">{t('decks.noCards')}</span>
                  ) : (
                    <span className="flex flex-col">
                      <span>
                        {t('decks.recall', {
                          date: formatInstant(d.next_event.starts_at, lang, tz),
                          percent: formatPercent(d.expected_recall, lang),
                        })}
                      </span>
                      <span className="text-xs text-zinc-400">{d.next_event.title}</span>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
    </Section>
  );
}
