import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pin, Plus, Search } from 'lucide-react';
import type { Conversation } from '@aprenda/shared/schemas/conversations';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { useFocusAfterRemoval } from '@/lib/focus-after-removal';
import { toastError, toastSuccess } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import {
  useConversations,
  useDeleteConversation,
  useUpdateConversation,
} from '../api/conversations';
import { FOCUS_COMPOSER_STATE } from '../lib/focus-composer';
import { LazyConversationActions } from './lazy-conversation-actions';

// The dialogs (Radix dialog and alert dialog, the forms) load when one is first opened: the list
// paints without them (decision 0033).
const CreateConversationDialog = lazy(() =>
  import('./create-conversation-dialog').then((m) => ({ default: m.CreateConversationDialog })),
);
const RenameConversationDialog = lazy(() =>
  import('./conversation-dialogs').then((m) => ({ default: m.RenameConversationDialog })),
);
const DeleteConversationDialog = lazy(() =>
  import('./conversation-dialogs').then((m) => ({ default: m.DeleteConversationDialog })),
);
const LinkClassDialog = lazy(() =>
  import('./link-class-dialog').then((m) => ({ default: m.LinkClassDialog })),
);

const SEARCH_DEBOUNCE_MS = 300;

/**
 * "Your Conversations": search (server-side, debounced), New Conversation, a paged list (pinned
 * first, newest activity first) with Rename, Pin/Unpin, Link to a class / Unlink and Delete on
 * each item.
 */
export function ConversationSidebar({
  activeId,
  onNavigate,
}: {
  activeId?: string;
  /** Called after a conversation was opened or created (closes the drawer on small screens). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useConversations(q);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Deleted: its row and "Ações" button are gone, so focus goes to the list's heading.
  const afterDelete = useFocusAfterRemoval(() => headingRef.current);
  const [linking, setLinking] = useState<Conversation | null>(null);
  const update = useUpdateConversation();
  const remove = useDeleteConversation();
  const sentinel = useRef<HTMLDivElement>(null);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    if (list.isError) toastError(t('toast.loadError'));
  }, [list.isError, list.errorUpdatedAt, t]);

  // Infinite scroll: the next page loads when the end of the list comes into view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const titleOf = (c: Conversation) => c.title.trim() || t('sidebar.untitled');

  const togglePin = (c: Conversation) => {
    update.mutate(
      { id: c.id, pinned: !c.pinned },
      {
        onSuccess: (next) => toastSuccess(t(next.pinned ? 'toast.pinned' : 'toast.unpinned')),
        onError: () => toastError(t('toast.pinError')),
      },
    );
  };

  const unlink = (c: Conversation) => {
    update.mutate(
      { id: c.id, class_id: null },
      {
        onSuccess: () => toastSuccess(t('toast.unlinked', { class: c.class_title ?? '' })),
        onError: (err) =>
          toastError(`${t('toast.unlinkError')}: ${errorMessage(t, err, { scope: 'chat' })}`),
      },
    );
  };

  return (
    <div className="flex h-full min-h-0 flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
          {t('sidebar.title')}
        </h2>
      </div>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
          aria-hidden
        />
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('sidebar.searchPlaceholder')}
          aria-label={t('sidebar.searchLabel')}
          className="pl-9"
        />
      </div>
      <Button onClick={() => setCreating(true)}>
        <Plus aria-hidden />
        {t('sidebar.new')}
      </Button>

      <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1" aria-busy={list.isPending}>
        {list.isPending ? (
          <p role="status" className="py-6 text-center text-sm text-zinc-400">
            {t('sidebar.loading')}
          </p>
        ) : list.isError && items.length === 0 ? (
          <div role="alert" className="flex flex-col items-center gap-2 py-6 text-center text-sm">
            <p className="text-red-300">{t('toast.loadError')}</p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              {t('sidebar.retry')}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p role="status" className="py-6 text-center text-sm text-zinc-400">
            {q ? t('sidebar.noMatch') : t('sidebar.empty')}
          </p>
        ) : (
          <ul className="flex flex-col gap-1" aria-label={t('sidebar.title')}>
            {items.map((c) => (
              <li
                key={c.id}
                className={cn(
                  'group flex items-center gap-1 rounded-md pr-1 hover:bg-accent',
                  c.id === activeId && 'bg-accent',
                )}
              >
                <NavLink
                  to={`/dashboard/chat/${c.id}`}
                  onClick={onNavigate}
                  className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
                  aria-current={c.id === activeId ? 'page' : undefined}
                >
                  {c.pinned ? (
                    <Pin
                      className="size-3.5 shrink-0 text-primary"
                      aria-label={t('sidebar.pinned')}
                    />
                  ) : null}
                  <span className={cn('truncate', !c.title.trim() && 'pr-1 text-zinc-400 italic')}>
                    {titleOf(c)}
                  </span>
                </NavLink>
                <LazyConversationActions
                  conversation={c}
                  label={t('sidebar.actions', { title: titleOf(c) })}
                  onRename={setRenaming}
                  onTogglePin={togglePin}
                  onUnlink={unlink}
                  onLink={setLinking}
                  onDelete={setDeleting}
                />
              </li>
            ))}
          </ul>
        )}
        {hasNextPage ? (
          <div ref={sentinel} className="flex justify-center py-3">
            <Button
              variant="outline"
              size="sm"
              disabled={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchingNextPage ? t('sidebar.loading') : t('sidebar.loadMore')}
            </Button>
          </div>
        ) : null}
      </div>

      <Suspense fallback={null}>
        {creating ? (
          <CreateConversationDialog
            open={creating}
            onOpenChange={setCreating}
            onCreated={(c) => {
              setSearch('');
              onNavigate?.();
              void navigate(`/dashboard/chat/${c.id}`, { state: FOCUS_COMPOSER_STATE });
            }}
          />
        ) : null}
        {renaming ? (
          <RenameConversationDialog
            conversation={renaming}
            onOpenChange={(open) => !open && setRenaming(null)}
            pending={update.isPending}
            onSave={(title) => {
              if (!renaming) return;
              update.mutate(
                { id: renaming.id, title },
                {
                  onSuccess: () => {
                    toastSuccess(t('toast.titleUpdated'));
                    setRenaming(null);
                  },
                  onError: () => toastError(t('toast.titleError')),
                },
              );
            }}
          />
        ) : null}
        {linking ? (
          <LinkClassDialog
            conversation={linking}
            onOpenChange={(open) => !open && setLinking(null)}
            pending={update.isPending}
            onLink={(classId, classTitle) => {
              if (!linking) return;
              update.mutate(
                { id: linking.id, class_id: classId },
                {
                  onSuccess: () => {
                    toastSuccess(t('toast.linked', { class: classTitle }));
                    setLinking(null);
                  },
                  onError: (err) =>
                    toastError(
                      `${t('toast.linkError')}: ${errorMessage(t, err, { scope: 'chat' })}`,
                    ),
                },
              );
            }}
          />
        ) : null}
        {deleting ? (
          <DeleteConversationDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            pending={remove.isPending}
            onCloseAutoFocus={afterDelete.onCloseAutoFocus}
            onConfirm={() => {
              if (!deleting) return;
              const id = deleting.id;
              remove.mutate(id, {
                onSuccess: () => {
                  toastSuccess(t('toast.deleted'));
                  afterDelete.markRemoved();
                  setDeleting(null);
                  if (id === activeId) void navigate('/dashboard/chat', { replace: true });
                },
                onError: () => toastError(t('toast.deleteError')),
              });
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
