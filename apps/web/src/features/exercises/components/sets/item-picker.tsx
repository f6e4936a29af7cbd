import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Plus } from 'lucide-react';
import type { ItemKind } from '@aprenda/shared/schemas/exercises';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useItemPicker } from '../../api/sets';
import { stemSummary } from '../../lib/item-text';
import { plainChoiceText } from '../../lib/answer';
import { StemLine } from '../items/stem-line';

const SEARCH_DEBOUNCE_MS = 250;

/** "Adicionar questões da sua coleção": a search of the teacher's items (words of the stem). */
export function ItemPicker({
  chosen,
  onAdd,
}: {
  chosen: string[];
  onAdd: (item: { id: string; kind: ItemKind; stem: string }) => void;
}) {
  const { t } = useTranslation(['sets', 'errors']);
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const items = useItemPicker(q);
  const found = items.data?.items ?? [];

  return (
    <section className="flex min-w-0 flex-col gap-2" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        {t('picker.title')}
      </h3>
      <Label htmlFor={`${id}-search`} className="sr-only">
        {t('picker.search')}
      </Label>
      <Input
        id={`${id}-search`}
        type="search"
        value={search}
        autoComplete="off"
        placeholder={t('picker.placeholder')}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          // Enter searches; it must not send the set.
          if (e.key === 'Enter') e.preventDefault();
        }}
      />
      <div aria-live="polite" className="min-w-0">
        {items.isPending ? (
          <p className="text-sm text-zinc-400">{t('picker.loading')}</p>
        ) : items.isError ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-destructive">
            {errorMessage(t, items.error)}
            <Button type="button" size="sm" variant="outline" onClick={() => void items.refetch()}>
              {t('retry')}
            </Button>
          </p>
        ) : found.length === 0 ? (
          <p className="text-sm text-zinc-400">{q ? t('picker.none', { q }) : t('picker.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-1" aria-label={t('picker.results')}>
            {found.map((item) => {
              const added = chosen.includes(item.id);
              const summary = stemSummary(item.stem, 120);
              // Read aloud without maths delimiters or markdown marks ("$3x = 12$" → "3x = 12").
              const spoken = plainChoiceText(summary);
              return (
                <li
                  key={item.id}
                  className="flex min-w-0 items-center gap-2 rounded-md border border-border p-2"
                >
                  <div className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
                    <span className="mr-2 rounded bg-zinc-800 px-1.5 py-0.5 text-xs text-zinc-300">
                      {t(`kinds.${item.kind}`)}
                    </span>
                    <StemLine text={summary} />
                  </div>
                  <Button
                    type="button"
                    size="sm"
                    variant={added ? 'ghost' : 'outline'}
                    disabled={added}
                    aria-label={
                      added
                        ? t('picker.addedNamed', { stem: spoken })
                        : t('picker.addNamed', { stem: spoken })
                    }
                    onClick={() => onAdd({ id: item.id, kind: item.kind, stem: item.stem })}
                  >
                    {added ? <Check aria-hidden /> : <Plus aria-hidden />}
                    {added ? t('picker.added') : t('picker.add')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
