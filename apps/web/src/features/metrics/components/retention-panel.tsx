import { useTranslation } from 'react-i18next';
import type { StudentMetrics } from '@aprenda/shared/schemas/metrics';
import { DataTable } from '@/components/charts';
import { formatPercent } from '@/lib/intl-format';
import { knowledgeWording, retentionCell } from '../lib/metrics-view';

/** Anki-style true retention (young / mature / all × day / week / month) and estimated knowledge. */
export function RetentionPanel({
  retention,
  knowledge,
  mature,
}: {
  retention: StudentMetrics['retention'];
  knowledge: StudentMetrics['knowledge'];
  mature: number;
}) {
  const { t, i18n } = useTranslation('metrics');
  const lang = i18n.language;
  const rows = (['young', 'mature', 'all'] as const).map((kind) => ({
    key: kind,
    cells: [
      t(`retention.${kind}`),
      retentionCell(retention[kind].day, t, lang),
      retentionCell(retention[kind].week, t, lang),
      retentionCell(retention[kind].month, t, lang),
    ],
  }));
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <section
        aria-labelledby="metrics-retention"
        className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4"
        data-testid="metrics-retention"
      >
        <h2 id="metrics-retention" className="text-base font-semibold">
          {t('retention.title')}
        </h2>
        <p className="text-sm text-zinc-300">{t('retention.lead', { mature })}</p>
        <DataTable
          caption={t('retention.caption')}
          table={{
            columns: [
              { key: 'kind', label: t('retention.kind') },
              { key: 'day', label: t('retention.day'), numeric: true },
              { key: 'week', label: t('retention.week'), numeric: true },
              { key: 'month', label: t('retention.month'), numeric: true },
            ],
            rows,
          }}
        />
        <p className="text-sm text-zinc-200">
          {retention.desired === null
            ? t('retention.desiredNone')
            : t('retention.desired', { rate: formatPercent(retention.desired, lang) })}
        </p>
      </section>
      <section
        aria-labelledby="metrics-knowledge"
        className="flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-card p-4"
        data-testid="metrics-knowledge"
      >
        <h2 id="metrics-knowledge" className="text-base font-semibold">
          {t('knowledge.title')}
        </h2>
        <p className="text-sm text-zinc-100">{knowledgeWording(knowledge, t, lang)}</p>
        <p className="text-xs text-zinc-400">{t('knowledge.explain')}</p>
      </section>
    </div>
  );
}
