import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Archive, Eye, Pencil } from 'lucide-react';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { classTitle } from '../../lib/filter';
import { ArchiveClassDialog } from '../shared/archive';
import { ClassScreen } from '../shared/class-screen';
import { LinkifiedText } from '../shared/linkified-text';
import { CalendarTab } from './calendar-tab';
import { ClassFormDialog } from './class-form-dialog';
import { CodeTab } from './code-tab';
import { ConversationsTab } from './conversations-tab';
import { InvitesTab } from './invites-tab';
import { MembersTab } from './members-tab';
import { PracticeTargetSetting } from './practice-target-setting';
import { RequireSocraticSetting } from './require-socratic-setting';

const TABS = ['members', 'invites', 'calendar', 'code', 'conversations'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/**
 * `?editar=1`: the "Editar turma" form is open — in the address so that it opens again, with what
 * was typed (its draft), when the teacher comes back to it (after signing in again, say).
 */
export const EDIT_CLASS_PARAM = 'editar';

/** `/dashboard/teacher/:classId`: Membros, Convites, Calendário, Código and Conversas of one class. */
export function ClassManage({ classId }: { classId: string }) {
  const { t } = useTranslation('classes');
  return (
    <ClassScreen classId={classId} backTo="/dashboard/teacher" backLabel={t('manage.back')}>
      {(klass, back) => <ClassManageContent klass={klass} back={back} />}
    </ClassScreen>
  );
}

function ClassManageContent({ klass, back }: { klass: ClassDetail; back: ReactNode }) {
  const { t } = useTranslation('classes');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'members';
  // An archived class is read-only until restored: no edit form, even from the address.
  const editing = !klass.archived && params.get(EDIT_CLASS_PARAM) === '1';
  const setEditing = (open: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (open) next.set(EDIT_CLASS_PARAM, '1');
        else next.delete(EDIT_CLASS_PARAM);
        return next;
      },
      { replace: true },
    );
  const [archiving, setArchiving] = useState(false);
  const { data: me } = useSession();

  const title = classTitle(klass, t('student.fallbackTitle'));
  const classPath = `/dashboard/student/${encodeURIComponent(klass.id)}`;
  if (klass.role !== 'teacher') {
    return (
      <section className="flex flex-col gap-4">
        {back}
        <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
        <p className="text-zinc-300">{t('manage.notTeacher')}</p>
        <Link to={classPath} className={buttonVariants({ className: 'self-start' })}>
          {t('invite.openClass')}
        </Link>
      </section>
    );
  }

  return (
    <section className="flex flex-col gap-6">
      {back}
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
            {title}
          </h1>
          <Badge>{t('classPage.memberCount', { count: klass.member_count })}</Badge>
        </div>
        {klass.description ? (
          <p className="line-clamp-3 max-w-3xl whitespace-pre-line text-zinc-300 [overflow-wrap:anywhere]">
            <LinkifiedText text={klass.description} />
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {/* An archived class is read-only until restored (the banner above says so). */}
          {klass.archived ? null : (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              {t('teacher.edit')}
            </Button>
          )}
          <Link to={classPath} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Eye aria-hidden />
            {t('manage.viewAsMember')}
          </Link>
          {/* Only the owner archives (it hides the class from everyone, like deleting it). */}
          {!klass.archived && me?.id === klass.owner_id ? (
            <Button variant="outline" size="sm" onClick={() => setArchiving(true)}>
              <Archive aria-hidden />
              {t('archive.action')}
            </Button>
          ) : null}
        </div>
      </header>

      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
      >
        <TabsList aria-label={t('manage.tabsLabel')} className="h-auto flex-wrap">
          {TABS.map((key) => (
            <TabsTrigger key={key} value={key} className="min-w-[calc(50%-0.25rem)] sm:min-w-0">
              {t(`manage.tabs.${key}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="members">
          <MembersTab klass={klass} />
        </TabsContent>
        <TabsContent value="invites">
          <InvitesTab klass={klass} />
        </TabsContent>
        <TabsContent value="calendar">
          <CalendarTab klass={klass} />
        </TabsContent>
        <TabsContent value="code">
          <CodeTab klass={klass} />
        </TabsContent>
        <TabsContent value="conversations" className="flex flex-col gap-6">
          <RequireSocraticSetting klass={klass} />
          <PracticeTargetSetting klass={klass} />
          <ConversationsTab klass={klass} />
        </TabsContent>
      </Tabs>

      <ClassFormDialog open={editing} onOpenChange={setEditing} klass={klass} />
      <ArchiveClassDialog
        klass={{ id: klass.id, title }}
        open={archiving}
        onOpenChange={setArchiving}
      />
    </section>
  );
}
