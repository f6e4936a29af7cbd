import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The profile's AI keys section, as a link's fragment: the link lands on it, not on the page top. */
export const API_KEYS_ANCHOR = 'chaves-de-ia';

/**
 * No AI key anywhere (neither the user's nor the school's): one explanation wherever the AI is
 * used — what `body` says it is for, where to add a key. Nothing is sent until then.
 */
export function NoKeyNote({ body, className }: { body: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="note"
      className={cn(
        'flex flex-col gap-2 rounded-md border border-amber-400/40 bg-amber-400/10 p-4 text-sm',
        className,
      )}
    >
      <p className="flex items-center gap-2 font-semibold text-amber-100">
        <KeyRound className="size-4" aria-hidden />
        {t('noKey.title')}
      </p>
      <p className="text-zinc-200">{body}</p>
      <Link
        to={`/profile#${API_KEYS_ANCHOR}`}
        className="self-start text-primary underline underline-offset-2"
      >
        {t('noKey.link')}
      </Link>
    </div>
  );
}
