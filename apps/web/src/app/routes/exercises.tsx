import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { StudentExercises } from '@/features/exercises/components/assignments/student-exercises';
import { ItemBank } from '@/features/exercises/components/items/item-bank';
import { SetsPanel } from '@/features/exercises/components/sets/sets-panel';
import { usePageTitle } from '@/lib/page-title';
import { useTeaches } from './use-teaches';
import { useSignedInUser } from './use-user';

/**
 * `/dashboard/exercises`: for those who teach, the question bank and the sets (lists given to
 * classes, with their results) — the tab in the address (`?tab=`); everyone else their
 * assignments ("Para fazer", "Feitas").
 */
export function ExercisesPage() {
  const user = useSignedInUser();
  const teaches = useTeaches(user);
  const { t } = useTranslation(['exercises', 'sets', 'dashboard']);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'sets' ? 'sets' : 'items';
  usePageTitle('dashboard:tools.exercises.name');
  if (!teaches) return <StudentExercises />;
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('dashboard:tools.exercises.name')}
      </h1>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              if (value === 'sets') next.set('tab', 'sets');
              else next.delete('tab');
              return next;
            },
            { replace: true },
          )
        }
      >
        <TabsList className="max-w-md">
          <TabsTrigger value="items">{t('exercises:tab')}</TabsTrigger>
          <TabsTrigger value="sets">{t('sets:tab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="items">
          <ItemBank />
        </TabsContent>
        <TabsContent value="sets">
          <SetsPanel />
        </TabsContent>
      </Tabs>
    </section>
  );
}
