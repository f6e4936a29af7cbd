import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUp, Plus, Search, Sparkles } from 'lucide-react';
import { ITEM_QUERY_MAX, type ItemDetail } from '@aprenda/shared/schemas/exercises';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { SkillField } from '@/components/skills/skill-field';
import { errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteItem, useItems } from '../../api/items';
import { plainChoiceText } from '../../lib/answer';
import { stemSummary } from '../../lib/item-text';
import { GenerateItemsDialog } from './generate-items-dialog';
import { GiftImportDialog } from './gift-import-dialog';
import { ItemEditorDialog } from './item-editor-dialog';
import { ItemRow } from './item-row';
import { TryDialog } from './try-dialog';

/**
 * The teacher's item bank: their items, newest first, with a search over the stems (accent-blind,
 * on the server) and a skill filter; each item is edited, tried as a student sees it, or deleted
 * (confirmed; past answers are kept). New items come from the editor or a GIFT file.
 */
export function ItemBank() {
  const { t } = useTranslation(['exercises', 'dashboard', 'errors']);
  const searchId = useId();
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), 250);
  const [skillId, setSkillId] = useState<string | null>(null);
  const items = useItems(q, skillId);
  const [editing, setEditing] = useState<ItemDetail | 'new' | null>(null);
  const [trying, setTrying] = useState<ItemDetail | null>(null);
  const [deleting, setDeleting] = useState<ItemDetail | null>(null);
  const [importing, setImporting] = useState(false);
  const [generating, setGenerating] = useState(false);
  const del = useDeleteItem();
  const all = items.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = q !== '' || skillId !== null;

  function confirmDelete() {
    if (!deleting) return;
    del.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toastSuccess(t('list.deleted'));
      },
      onError: (err) => toastError(errorMessage(t, err)),
    });
  }

  const actions = (
    <>
      <Button variant="outline" onClick={() => setGenerating(true)}>
        <Sparkles aria-hidden />
        {t('list.generate')}
      </Button>
      <Button variant="outline" onClick={() => setImporting(true)}>
        <FileUp aria-hidden />
        {t('list.importGift')}
      </Button>
      <Button onClick={() => setEditing('new')}>
        <Plus aria-hidden />
        {t('list.newItem')}
      </Button>
    </>
  );

  return (
    <section className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-semibold">{t('list.title')}</h2>
          <p className="text-zinc-300">{t('list.lead')}</p>
        </div>
        <div className="flex flex-wrap gap-2 sm:self-start">{actions}</div>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <label htmlFor={searchId} className="text-sm font-medium">
            {t('list.search')}
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              placeholder={t('list.searchPlaceholder')}
              maxLength={ITEM_QUERY_MAX}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="pl-9"
            />
          </div>
        </div>
        <SkillField
          value={skillId}
          onChange={setSkillId}
          label={t('list.skillFilter')}
          hint={t('list.skillFilterHint')}
        />
      </div>

      {items.isPending ? (
        <LoadingState>{t('list.loading')}</LoadingState>
      ) : items.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void items.refetch()}>
          {t('list.loadError')}
        </ErrorBox>
      ) : all.length === 0 ? (
        filtered ? (
          <EmptyState title={t('list.noResults')} body={t('list.noResultsBody')} />
        ) : (
          <EmptyState title={t('list.emptyTitle')} body={t('list.emptyBody')}>
            <div className="mt-2 flex flex-wrap justify-center gap-2">{actions}</div>
          </EmptyState>
        )
      ) : (
        <ul
          aria-label={t('list.heading')}
          className="flex flex-col divide-y divide-border rounded-lg border border-border"
        >
          {all.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              onEdit={() => setEditing(item)}
              onTry={() => setTrying(item)}
              onDelete={() => setDeleting(item)}
            />
          ))}
        </ul>
      )}
      {items.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          pending={items.isFetchingNextPage}
          onClick={() => void items.fetchNextPage()}
        >
          {t('list.loadMore')}
        </Button>
      ) : null}

      <ItemEditorDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        item={editing === 'new' || editing === null ? undefined : editing}
      />
      {trying ? (
        <TryDialog item={trying} onOpenChange={(open) => !open && setTrying(null)} />
      ) : null}
      <GenerateItemsDialog open={generating} onOpenChange={setGenerating} />
      <GiftImportDialog open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('list.deleteTitle')}
        description={t('list.deleteBody', {
          // Plain text: the dialog shows no KaTeX, so "$x + 7 = 12$" reads "x + 7 = 12".
          stem: deleting ? plainChoiceText(stemSummary(deleting.stem, 80)) : '',
        })}
        confirmLabel={t('list.deleteConfirm')}
        cancelLabel={t('cancel')}
        onConfirm={confirmDelete}
        pending={del.isPending}
      />
    </section>
  );
}
