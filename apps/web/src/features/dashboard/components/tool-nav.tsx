import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LayoutDashboard } from 'lucide-react';
import { cn } from '@/lib/utils';
import { toolsFor } from '../lib/tools';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm text-zinc-300 transition-colors hover:bg-accent hover:text-foreground [&_svg]:size-4 [&_svg]:shrink-0',
    isActive && 'bg-accent font-medium text-foreground [&_svg]:text-primary',
  );

/**
 * The tools (icon and name), landmark "Ferramentas": all ten for someone who teaches, the
 * student's eight (no "Professor", no "Análises") otherwise.
 */
export function ToolNav({ teaches, onNavigate }: { teaches: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-1">
      <NavLink to="/dashboard" end className={itemClass} onClick={onNavigate}>
        <LayoutDashboard aria-hidden />
        {t('nav.home')}
      </NavLink>
      <ul className="flex flex-col gap-1">
        {toolsFor(teaches).map(({ tool, path, Icon }) => (
          <li key={tool}>
            <NavLink to={path} className={itemClass} onClick={onNavigate}>
              <Icon aria-hidden />
              {t(`tools.${tool}.name`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
