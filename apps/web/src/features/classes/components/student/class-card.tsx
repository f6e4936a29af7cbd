import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Users } from 'lucide-react';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
import { formatEventShort } from '../../lib/dates';
import { classTitle, type ListedClass } from '../../lib/filter';
import { CopyButton } from '../shared/copy-button';
import { LinkifiedText } from '../shared/linkified-text';

/** A class as "Minhas Turmas" receives it (older answers may lack teachers or the next event). */
export type CardClass = ListedClass & Partial<Pick<ClassSummary, 'teachers' | 'next_event'>>;

/**
 * One card of "Minhas Turmas": title (falls back to name, then "Turma"), description in at most
 * two lines (its links work), the teachers, the next event, "ID: {id}" on one line with a copy
 * button, and the spec's footer. The whole card opens the class; its focus ring shows where the
 * keyboard is.
 */
export function ClassCard({ klass }: { klass: CardClass }) {
  const { t, i18n } = useTranslation('classes');
  const title = classTitle(klass, t('student.fallbackTitle'));
  const teachers = klass.teachers ?? [];
  const next = klass.next_event ?? null;
  return (
    <li className="relative flex min-w-0 flex-col rounded-lg border border-border bg-card transition-colors hover:border-zinc-600">
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-5">
        <h2 className="text-lg leading-tight font-semibold [overflow-wrap:anywhere]">
          <Link
            to={`/dashboard/student/${encodeURIComponent(klass.id)}`}
            className="outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:underline focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-offset-2 focus-visible:after:ring-offset-background"
          >
            {title}
          </Link>
        </h2>
        {klass.description ? (
          <p className="line-clamp-2 text-sm text-zinc-300 [overflow-wrap:anywhere]">
            <LinkifiedText
              text={klass.description}
              linkClassName="relative z-10 font-medium text-violet-300 underline underline-offset-2 hover:text-violet-200"
            />
          </p>
        ) : null}
        {teachers.length > 0 ? (
          <p className="flex min-w-0 items-start gap-2 text-sm text-zinc-300">
            <Users className="mt-0.5 size-4 shrink-0 text-zinc-400" aria-hidden />
            <span className="line-clamp-2 min-w-0 [overflow-wrap:anywhere]">
              {t('student.teachers', { count: teachers.length, names: teachers.join(', ') })}
            </span>
          </p>
        ) : null}
        {next ? (
          <p className="flex min-w-0 items-start gap-2 text-sm text-zinc-300">
            <CalendarDays className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span className="line-clamp-2 min-w-0 [overflow-wrap:anywhere]">
              {t('student.nextEvent', {
                title: next.title,
                when: formatEventShort(next, i18n.language),
              })}
            </span>
          </p>
        ) : null}
        <div className="mt-auto flex min-w-0 items-center gap-1">
          <p className="min-w-0 truncate font-mono text-xs text-zinc-400" title={klass.id}>
            {t('student.id', { id: klass.id })}
          </p>
          <CopyButton
            text={klass.id}
            label={t('student.copyId', { title })}
            copiedMessage={t('student.idCopied')}
            variant="ghost"
            iconOnly
            className="relative z-10 -my-1 shrink-0 text-zinc-400 hover:text-foreground"
          />
        </div>
      </div>
      <p className="border-t border-border px-5 py-3 text-xs text-zinc-400">
        {t('student.footer')}
      </p>
    </li>
  );
}
