import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChartColumn, Plus } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { EmptyState } from '@/components/ui/states';
import { classAnalyticsPath } from '../lib/paths';

export interface TaughtClass {
  id: string;
  title: string;
}

/** `/dashboard/analytics`: the classes I teach, one link each (or how to create the first one). */
export function ClassPicker({
  classes,
  canCreate,
}: {
  classes: readonly TaughtClass[];
  canCreate: boolean;
}) {
  const { t } = useTranslation(['analytics', 'dashboard']);
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('dashboard:tools.analytics.name')}
        </h1>
        <p className="text-zinc-300">{t('picker.lead')}</p>
      </div>
      {classes.length === 0 ? (
        <EmptyState
          icon={<ChartColumn className="size-8 text-zinc-500" aria-hidden />}
          title={t('picker.emptyTitle')}
          body={canCreate ? t('picker.emptyBody') : t('picker.emptyBodyStudent')}
        >
          <Link to="/dashboard/teacher" className={buttonVariants({ className: 'mt-2' })}>
            {canCreate ? <Plus aria-hidden /> : null}
            {canCreate ? t('picker.create') : t('picker.toTeacher')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('picker.listLabel')}>
          {classes.map((klass) => (
            <li key={klass.id}>
              <Link
                to={classAnalyticsPath(klass.id)}
                className="flex min-h-16 items-center gap-3 rounded-lg border border-border bg-card p-4 font-semibold [overflow-wrap:anywhere] hover:border-zinc-600 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <ChartColumn className="size-5 shrink-0 text-primary" aria-hidden />
                {klass.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The class switcher above a class's analytics (keeps the other choices of the URL). */
export function ClassSwitcher({
  classes,
  classId,
  search,
}: {
  classes: readonly TaughtClass[];
  classId: string;
  search: string;
}) {
  const { t } = useTranslation('analytics');
  const navigate = useNavigate();
  const id = useId();
  if (classes.length < 2) return null;
  return (
    // Never wider than the screen: a long class name is cut inside the box, not the page widened.
    <div className="flex max-w-full min-w-0 flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="text-zinc-300">
        {t('picker.switch')}
      </label>
      <NativeSelect
        id={id}
        className="w-auto max-w-full min-w-0"
        value={classId}
        onChange={(e) => void navigate(classAnalyticsPath(e.target.value, search))}
      >
        {classes.some((c) => c.id === classId) ? null : <option value={classId}>—</option>}
        {classes.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
