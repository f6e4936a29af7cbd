import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { bandBounds } from '../../lib/results-view';

/**
 * The handed-in scores in ten bands, as a table whose rows carry a bar (the bar is decoration:
 * the band and the number are text).
 */
export function ScoreDistribution({ distribution }: { distribution: number[] }) {
  const { t } = useTranslation('sets');
  const headingId = useId();
  const max = Math.max(1, ...distribution);
  const total = distribution.reduce((a, b) => a + b, 0);
  return (
    <section className="flex min-w-0 flex-col gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold">
        {t('results.distributionTitle')}
      </h2>
      {total === 0 ? (
        <p className="text-sm text-zinc-400">{t('results.distributionEmpty')}</p>
      ) : (
        <table className="w-full border-collapse text-sm tabular-nums">
          <caption className="sr-only">{t('results.distributionCaption')}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('results.band')}</th>
              <th scope="col">{t('results.students')}</th>
            </tr>
          </thead>
          <tbody>
            {distribution.map((n, i) => {
              const [from, to] = bandBounds(i);
              return (
                <tr key={from}>
                  <th
                    scope="row"
                    className="w-24 py-0.5 pr-3 text-right font-normal whitespace-nowrap text-zinc-300"
                  >
                    {t('results.bandLabel', { from, to })}
                  </th>
                  <td className="py-0.5">
                    <div className="flex items-center gap-2">
                      <div
                        aria-hidden
                        className="h-5 rounded-sm bg-violet-500/80"
                        style={{ width: `${(n / max) * 80}%`, minWidth: n > 0 ? '0.25rem' : 0 }}
                      />
                      <span>{n}</span>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
