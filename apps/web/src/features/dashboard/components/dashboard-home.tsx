import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import type { DashboardTool } from '@aprenda/shared/constants';
import { toolsFor } from '../lib/tools';
import { TodayPanel } from './today-panel';

/**
 * Tools whose summary speaks to a student ("As turmas em que você está", "Exercícios no nível certo
 * para você", "Seus números de estudo"): someone who teaches reads one that fits them — the names
 * stay the spec's.
 */
const TEACHER_SUMMARIES: ReadonlySet<DashboardTool> = new Set<DashboardTool>([
  'student',
  'adaptive',
  'metrics',
]);

/**
 * Dashboard index: a welcome, "Hoje" (what to do now, today-panel.tsx), and one card per tool. Someone who teaches sees every tool in
 * navigation order; a student sees a student dashboard — "Minhas Turmas" first, no teacher tools.
 */
export function DashboardHome({
  user,
  teaches,
  inAClass,
}: {
  user: SessionUser;
  teaches: boolean;
  /** Whether the student is in a class, when known (TodayPanel). */
  inAClass?: boolean | undefined;
}) {
  const { t } = useTranslation(['dashboard', 'today']);
  const first = user.name.trim().split(/\s+/)[0] ?? user.name;
  const tools = toolsFor(teaches);
  const shown = teaches
    ? tools
    : [...tools.filter((x) => x.tool === 'student'), ...tools.filter((x) => x.tool !== 'student')];
  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('index.title', { name: first })}
        </h1>
        <p className="mt-1 text-zinc-300">{teaches ? t('index.lead') : t('index.studentLead')}</p>
      </div>
      <TodayPanel inAClass={inAClass} />
      <h2 id="tools-heading" className="-mb-3 text-lg font-semibold">
        {t('today:tools')}
      </h2>
      <ul aria-labelledby="tools-heading" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map(({ tool, path, Icon }) => (
          <li key={tool}>
            <Link
              to={path}
              className="group flex h-full items-start gap-3 rounded-lg border border-border bg-card p-4 transition-colors hover:border-violet-400/50 hover:bg-zinc-900"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-md bg-violet-400/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="font-medium">{t(`tools.${tool}.name`)}</span>
                <span className="text-sm text-zinc-400">
                  {teaches && TEACHER_SUMMARIES.has(tool)
                    ? t(`tools.${tool}.teacherSummary`)
                    : t(`tools.${tool}.summary`)}
                </span>
              </span>
              <ArrowRight
                className="mt-1 size-4 shrink-0 text-zinc-500 transition-transform group-hover:translate-x-0.5 group-hover:text-primary"
                aria-hidden
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
