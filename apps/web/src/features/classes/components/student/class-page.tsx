import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Settings, Users } from 'lucide-react';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { viewerTimeZone } from '../../lib/dates';
import { classTitle } from '../../lib/filter';
import { EmptyState } from '@/components/ui/states';
import { ClassScreen } from '../shared/class-screen';
import { EventItem } from '../shared/event-item';

/** The class as a member sees it: description, teachers and what is coming (viewer's time zone). */
export function ClassPage({ classId }: { classId: string }) {
  const { t } = useTranslation('classes');
  return (
    <ClassScreen classId={classId} backTo="/dashboard/student" backLabel={t('classPage.back')}>
      {(klass, back) => <ClassPageContent klass={klass} back={back} />}
    </ClassScreen>
  );
}

function ClassPageContent({ klass, back }: { klass: ClassDetail; back: ReactNode }) {
  const { t } = useTranslation('classes');

  const title = classTitle(klass, t('student.fallbackTitle'));
  return (
    <section className="flex flex-col gap-6">
      {back}
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{title}</h1>
          <Badge>{t(`roles.${klass.role}`)}</Badge>
        </div>
        {klass.description ? (
          <p className="max-w-3xl whitespace-pre-line text-zinc-300">{klass.description}</p>
        ) : (
          <p className="text-zinc-400">{t('classPage.noDescription')}</p>
        )}
        {klass.role === 'teacher' ? (
          <Link
            to={`/dashboard/teacher/${encodeURIComponent(klass.id)}`}
            className={buttonVariants({ variant: 'outline', size: 'sm', className: 'self-start' })}
          >
            <Settings aria-hidden />
            {t('classPage.manage')}
          </Link>
        ) : null}
      </header>

      <section aria-labelledby="class-teachers" className="flex flex-col gap-2">
        <h2 id="class-teachers" className="flex items-center gap-2 text-lg font-semibold">
          <Users className="size-5 text-primary" aria-hidden />
          {t('classPage.teachers')}
        </h2>
        {klass.teachers.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {klass.teachers.map((teacher) => (
              <li key={teacher.id} className="rounded-full border border-border px-3 py-1 text-sm">
                {teacher.name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-400">{t('classPage.noTeachers')}</p>
        )}
        <p className="text-sm text-zinc-400">
          {t('classPage.memberCount', { count: klass.member_count })}
        </p>
      </section>

      <section aria-labelledby="class-events" className="flex flex-col gap-3">
        <h2 id="class-events" className="flex items-center gap-2 text-lg font-semibold">
          <CalendarDays className="size-5 text-primary" aria-hidden />
          {t('classPage.upcoming')}
        </h2>
        <p className="text-xs text-zinc-400">
          {t('classPage.timeZone', { zone: viewerTimeZone() })}
        </p>
        {klass.upcoming_events.length === 0 ? (
          <EmptyState title={t('classPage.noEventsTitle')} body={t('classPage.noEventsBody')} />
        ) : (
          <ul className="flex flex-col gap-3">
            {klass.upcoming_events.map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </ul>
        )}
      </section>
      <p className="text-sm text-zinc-400">{t('student.footer')}</p>
    </section>
  );
}
