import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarDays, LogOut, Settings, Users } from 'lucide-react';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { useLeaveClass } from '../../api/members';
import { timeZoneName } from '../../lib/dates';
import { classTitle } from '../../lib/filter';
import { EmptyState } from '@/components/ui/states';
import { ClassScreen } from '../shared/class-screen';
import { EventItem } from '../shared/event-item';
import { LinkifiedText } from '../shared/linkified-text';

/** The class as a member sees it: description, teachers and what is coming (viewer's time zone). */
export function ClassPage({ classId }: { classId: string }) {
  const { t } = useTranslation('classes');
  return (
    <ClassScreen classId={classId} backTo="/dashboard/student" backLabel={t('classPage.back')}>
      {(klass, back) => <ClassPageContent klass={klass} back={back} />}
    </ClassScreen>
  );
}

/**
 * "Sair da turma" (confirmed) for any member but the owner (who hands the class over first); on
 * success, back to Minhas Turmas.
 */
function LeaveClass({ klass, title }: { klass: ClassDetail; title: string }) {
  const { t } = useTranslation(['classes', 'errors']);
  const navigate = useNavigate();
  const { data: me } = useSession();
  const leave = useLeaveClass(klass.id);
  const [confirming, setConfirming] = useState(false);
  if (!me || me.id === klass.owner_id) return null;

  function confirmLeave() {
    if (!me) return;
    leave.mutate(
      { userId: me.id },
      {
        onSuccess: () => {
          toastSuccess(t('leave.done', { title }));
          setConfirming(false);
          void navigate('/dashboard/student');
        },
        onError: (err) => {
          toastError(errorMessage(t, err));
          setConfirming(false);
        },
      },
    );
  }

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="self-start text-destructive"
        onClick={() => setConfirming(true)}
      >
        <LogOut aria-hidden />
        {t('leave.open')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('leave.title')}
        description={t('leave.body', { title })}
        confirmLabel={t('leave.confirm')}
        cancelLabel={t('cancel')}
        onConfirm={confirmLeave}
        pending={leave.isPending}
      />
    </>
  );
}

function ClassPageContent({ klass, back }: { klass: ClassDetail; back: ReactNode }) {
  const { t, i18n } = useTranslation('classes');

  const title = classTitle(klass, t('student.fallbackTitle'));
  return (
    <section className="flex flex-col gap-6">
      {back}
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
            {title}
          </h1>
          <Badge>{t(`roles.${klass.role}`)}</Badge>
        </div>
        {klass.description ? (
          <p className="max-w-3xl whitespace-pre-line text-zinc-300 [overflow-wrap:anywhere]">
            <LinkifiedText text={klass.description} />
          </p>
        ) : (
          <p className="text-zinc-400">{t('classPage.noDescription')}</p>
        )}
        <div className="flex flex-wrap gap-2">
          {klass.role === 'teacher' ? (
            <Link
              to={`/dashboard/teacher/${encodeURIComponent(klass.id)}`}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <Settings aria-hidden />
              {t('classPage.manage')}
            </Link>
          ) : null}
          <LeaveClass klass={klass} title={title} />
        </div>
      </header>

      <section aria-labelledby="class-teachers" className="flex flex-col gap-2">
        <h2 id="class-teachers" className="flex items-center gap-2 text-lg font-semibold">
          <Users className="size-5 text-primary" aria-hidden />
          {t('classPage.teachers')}
        </h2>
        {klass.teachers.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {klass.teachers.map((teacher) => (
              <li
                key={teacher.id}
                className="max-w-full rounded-full border border-border px-3 py-1 text-sm [overflow-wrap:anywhere]"
              >
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
          {t('classPage.timeZone', { zone: timeZoneName(i18n.language) })}
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
