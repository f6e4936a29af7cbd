import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClipboardCheck, ClipboardList, Sparkles } from 'lucide-react';
import type { StudentAssignment } from '@aprenda/shared/schemas/exercises';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useStudentAssignments } from '../../api/assignments';
import { splitAssignments } from '../../lib/assignments-list';
import { AutoFlashcardsSwitch } from '../practice/auto-flashcards';
import { AssignmentCard } from './assignment-card';

const PRACTICE_PATH = '/dashboard/adaptive';

/**
 * `/dashboard/exercises` for a student: "Para fazer" (by urgency) and "Feitas" (with the best
 * score), and the way to adaptive practice.
 */
export function StudentExercises() {
  const { t } = useTranslation(['assignments', 'dashboard']);
  const assignments = useStudentAssignments();
  const [tab, setTab] = useState('todo');
  const { todo, done } = splitAssignments(assignments.data ?? []);

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {t('dashboard:tools.exercises.name')}
          </h1>
          <p className="text-zinc-300">{t('list.lead')}</p>
          <AutoFlashcardsSwitch className="mt-3" />
        </div>
        <Link
          to={PRACTICE_PATH}
          className={buttonVariants({ variant: 'outline', className: 'self-start' })}
        >
          <Sparkles aria-hidden />
          {t('dashboard:tools.adaptive.name')}
        </Link>
      </div>

      {assignments.isPending ? (
        <LoadingState>{t('list.loading')}</LoadingState>
      ) : assignments.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void assignments.refetch()}>
          {t('list.loadError')}
        </ErrorBox>
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label={t('list.tabsLabel')}>
            <TabsTrigger value="todo">{t('list.tabs.todo', { count: todo.length })}</TabsTrigger>
            <TabsTrigger value="done">{t('list.tabs.done', { count: done.length })}</TabsTrigger>
          </TabsList>
          <TabsContent value="todo">
            <AssignmentList
              items={todo}
              empty={
                <EmptyState
                  icon={<ClipboardList className="size-8 text-zinc-500" aria-hidden />}
                  title={t('list.emptyTodoTitle')}
                  body={t('list.emptyTodoBody')}
                />
              }
            />
          </TabsContent>
          <TabsContent value="done">
            <AssignmentList
              items={done}
              empty={
                <EmptyState
                  icon={<ClipboardCheck className="size-8 text-zinc-500" aria-hidden />}
                  title={t('list.emptyDoneTitle')}
                  body={t('list.emptyDoneBody')}
                />
              }
            />
          </TabsContent>
        </Tabs>
      )}
    </section>
  );
}

function AssignmentList({ items, empty }: { items: StudentAssignment[]; empty: React.ReactNode }) {
  if (items.length === 0) return empty;
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {items.map((a) => (
        <AssignmentCard key={a.id} assignment={a} />
      ))}
    </ul>
  );
}
