import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { errorCode, errorMessage } from '@/lib/errors';

/** An analytics screen's heading (a class's or a student's name). */
export const SCREEN_TITLE =
  'text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl';

/** The way back, above a screen's heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-6 items-center gap-1 self-start py-1 text-sm text-zinc-300 hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

/**
 * A screen whose data is not there: while it loads, the way back, the heading when already known
 * (`loadingTitle`) and "Carregando…"; when it failed, "not found" (no such record, or not the
 * caller's) with its sentence, else the error with "Tentar de novo".
 */
export function QueryFallback({
  query,
  back,
  loading,
  loadingTitle,
  title,
  notFoundTitle,
  notFoundBody,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  back: ReactNode;
  loading: string;
  loadingTitle?: string;
  title: string;
  notFoundTitle: string;
  notFoundBody: string;
}) {
  const { t } = useTranslation(['analytics', 'errors']);
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        {loadingTitle ? <h1 className={SCREEN_TITLE}>{loadingTitle}</h1> : null}
        <LoadingState>{loading}</LoadingState>
      </div>
    );
  }
  const notFound = errorCode(query.error) === 'not_found';
  return (
    <div className="flex flex-col gap-4">
      {back}
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {notFound ? notFoundTitle : title}
      </h1>
      {notFound ? (
        <p className="text-zinc-300">{notFoundBody}</p>
      ) : (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void query.refetch()}>
          {errorMessage(t, query.error)}
        </ErrorBox>
      )}
    </div>
  );
}
