import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDays, MapPin } from 'lucide-react';
import type { ClassEvent } from '@aprenda/shared/schemas/classes';
import { formatEventWhen } from '../../lib/dates';
import { LinkifiedText } from './linkified-text';

/**
 * One event: title, when (viewer's time zone, via Intl), location, description — their http(s)
 * URLs as links.
 */
export function EventItem({ event, actions }: { event: ClassEvent; actions?: ReactNode }) {
  const { t, i18n } = useTranslation('classes');
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-md border border-border bg-card p-4">
      <div className="flex min-w-0 items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">{event.title}</h3>
        {actions}
      </div>
      <p className="flex items-center gap-2 text-sm text-zinc-300">
        <CalendarDays className="size-4 shrink-0 text-primary" aria-hidden />
        <span>
          {formatEventWhen(event, i18n.language)}
          {event.all_day ? ` · ${t('events.allDay')}` : null}
        </span>
      </p>
      {event.location ? (
        <p className="flex items-center gap-2 text-sm text-zinc-300">
          <MapPin className="size-4 shrink-0 text-zinc-400" aria-hidden />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <LinkifiedText text={event.location} />
          </span>
        </p>
      ) : null}
      {event.description ? (
        <p className="mt-1 text-sm whitespace-pre-line text-zinc-400 [overflow-wrap:anywhere]">
          <LinkifiedText text={event.description} />
        </p>
      ) : null}
    </li>
  );
}
