import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDays, MapPin } from 'lucide-react';
import type { ClassEvent } from '@aprenda/shared/schemas/classes';
import { formatEventWhen } from '../../lib/dates';

/** One event: title, when (viewer's time zone, via Intl), location, description. */
export function EventItem({ event, actions }: { event: ClassEvent; actions?: ReactNode }) {
  const { t, i18n } = useTranslation('classes');
  return (
    <li className="flex flex-col gap-1 rounded-md border border-border bg-card p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold break-words">{event.title}</h3>
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
          <span className="break-words">{event.location}</span>
        </p>
      ) : null}
      {event.description ? (
        <p className="mt-1 text-sm whitespace-pre-line text-zinc-400">{event.description}</p>
      ) : null}
    </li>
  );
}
