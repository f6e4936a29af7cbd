import { useTranslation } from 'react-i18next';
import type { ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { decksCsv } from '../lib/csv';
import { formatInstant, formatPercent } from '../lib/format';
import { DataSection, HeadRow, ROW, RowHeader, TableBox, TD } from './section';

/**
 * Decks shared with the class: the share of the class expected to remember them on the date of
 * the next class event ("Na próxima aula (qua., 26/11): 72% lembrado"), or why there is no figure.
 */
export function DecksRecall({ data, tz }: { data: ClassAnalytics; tz: string }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  return (
    <DataSection
      title={t('decks.title')}
      testId="decks"
      lead={t('decks.lead')}
      file={data.class.name}
      csv={() => decksCsv(t, data.decks)}
      empty={data.decks.length === 0 ? t('decks.empty') : null}
    >
      <TableBox caption={t('decks.caption')}>
        <HeadRow
          columns={[t('decks.columns.deck'), t('decks.columns.cards'), t('decks.columns.recall')]}
        />
        <tbody>
          {data.decks.map((d) => (
            <tr key={d.deck_id} className={ROW}>
              <RowHeader>{d.title}</RowHeader>
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
                        // An all-day event is the UTC midnight of its day: no zone may move it.
                        date: formatInstant(
                          d.next_event.starts_at,
                          lang,
                          d.next_event.all_day ? 'UTC' : tz,
                        ),
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
    </DataSection>
  );
}
