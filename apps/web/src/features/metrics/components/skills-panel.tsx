import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import type { SkillMastery } from '@aprenda/shared/schemas/metrics';
import { formatNumber } from '@/lib/intl-format';
import { cn } from '@/lib/utils';

const PRACTICE_PATH = '/dashboard/adaptive';

const LEVEL_TONE = {
  attempted: 'border-zinc-500/60 text-zinc-200',
  familiar: 'border-sky-400/50 text-sky-200',
  proficient: 'border-emerald-400/50 text-emerald-200',
  mastered: 'border-amber-300/60 text-amber-200',
} as const;

/** Mastery per skill, each with its level in words and a link to practise it. */
export function SkillsPanel({ skills }: { skills: SkillMastery[] }) {
  const { t, i18n } = useTranslation('metrics');
  return (
    <section
      aria-labelledby="metrics-skills"
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4"
      data-testid="metrics-skills"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="metrics-skills" className="text-base font-semibold">
          {t('skills.title')}
        </h2>
        <Link to={PRACTICE_PATH} className="py-1 text-sm font-medium text-primary hover:underline">
          {t('skills.all')}
        </Link>
      </div>
      <p className="text-sm text-zinc-300">{t('skills.lead')}</p>
      {skills.length === 0 ? (
        <p className="text-sm text-zinc-400">{t('skills.empty')}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {skills.map((s) => (
            <li key={s.skill_id}>
              <Link
                to={`${PRACTICE_PATH}?${new URLSearchParams({ habilidade: s.skill_id }).toString()}`}
                className="flex min-w-0 items-center gap-3 rounded-md border border-border p-3 transition-colors hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="font-medium [overflow-wrap:anywhere]">{s.name}</span>
                  <span className="text-xs text-zinc-400">
                    {s.code ? `${s.code} · ` : ''}
                    {t('skills.answers', {
                      count: s.answer_count,
                      n: formatNumber(s.answer_count, i18n.language),
                    })}
                  </span>
                </span>
                <span
                  className={cn(
                    'shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
                    s.level ? LEVEL_TONE[s.level] : 'border-dashed border-zinc-600 text-zinc-300',
                  )}
                >
                  {t(`skills.levels.${s.level ?? 'none'}`)}
                </span>
                <ChevronRight className="size-4 shrink-0 text-zinc-500" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
