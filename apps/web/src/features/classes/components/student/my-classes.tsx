import { lazy, Suspense, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GraduationCap, KeyRound, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useMyClasses } from '../../api/classes';
import { filterClasses } from '../../lib/filter';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { RefreshButton } from '../shared/refresh-button';
import { ClassCard } from './class-card';

// The join form (and zod, which checks its code) loads when it is first opened: not on the list's
// first paint (decision 0033).
const JoinCodeDialog = lazy(() =>
  import('./join-code-dialog').then((m) => ({ default: m.JoinCodeDialog })),
);

/** The filter lives in the URL (?q=), so a refresh or a shared link keeps it. */
const FILTER_PARAM = 'q';

/**
 * "Minhas Turmas" (spec): heading, filter, refresh, loading/error/empty states and the grid of
 * cards. With no class at all, the empty state also offers "Entrar com código".
 */
export function MyClasses() {
  const { t } = useTranslation('classes');
  const filterId = useId();
  const [params, setParams] = useSearchParams();
  const filter = params.get(FILTER_PARAM) ?? '';
  const [joinOpen, setJoinOpen] = useState(false);
  // Mounted from its first opening on (it keeps its state and its closing animation afterwards).
  const [joinMounted, setJoinMounted] = useState(joinOpen);
  if (joinOpen && !joinMounted) setJoinMounted(true);
  const { data, isPending, isError, isFetching, refetch } = useMyClasses();

  function setFilter(value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(FILTER_PARAM, value);
        else next.delete(FILTER_PARAM);
        return next;
      },
      { replace: true },
    );
  }

  const classes = data?.items ?? [];
  const shown = filterClasses(classes, filter);

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('student.title')}</h1>
        <div className="flex gap-2">
          <RefreshButton fetching={isFetching} onRefresh={() => void refetch()} />
          <Button onClick={() => setJoinOpen(true)} className="flex-1 sm:flex-none">
            <KeyRound aria-hidden />
            {t('join.open')}
          </Button>
        </div>
      </div>

      <div className="relative">
        <label htmlFor={filterId} className="sr-only">
          {t('student.filterLabel')}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
          aria-hidden
        />
        <Input
          id={filterId}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('student.filterPlaceholder')}
          className="pl-9"
          autoComplete="off"
        />
      </div>

      {isPending ? (
        <LoadingState>{t('student.loading')}</LoadingState>
      ) : isError && classes.length === 0 ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void refetch()}>
          {t('student.loadError')}
        </ErrorBox>
      ) : (
        <>
          {isError ? (
            <ErrorBox retryLabel={t('retry')} onRetry={() => void refetch()}>
              {t('student.loadError')}
            </ErrorBox>
          ) : null}
          {shown.length === 0 ? (
            <EmptyState
              icon={<GraduationCap className="size-8 text-zinc-500" aria-hidden />}
              title={t('student.emptyTitle')}
              body={classes.length === 0 ? t('student.emptyNone') : t('student.emptyFiltered')}
            >
              {classes.length === 0 ? (
                <>
                  <p className="max-w-md text-sm text-zinc-300">{t('student.emptyJoinHint')}</p>
                  <Button className="mt-2" onClick={() => setJoinOpen(true)}>
                    <KeyRound aria-hidden />
                    {t('join.open')}
                  </Button>
                </>
              ) : null}
            </EmptyState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((klass) => (
                <ClassCard key={klass.id} klass={klass} />
              ))}
            </ul>
          )}
        </>
      )}
      {joinMounted ? (
        <Suspense fallback={null}>
          <JoinCodeDialog open={joinOpen} onOpenChange={setJoinOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}
