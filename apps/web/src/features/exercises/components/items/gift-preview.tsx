import { useTranslation } from 'react-i18next';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { GiftImportAnswer } from '../../api/items';
import { giftErrorKey, kindKey, stemSummary } from '../../lib/item-text';
import { StemLine } from './stem-line';

/** The check of a GIFT file: the questions that will be imported, then those at fault and why. */
export function GiftPreview({ answer }: { answer: GiftImportAnswer }) {
  const { t } = useTranslation('exercises');
  return (
    <div className="flex min-w-0 flex-col gap-4" aria-live="polite">
      <section aria-labelledby="gift-good" className="flex flex-col gap-2">
        <h3 id="gift-good" className="flex items-center gap-2 text-sm font-semibold">
          <CheckCircle2 className="size-4 text-emerald-300" aria-hidden />
          {t('gift.good', { count: answer.items.length })}
        </h3>
        {answer.items.length > 0 ? (
          <ol className="flex flex-col divide-y divide-border rounded-md border border-border">
            {answer.items.map((item) => (
              <li key={item.index} className="flex min-w-0 flex-col gap-1 p-2 text-sm">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">
                    {t('gift.question', { n: item.index, line: item.line })}
                  </span>
                  <Badge>{t(kindKey(item.kind))}</Badge>
                </span>
                {item.title ? (
                  <span className="text-zinc-300 [overflow-wrap:anywhere]">{item.title}</span>
                ) : null}
                <div className="text-zinc-300 [overflow-wrap:anywhere]">
                  <StemLine text={stemSummary(item.stem, 120)} />
                </div>
              </li>
            ))}
          </ol>
        ) : null}
      </section>
      {answer.errors.length > 0 ? (
        <section aria-labelledby="gift-bad" className="flex flex-col gap-2">
          <h3 id="gift-bad" className="flex items-center gap-2 text-sm font-semibold">
            <AlertTriangle className="size-4 text-amber-300" aria-hidden />
            {t('gift.bad', { count: answer.errors.length })}
          </h3>
          <ol className="flex flex-col divide-y divide-border rounded-md border border-amber-500/40">
            {answer.errors.map((error) => (
              <li
                key={`${error.index}-${error.code}`}
                className="flex min-w-0 flex-col gap-1 p-2 text-sm"
              >
                <span className="font-medium">
                  {error.line > 0
                    ? t('gift.question', { n: error.index, line: error.line })
                    : t('gift.wholeFile')}
                  {error.title ? ` · ${error.title}` : ''}
                </span>
                <span className="text-amber-100">{t(giftErrorKey(error.code))}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
