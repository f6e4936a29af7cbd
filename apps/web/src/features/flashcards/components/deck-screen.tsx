import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowLeft,
  Copy,
  Download,
  EllipsisVertical,
  Pencil,
  Play,
  Share2,
  Trash2,
  Upload,
} from 'lucide-react';
import type { DeckDetail } from '@aprenda/shared/schemas/flashcards';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { errorCode, errorMessage } from '@/lib/errors';
import { FOCUS_HEADING, useFocusAfterRemoval } from '@/lib/focus-after-removal';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCopyDeck, useDeck, useDeleteDeck } from '../api/decks';
import { useTeachingClasses } from '../api/classes';
import { deckPath, FLASHCARDS_PATH, studyPath } from '../lib/paths';
import { CardList } from './card-list';
import { DeckCounts } from './deck-counts';
import { DeckFormDialog } from './deck-form-dialog';
import { DeckSettings } from './deck-settings';
import { DeckTransfer, type TransferKind } from './deck-transfer';
import { GenerateCardsButton } from './generate/generate-cards-button';
import { PendingReviews } from './pending-reviews';
import { ShareDialog } from './share-dialog';

/**
 * `/dashboard/flashcard/:deckId`: the deck's numbers for today and "Estudar agora", its settings
 * (the owner changes them), its cards (search, editor, move, suspend, delete with undo) and its
 * menu: edit, import, export, share with a class (teachers), copy (class decks), delete.
 */
export function DeckScreen({ deckId, userId }: { deckId: string; userId: string }) {
  const { t } = useTranslation(['flashcards', 'errors', 'dashboard']);
  const deck = useDeck(deckId);

  return (
    <section className="flex flex-col gap-6">
      <Link
        to={FLASHCARDS_PATH}
        className="inline-flex min-h-6 items-center gap-1 self-start py-1 text-sm text-zinc-300 hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('deck.back')}
      </Link>
      {deck.isPending ? (
        <LoadingState>{t('deck.loading')}</LoadingState>
      ) : deck.isError ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">
            {t('dashboard:tools.flashcard.name')}
          </h1>
          {errorCode(deck.error) === 'not_found' ? (
            <ErrorBox>{errorMessage(t, deck.error)}</ErrorBox>
          ) : (
            <ErrorBox retryLabel={t('retry')} onRetry={() => void deck.refetch()}>
              {t('deck.loadError')}
            </ErrorBox>
          )}
        </>
      ) : (
        <DeckBody deck={deck.data} userId={userId} />
      )}
    </section>
  );
}

function DeckBody({ deck, userId }: { deck: DeckDetail; userId: string }) {
  const { t } = useTranslation(['flashcards', 'errors']);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [transfer, setTransfer] = useState<TransferKind | null>(null);
  const del = useDeleteDeck();
  // Deleted: this page goes; the deck list focuses its heading (FOCUS_HEADING), not <body>.
  const deletedFocus = useFocusAfterRemoval();
  const copy = useCopyDeck();
  const teaching = useTeachingClasses(deck.can_edit);
  const canShare = deck.can_edit && (teaching.data?.items.length ?? 0) > 0;
  const classNames = deck.shares.map((s) => s.title).join(', ');

  function confirmDelete() {
    del.mutate(deck.id, {
      onSuccess: () => {
        toastSuccess(t('deck.deleted', { title: deck.title }));
        deletedFocus.markRemoved();
        setDeleting(false);
        void navigate(FLASHCARDS_PATH, { state: FOCUS_HEADING });
      },
      onError: (err) => toastError(errorMessage(t, err)),
    });
  }

  function copyDeck() {
    copy.mutate(deck.id, {
      onSuccess: (copied) => {
        toastSuccess(t('deck.copied', { title: copied.title }));
        void navigate(deckPath(copied.id));
      },
      onError: (err) => toastError(`${t('deck.copyError')} ${errorMessage(t, err)}`),
    });
  }

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
            {deck.title}
          </h1>
          {deck.description ? (
            <p className="whitespace-pre-line text-zinc-300 [overflow-wrap:anywhere]">
              {deck.description}
            </p>
          ) : null}
          {deck.source === 'class' ? (
            <p className="text-sm text-zinc-400 [overflow-wrap:anywhere]">
              {t('deck.classDeck', { names: classNames })}
            </p>
          ) : classNames ? (
            <p className="text-sm text-zinc-400 [overflow-wrap:anywhere]">
              {t('list.sharedWith', { names: classNames })}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="icon" aria-label={t('deck.actions')}>
                <EllipsisVertical aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {deck.can_edit ? (
                <>
                  <DropdownMenuItem onSelect={() => setEditing(true)}>
                    <Pencil aria-hidden />
                    {t('deck.edit')}
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setTransfer('import')}>
                    <Upload aria-hidden />
                    {t('deck.import')}
                  </DropdownMenuItem>
                  {canShare ? (
                    <DropdownMenuItem onSelect={() => setSharing(true)}>
                      <Share2 aria-hidden />
                      {t('deck.share')}
                    </DropdownMenuItem>
                  ) : null}
                </>
              ) : (
                <DropdownMenuItem onSelect={copyDeck} disabled={copy.isPending}>
                  <Copy aria-hidden />
                  {t('deck.copy')}
                </DropdownMenuItem>
              )}
              <DropdownMenuItem onSelect={() => setTransfer('export')}>
                <Download aria-hidden />
                {t('deck.export')}
              </DropdownMenuItem>
              {deck.can_edit ? (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem className="text-destructive" onSelect={() => setDeleting(true)}>
                    <Trash2 aria-hidden />
                    {t('deck.delete')}
                  </DropdownMenuItem>
                </>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>

      <PendingReviews userId={userId} />

      <div className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <DeckCounts counts={deck.counts} />
        {deck.counts.due > 0 ? (
          <Link to={studyPath(deck.id)} className={buttonVariants({ size: 'lg' })}>
            <Play aria-hidden />
            {t('deck.study')}
          </Link>
        ) : (
          <p className="text-sm text-zinc-300">{t('deck.nothingDue')}</p>
        )}
      </div>

      {!deck.can_edit ? (
        <Button
          variant="outline"
          className="self-start"
          pending={copy.isPending}
          onClick={copyDeck}
        >
          <Copy aria-hidden />
          {t('deck.copy')}
        </Button>
      ) : null}

      <DeckSettings deck={deck} />

      <CardList
        deck={deck}
        actions={deck.can_edit ? <GenerateCardsButton deckId={deck.id} /> : null}
      />

      <DeckTransfer deck={deck} kind={transfer} onClose={() => setTransfer(null)} />
      {deck.can_edit ? (
        <>
          <DeckFormDialog open={editing} onOpenChange={setEditing} deck={deck} />
          <ShareDialog open={sharing} onOpenChange={setSharing} deck={deck} />
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            title={t('deck.deleteTitle', { title: deck.title })}
            description={t('deck.deleteBody', { count: deck.card_count })}
            confirmLabel={t('deck.deleteConfirm')}
            cancelLabel={t('cancel')}
            onConfirm={confirmDelete}
            pending={del.isPending}
            onCloseAutoFocus={deletedFocus.onCloseAutoFocus}
          />
        </>
      ) : null}
    </>
  );
}
