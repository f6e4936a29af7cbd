import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { buttonVariants } from '@/components/ui/button';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { ApiError } from '@/lib/errors';
import { useClass } from '../../api/classes';
import { classTitle } from '../../lib/filter';
import { ArchivedBanner } from './archive';

/**
 * A screen of one class (the member's page, the teacher's management page): a back link to
 * `backTo`, and while the class loads, its loading state, its "not found" text (404) or an error box
 * with a retry; once loaded, `children(klass, back)` — `back` being the same link, to place first
 * (with the "Turma arquivada" banner under it when the class is archived: only its teachers get
 * one; for its students it is "not found").
 */
export function ClassScreen({
  classId,
  backTo,
  backLabel,
  children,
}: {
  classId: string;
  backTo: string;
  backLabel: string;
  children: (klass: ClassDetail, back: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('classes');
  const { data: klass, isPending, isError, error, refetch } = useClass(classId);

  const back = (
    <Link
      to={backTo}
      className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'self-start' })}
    >
      <ArrowLeft aria-hidden />
      {backLabel}
    </Link>
  );

  if (isPending) {
    return (
      <section className="flex flex-col gap-4">
        {back}
        <LoadingState>{t('classPage.loading')}</LoadingState>
      </section>
    );
  }
  if (isError) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <section className="flex flex-col gap-4">
        {back}
        {missing ? (
          <>
            <h1 className="text-2xl font-semibold tracking-tight">
              {t('classPage.notFoundTitle')}
            </h1>
            <p className="text-zinc-300">{t('classPage.notFoundBody')}</p>
          </>
        ) : (
          <ErrorBox retryLabel={t('retry')} onRetry={() => void refetch()}>
            {t('classPage.loadError')}
          </ErrorBox>
        )}
      </section>
    );
  }
  if (!klass.archived) return children(klass, back);
  return children(
    klass,
    <>
      {back}
      <ArchivedBanner klass={klass} title={classTitle(klass, t('student.fallbackTitle'))} />
    </>,
  );
}
