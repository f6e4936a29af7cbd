import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagesSquare } from 'lucide-react';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import type { LinkedConversation } from '@aprenda/shared/schemas/conversations';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { useClassConversations } from '../../api/conversations';
import { formatDateTime, timeZoneName } from '../../lib/dates';

/**
 * Conversas: the tutor conversations the class's students linked to it, newest activity first,
 * read-only (each opens /dashboard/chat/<id>, which shows it without composer or actions).
 */
export function ConversationsTab({ klass }: { klass: ClassDetail }) {
  const { t, i18n } = useTranslation('classes');
  const id = useId();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useClassConversations(klass.id);
  const items = data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="font-semibold">
          {t('conversations.title')}
        </h2>
        <p className="text-sm text-zinc-300">{t('conversations.lead')}</p>
        <p className="text-xs text-zinc-400">
          {t('classPage.timeZone', { zone: timeZoneName(i18n.language) })}
        </p>
      </div>
      {isPending ? (
        <LoadingState>{t('conversations.loading')}</LoadingState>
      ) : isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void refetch()}>
          {t('conversations.loadError')}
        </ErrorBox>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<MessagesSquare className="size-6 text-zinc-400" aria-hidden />}
          title={t('conversations.emptyTitle')}
          body={t('conversations.emptyBody')}
        />
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {items.map((conversation) => (
              <ConversationRow key={conversation.id} conversation={conversation} />
            ))}
          </ul>
          {hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              className="self-center"
              pending={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {t('conversations.loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function ConversationRow({ conversation }: { conversation: LinkedConversation }) {
  const { t, i18n } = useTranslation('classes');
  const title = conversation.title.trim() || t('conversations.untitled');
  const activity = conversation.last_message_at ?? conversation.created_at;
  return (
    <li className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4 sm:p-4">
      <div className="flex min-w-0 flex-col gap-1">
        <Link
          to={`/dashboard/chat/${encodeURIComponent(conversation.id)}`}
          className="font-medium break-words text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {title}
        </Link>
        <p className="text-sm break-words text-zinc-300">
          {t('conversations.student', { name: conversation.student_name })}
        </p>
      </div>
      <p className="shrink-0 text-sm text-zinc-400">
        {t('conversations.lastActivity')}{' '}
        <time dateTime={activity}>{formatDateTime(activity, i18n.language)}</time>
      </p>
    </li>
  );
}
