import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowRightLeft,
  EllipsisVertical,
  Pause,
  Pencil,
  Play,
  Plus,
  Search,
  Trash2,
} from 'lucide-react';
import { CARD_QUERY_MAX, type Card, type DeckDetail } from '@aprenda/shared/schemas/flashcards';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { useFocusAfterRemoval } from '@/lib/focus-after-removal';
import { toastAction, toastError, toastSuccess } from '@/lib/toast';
import { restoreCard, useCards, useDeleteCard, useSuspendCard } from '../api/cards';
import { cardSummary, hasMaths } from '../lib/card-text';
import { CardContent } from './card-content';
import { CardEditorDialog } from './card-editor-dialog';
import { MoveCardDialog } from './move-card-dialog';

/**
 * The deck's cards, newest first, with a search over front, back and tags (accent-blind, on the
 * server). The owner adds and edits cards and, from each card's menu, moves, suspends or deletes
 * it (confirmed, with "Desfazer" in the toast).
 */
export function CardList({ deck, actions }: { deck: DeckDetail; actions?: ReactNode }) {
  const { t } = useTranslation(['flashcards', 'errors']);
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  // Ask the server once the typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setQ(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const cards = useCards(deck.id, q);
  const [editing, setEditing] = useState<Card | 'new' | null>(null);
  const [moving, setMoving] = useState<Card | null>(null);
  const [deleting, setDeleting] = useState<Card | null>(null);
  const suspend = useSuspendCard();
  const del = useDeleteCard();
  // Deleted: its row and "Ações" button go, so focus goes to the list's heading instead.
  const deletedFocus = useFocusAfterRemoval(() => document.getElementById(`${searchId}-heading`));
  const queryClient = useQueryClient();
  const items = cards.data?.pages.flatMap((page) => page.items) ?? [];

  function toggleSuspend(card: Card) {
    suspend.mutate(
      { id: card.id, suspended: !card.suspended },
      {
        onSuccess: (saved) =>
          toastSuccess(t(saved.suspended ? 'cards.suspendedToast' : 'cards.unsuspendedToast')),
        onError: (err) => toastError(errorMessage(t, err)),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const card = deleting;
    del.mutate(card, {
      onSuccess: () => {
        deletedFocus.markRemoved();
        setDeleting(null);
        toastAction(t('cards.deleted'), {
          label: t('cards.undo'),
          onClick: () => {
            restoreCard(queryClient, card.id).then(
              () => toastSuccess(t('cards.restored')),
              (err: unknown) => toastError(errorMessage(t, err)),
            );
          },
        });
      },
      onError: (err) => toastError(errorMessage(t, err)),
    });
  }

  return (
    <section aria-labelledby={`${searchId}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${searchId}-heading`} tabIndex={-1} className="text-lg font-semibold outline-none">
          {t('cards.heading')}
        </h2>
        {deck.can_edit ? (
          <div className="flex flex-wrap gap-2">
            {actions}
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              {t('cards.newCard')}
            </Button>
          </div>
        ) : null}
      </div>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
          aria-hidden
        />
        <Input
          id={searchId}
          type="search"
          aria-label={t('cards.search')}
          placeholder={t('cards.searchPlaceholder')}
          maxLength={CARD_QUERY_MAX}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="pl-9"
        />
      </div>

      {cards.isPending ? (
        <LoadingState>{t('cards.loading')}</LoadingState>
      ) : cards.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void cards.refetch()}>
          {t('cards.loadError')}
        </ErrorBox>
      ) : items.length === 0 ? (
        q ? (
          <EmptyState title={t('cards.noResults', { q })} />
        ) : (
          <EmptyState
            title={t('cards.emptyTitle')}
            body={deck.can_edit ? t('cards.emptyBody') : t('cards.emptyClassBody')}
          >
            {deck.can_edit ? (
              <Button className="mt-2" onClick={() => setEditing('new')}>
                <Plus aria-hidden />
                {t('cards.newCard')}
              </Button>
            ) : null}
          </EmptyState>
        )
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {items.map((card) => (
            <CardRow
              key={card.id}
              card={card}
              canEdit={deck.can_edit}
              onEdit={() => setEditing(card)}
              onMove={() => setMoving(card)}
              onSuspend={() => toggleSuspend(card)}
              onDelete={() => setDeleting(card)}
            />
          ))}
        </ul>
      )}
      {cards.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          pending={cards.isFetchingNextPage}
          onClick={() => void cards.fetchNextPage()}
        >
          {t('loadMore')}
        </Button>
      ) : null}

      {deck.can_edit ? (
        <>
          <CardEditorDialog
            open={editing !== null}
            onOpenChange={(open) => !open && setEditing(null)}
            deckId={deck.id}
            card={editing === 'new' || editing === null ? undefined : editing}
          />
          <MoveCardDialog
            card={moving}
            deckId={deck.id}
            onOpenChange={(open) => !open && setMoving(null)}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={t('cards.deleteTitle')}
            description={t('cards.deleteBody')}
            confirmLabel={t('cards.deleteConfirm')}
            cancelLabel={t('cancel')}
            onConfirm={confirmDelete}
            pending={del.isPending}
            onCloseAutoFocus={deletedFocus.onCloseAutoFocus}
          />
        </>
      ) : null}
    </section>
  );
}

function CardRow({
  card,
  canEdit,
  onEdit,
  onMove,
  onSuspend,
  onDelete,
}: {
  card: Card;
  canEdit: boolean;
  onEdit: () => void;
  onMove: () => void;
  onSuspend: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('flashcards');
  const front = cardSummary(card.front, 160);
  const back = cardSummary(card.back, 160);
  return (
    <li className="flex min-w-0 items-start gap-3 p-3 sm:p-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="min-w-0 font-medium [overflow-wrap:anywhere]">
          <SummaryText text={front} />
        </div>
        {back ? (
          <div className="min-w-0 text-sm text-zinc-300 [overflow-wrap:anywhere]">
            <SummaryText text={back} />
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-1.5 pt-1">
          <Badge>{t(card.kind === 'cloze' ? 'cards.cloze' : 'cards.basic')}</Badge>
          {card.suspended ? (
            <Badge className="border-amber-500/40 text-amber-200">{t('cards.suspended')}</Badge>
          ) : null}
          {card.tags.map((tag) => (
            <span key={tag} className="text-xs text-zinc-400 [overflow-wrap:anywhere]">
              #{tag}
            </span>
          ))}
        </div>
      </div>
      {canEdit ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('cards.actions', { front: cardSummary(card.front, 40) })}
            >
              <EllipsisVertical aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil aria-hidden />
              {t('cards.edit')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onMove}>
              <ArrowRightLeft aria-hidden />
              {t('cards.move')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onSuspend}>
              {card.suspended ? <Play aria-hidden /> : <Pause aria-hidden />}
              {t(card.suspended ? 'cards.unsuspend' : 'cards.suspend')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem className="text-destructive" onSelect={onDelete}>
              <Trash2 aria-hidden />
              {t('cards.delete')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </li>
  );
}

/** A card's one-line summary; with maths (`$…$`) rendered by KaTeX, as the student sees it. */
function SummaryText({ text }: { text: string }) {
  if (!hasMaths(text)) return <p>{text}</p>;
  return <CardContent text={text} className="text-[length:inherit]" />;
}
