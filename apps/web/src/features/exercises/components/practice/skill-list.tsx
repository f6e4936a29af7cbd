import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Sparkles, Target } from 'lucide-react';
import type { PracticeSkill } from '@aprenda/shared/schemas/exercises';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { cn } from '@/lib/utils';
import { usePracticeSkills } from '../../api/practice';
import { needPath, skillPath } from '../../lib/practice-paths';
import { AutoFlashcardsSwitch } from './auto-flashcards';
import { LevelBadge, SuccessBar } from './mastery-level';

/**
 * `/dashboard/adaptive`: the skills of the student's pool, each with its level and predicted
 * success, and "O que eu mais preciso" (the skill the learner model picks).
 */
export function SkillList() {
  const { t } = useTranslation(['practice', 'dashboard']);
  const skills = usePracticeSkills();

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">
          {t('dashboard:tools.adaptive.name')}
        </h1>
        <p className="text-sm text-zinc-300">{t('list.lead')}</p>
        <AutoFlashcardsSwitch className="mt-2" />
      </header>

      {skills.isPending ? (
        <LoadingState>{t('list.loading')}</LoadingState>
      ) : skills.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void skills.refetch()}>
          {t('list.loadError')}
        </ErrorBox>
      ) : skills.data.length === 0 ? (
        <EmptyState
          icon={<Target className="size-8 text-zinc-400" aria-hidden />}
          title={t('list.emptyTitle')}
          body={t('list.emptyBody')}
        />
      ) : (
        <>
          <div className="flex flex-col gap-2 rounded-lg border border-primary/40 bg-primary/10 p-4">
            <Link
              to={needPath()}
              className={cn(
                buttonVariants({ size: 'lg' }),
                'h-14 w-full text-base sm:w-auto sm:self-start',
              )}
            >
              <Sparkles aria-hidden />
              {t('list.need')}
            </Link>
            <p className="text-sm text-zinc-300">{t('list.needHint')}</p>
          </div>
          <h2 className="text-lg font-semibold">{t('list.heading')}</h2>
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="skill-list">
            {skills.data.map((skill) => (
              <li key={skill.id}>
                <SkillCard skill={skill} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SkillCard({ skill }: { skill: PracticeSkill }) {
  const { t } = useTranslation('practice');
  const mastery = skill.mastery;
  return (
    <Link
      to={skillPath(skill.id)}
      className="flex h-full min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4 transition-colors hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      data-testid="skill-card"
    >
      <div className="flex min-w-0 items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <span className="font-medium [overflow-wrap:anywhere]">{skill.name}</span>
          <span className="text-xs text-zinc-400">
            {skill.code ? `${skill.code} · ` : ''}
            {t('list.items', { count: skill.items })}
          </span>
        </div>
        <LevelBadge level={mastery?.level ?? null} />
      </div>
      <SuccessBar success={mastery ? mastery.success : null} />
      <span className="mt-auto inline-flex items-center gap-1 self-end text-sm font-medium text-primary">
        {t('list.practise')}
        <ChevronRight className="size-4" aria-hidden />
      </span>
    </Link>
  );
}
