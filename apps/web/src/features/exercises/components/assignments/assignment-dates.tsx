import { useTranslation } from 'react-i18next';
import type { StudentAssignment } from '@aprenda/shared/schemas/exercises';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { dayParts, fullDate } from '../../lib/assignments-dates';

/**
 * A due or opening date in words ("vence amanhã às 23:59"), with the full date for machines and
 * for the pointer (`<time>`); `absolute` adds the full date as a second line.
 */
export function AssignmentDate({
  iso,
  kind,
  absolute = false,
  className,
}: {
  iso: string;
  kind: 'due' | 'opens';
  absolute?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation('assignments');
  const lang = i18n.language;
  const parts = dayParts(iso, new Date(), lang);
  const key = kind === 'opens' ? 'opens' : parts.past ? 'duePast' : 'due';
  const full = fullDate(iso, lang);
  return (
    <span className={cn('flex min-w-0 flex-col', className)}>
      <time dateTime={iso} title={full} data-testid={`assignment-${kind}`}>
        {t(`dates.${key}_${parts.kind}`, { day: parts.day, time: parts.time })}
      </time>
      {absolute ? <span className="text-xs text-zinc-400">{full}</span> : null}
    </span>
  );
}

const STATUS_CLASS: Record<StudentAssignment['status'], string> = {
  upcoming: 'border-zinc-500/50 bg-zinc-500/10 text-zinc-200',
  todo: 'border-violet-400/40 bg-violet-400/10 text-violet-200',
  in_progress: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
  missed: 'border-amber-400/50 bg-amber-400/10 text-amber-200',
  done: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200',
};

/** "A fazer", "Em andamento", "Prazo encerrado", "Entregue" / "Entregue com atraso"… */
export function StatusBadge({ assignment }: { assignment: StudentAssignment }) {
  const { t } = useTranslation('assignments');
  const late = assignment.status === 'done' && assignment.late;
  return (
    <Badge className={cn('shrink-0', STATUS_CLASS[assignment.status], late && STATUS_CLASS.missed)}>
      {t(late ? 'status.late' : `status.${assignment.status}`)}
    </Badge>
  );
}
