import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Layers, Play, Plus, Users } from 'lucide-react';
import type { DeckSummary } from '@aprenda/shared/schemas/flashcards';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { useFocusHeadingOnArrival } from '@/lib/focus-after-removal';
import { useDecks } from '../api/decks';
import { deckPath, studyPath } from '../lib/paths';
import { DeckFormDialog } from './deck-form-dialog';
import { GenerateFromLink } from './generate/generate-from-link';
import { PendingReviews } from './pending-reviews';
import { ApkgImportButton } from './import/apkg-import-dialog';

/**
 * `/dashboard/flashcard`: "Meus baralhos" and "Da turma" (decks shared with my classes), each deck
 * with today's numbers and a way to study it; "Novo baralho".
 */
export function DeckList({ userId }: { userId: string }) {
  const { t } = useTranslation(['flashcards', 'dashboard']);
  const navigate = useNavigate();
  const decks = useDecks();
  const [creating, setCreating] = useState(false);
  // Arriving from a deck just deleted (its page is gone): focus here, not <body>.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusHeadingOnArrival(headingRef);
  const all = decks.data?.pages.flatMap((page) => page.items) ?? [];
  const own = all.filter((deck) => deck.source === 'own');
  const fromClass = all.filter((deck) => deck.source === 'class');

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight outline-none sm:text-3xl"
          >
            {t('dashboard:tools.flashcard.name')}
          </h1>
          <p className="text-zinc-300">{t('lead')}</p>
        </div>
        <div className="flex flex-wrap gap-2 sm:self-start">
          <ApkgImportButton />
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {t('list.newDeck')}
          </Button>
        </div>
      </div>

      <PendingReviews userId={userId} />

      {decks.isPending ? (
        <LoadingState>{t('list.loading')}</LoadingState>
      ) : decks.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void decks.refetch()}>
          {t('list.loadError')}
        </ErrorBox>
      ) : (
        <>
          <DeckSection
            title={t('list.mine')}
            decks={own}
            empty={
              <EmptyState
                icon={<Layers className="size-8 text-zinc-500" aria-hidden />}
                title={t('list.emptyMineTitle')}
                body={t('list.emptyMineBody')}
              >
                <Button className="mt-2" onClick={() => setCreating(true)}>
                  <Plus aria-hidden />
                  {t('list.newDeck')}
                </Button>
              </EmptyState>
            }
          />
          <DeckSection
            title={t('list.fromClass')}
            decks={fromClass}
            empty={
              <EmptyState
                icon={<Users className="size-8 text-zinc-500" aria-hidden />}
                title={t('list.emptyClassTitle')}
                body={t('list.emptyClassBody')}
              />
            }
          />
          {decks.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              pending={decks.isFetchingNextPage}
              onClick={() => void decks.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          ) : null}
        </>
      )}

      <GenerateFromLink onSaved={(deckId) => void navigate(deckPath(deckId))} />
      <DeckFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(deck) => void navigate(deckPath(deck.id))}
      />
    </section>
  );
}

function DeckSection({
  title,
  decks,
  empty,
}: {
  title: string;
  decks: DeckSummary[];
  empty: React.ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {decks.length === 0 ? (
        empty
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {decks.map((deck) => (
            <DeckCard key={deck.id} deck={deck} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeckCard({ deck }: { deck: DeckSummary }) {
  const { t } = useTranslation('flashcards');
  const names = deck.classes.map((c) => c.title).join(', ');
  return (
    <li className="flex min-w-0 flex-col rounded-lg border border-border bg-card transition-colors focus-within:border-ring hover:border-zinc-600">
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg leading-tight font-semibold [overflow-wrap:anywhere]">
          <Link to={deckPath(deck.id)} className="hover:underline">
            {deck.title}
          </Link>
        </h3>
        {deck.description ? (
          <p className="line-clamp-2 text-sm text-zinc-300 [overflow-wrap:anywhere]">
            {deck.description}
          </p>
        ) : null}
        {names ? (
          <p className="text-xs text-zinc-400 [overflow-wrap:anywhere]">
            {deck.source === 'class'
              ? t('list.classes', { count: deck.classes.length, names })
              : t('list.sharedWith', { names })}
          </p>
        ) : null}
        <p className="mt-auto flex flex-wrap gap-x-3 gap-y-1 pt-2 text-sm text-zinc-300 tabular-nums">
          <span className="font-semibold text-foreground">
            {t('counts.due', { count: deck.counts.due })}
          </span>
          <span>{t('counts.new', { count: deck.counts.new })}</span>
          <span>{t('counts.total', { count: deck.counts.total })}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-border px-3 py-2">
        {deck.counts.due > 0 ? (
          <Link
            to={studyPath(deck.id)}
            className={buttonVariants({ size: 'sm' })}
            aria-label={t('list.studyDeck', { title: deck.title })}
          >
            <Play aria-hidden />
            {t('list.study')}
          </Link>
        ) : (
          <span className="px-2 text-sm text-zinc-400">{t('counts.nothingToday')}</span>
        )}
      </div>
    </li>
  );
}
