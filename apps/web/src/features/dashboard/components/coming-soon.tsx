import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import type { DashboardTool } from '@aprenda/shared/constants';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { TOOL_ICONS } from '../lib/tools';

/** Honest placeholder for a tool a later issue builds: its name, "Em breve", and what is coming. */
export function ComingSoon({ tool }: { tool: DashboardTool }) {
  const { t } = useTranslation('dashboard');
  const Icon = TOOL_ICONS[tool];
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <span className="grid size-11 place-items-center rounded-lg bg-violet-400/10 text-primary">
          <Icon className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t(`tools.${tool}.name`)}
        </h1>
        <Badge>{t('comingSoon.badge')}</Badge>
      </div>
      <div className="max-w-2xl rounded-lg border border-dashed border-zinc-700 p-5 sm:p-6">
        <p className="text-sm font-medium text-zinc-300">{t('comingSoon.lead')}</p>
        <p className="mt-3 leading-relaxed text-zinc-100">{t(`tools.${tool}.coming`)}</p>
      </div>
      <Link
        to="/dashboard"
        className={buttonVariants({ variant: 'outline', className: 'self-start' })}
      >
        <ArrowLeft aria-hidden />
        {t('comingSoon.back')}
      </Link>
    </section>
  );
}
