import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarPlus, ChevronLeft, ChevronRight, Pencil, Trash2 } from 'lucide-react';
import type { ClassDetail, ClassEvent } from '@aprenda/shared/schemas/classes';
import { Button } from '@/components/ui/button';
import { toastError, toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useDeleteEvent, useEvents } from '../../api/events';
import { useClassWriteError } from '../../lib/class-errors';
import { eventDayKeys, localDayKey, monthGrid, timeZoneName } from '../../lib/dates';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { EventItem } from '../shared/event-item';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { EventFormDialog } from './event-form-dialog';

type View = 'month' | 'agenda';

/**
 * `?evento=novo`: the "Novo evento" form is open. It is in the address so that the form opens
 * again — with what was typed (its draft) — when the teacher comes back to the same address, e.g.
 * after their session expired and they signed in again.
 */
export const NEW_EVENT_PARAM = 'evento';
const NEW_EVENT_VALUE = 'novo';

function EventList({
  events,
  onEdit,
  onDelete,
  readOnly,
}: {
  events: ClassEvent[];
  onEdit: (event: ClassEvent) => void;
  onDelete: (event: ClassEvent) => void;
  /** An archived class: its events are shown without "Editar" and "Excluir". */
  readOnly: boolean;
}) {
  const { t } = useTranslation('classes');
  return (
    <ul className="flex flex-col gap-3">
      {events.map((event) => (
        <EventItem
          key={event.id}
          event={event}
          actions={
            readOnly ? null : event.of_assignment ? (
              // A list's due date: it changes and goes with the list (in Exercícios), not here.
              <p className="max-w-40 shrink-0 text-right text-xs text-zinc-400">
                {t('events.ofAssignment')}
              </p>
            ) : (
              <div className="-mt-1 flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onEdit(event)}
                  aria-label={t('events.editNamed', { title: event.title })}
                >
                  <Pencil aria-hidden />
                  <span className="hidden sm:inline">{t('events.edit')}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive"
                  onClick={() => onDelete(event)}
                  aria-label={t('events.deleteNamed', { title: event.title })}
                >
                  <Trash2 aria-hidden />
                  <span className="hidden sm:inline">{t('events.delete')}</span>
                </Button>
              </div>
            )
          }
        />
      ))}
    </ul>
  );
}

/**
 * Calendário: month grid and agenda in the viewer's time zone; create, edit and delete events —
 * none of which an archived class allows (the "Turma arquivada" notice above says why).
 */
export function CalendarTab({ klass }: { klass: ClassDetail }) {
  const { t, i18n } = useTranslation(['classes', 'errors']);
  const today = new Date();
  const [view, setView] = useState<View>('month');
  const [cursor, setCursor] = useState({ year: today.getFullYear(), month: today.getMonth() });
  const [selected, setSelected] = useState<string>(localDayKey(today));
  const readOnly = klass.archived;
  const [params, setParams] = useSearchParams();
  const creating = !readOnly && params.get(NEW_EVENT_PARAM) === NEW_EVENT_VALUE;
  const setCreating = (open: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (open) next.set(NEW_EVENT_PARAM, NEW_EVENT_VALUE);
        else next.delete(NEW_EVENT_PARAM);
        return next;
      },
      { replace: true },
    );
  const [editing, setEditing] = useState<ClassEvent | null>(null);
  const [deleting, setDeleting] = useState<ClassEvent | null>(null);
  const del = useDeleteEvent(klass.id);
  const writeError = useClassWriteError();

  const grid = useMemo(() => monthGrid(cursor.year, cursor.month), [cursor]);
  const first = grid[0]!;
  const last = grid[grid.length - 1]!;
  const since = first.toISOString();
  const until = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1).toISOString();
  const month = useEvents(klass.id, since, until);
  const agenda = useEvents(klass.id);
  const active = view === 'month' ? month : agenda;

  const byDay = useMemo(() => {
    const map = new Map<string, ClassEvent[]>();
    for (const event of month.data?.items ?? []) {
      for (const key of eventDayKeys(event)) {
        const list = map.get(key) ?? [];
        list.push(event);
        map.set(key, list);
      }
    }
    return map;
  }, [month.data]);

  const monthLabel = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
  }).format(new Date(cursor.year, cursor.month, 1));
  const weekdays = grid.slice(0, 7).map((d) => ({
    short: new Intl.DateTimeFormat(i18n.language, { weekday: 'narrow' }).format(d),
    long: new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }).format(d),
  }));
  const dayLabel = (d: Date) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(d);
  const selectedDate = (() => {
    const [y, m, d] = selected.split('-').map(Number);
    return new Date(y!, m! - 1, d!);
  })();
  const selectedEvents = byDay.get(selected) ?? [];

  function shift(delta: number) {
    setCursor((c) => {
      const d = new Date(c.year, c.month + delta, 1);
      return { year: d.getFullYear(), month: d.getMonth() };
    });
  }

  function confirmDelete() {
    if (!deleting) return;
    del.mutate(
      { eventId: deleting.id },
      {
        onSuccess: () => {
          toastSuccess(t('events.deleted', { title: deleting.title }));
          setDeleting(null);
        },
        onError: (err) => {
          toastError(writeError(err, klass));
          setDeleting(null);
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="group" aria-label={t('events.viewLabel')} className="flex gap-1">
          {(['month', 'agenda'] as const).map((v) => (
            <Button
              key={v}
              size="sm"
              variant={view === v ? 'secondary' : 'ghost'}
              aria-pressed={view === v}
              onClick={() => setView(v)}
            >
              {t(`events.views.${v}`)}
            </Button>
          ))}
        </div>
        <Button onClick={() => setCreating(true)} disabled={readOnly}>
          <CalendarPlus aria-hidden />
          {t('events.new')}
        </Button>
      </div>
      <p className="text-xs text-zinc-400">
        {t('classPage.timeZone', { zone: timeZoneName(i18n.language) })}
      </p>

      {view === 'month' ? (
        <div className="flex flex-col gap-3">
          <div className="flex items-center justify-between gap-2">
            <Button
              variant="ghost"
              size="icon"
              onClick={() => shift(-1)}
              aria-label={t('events.prevMonth')}
            >
              <ChevronLeft aria-hidden />
            </Button>
            <h2 className="text-lg font-semibold first-letter:uppercase" aria-live="polite">
              {monthLabel}
            </h2>
            <Button
              variant="ghost"
              size="icon"
              onClick={() => shift(1)}
              aria-label={t('events.nextMonth')}
            >
              <ChevronRight aria-hidden />
            </Button>
          </div>
          <table className="w-full table-fixed border-collapse text-sm">
            <thead>
              <tr>
                {weekdays.map((w) => (
                  <th key={w.long} scope="col" className="pb-2 font-medium text-zinc-400">
                    <abbr title={w.long} className="no-underline">
                      {w.short}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: 6 }, (_, week) => (
                <tr key={week}>
                  {grid.slice(week * 7, week * 7 + 7).map((d) => {
                    const key = localDayKey(d);
                    const events = byDay.get(key) ?? [];
                    const inMonth = d.getMonth() === cursor.month;
                    const isToday = key === localDayKey(today);
                    const isSelected = key === selected;
                    return (
                      <td key={key} className="border border-border p-0 align-top">
                        {/* Named by its (screen-reader) text, not aria-label: the visible day
                            number is part of that name (axe label-content-name-mismatch). */}
                        <button
                          type="button"
                          onClick={() => setSelected(key)}
                          aria-pressed={isSelected}
                          className={cn(
                            'flex h-14 w-full flex-col items-start gap-0.5 p-1 text-left hover:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:h-24 sm:p-1.5',
                            !inMonth && 'bg-zinc-900/60 text-zinc-400',
                            isSelected && 'bg-violet-400/15',
                          )}
                        >
                          <span className="sr-only">
                            {dayLabel(d)}
                            {events.length
                              ? ` — ${t('events.count', { count: events.length })}`
                              : ''}
                          </span>
                          <span
                            aria-hidden
                            className={cn(
                              'grid size-6 place-items-center rounded-full text-xs tabular-nums',
                              isToday && 'bg-primary font-semibold text-primary-foreground',
                            )}
                          >
                            {d.getDate()}
                          </span>
                          {events.length > 0 ? (
                            <>
                              <span className="flex gap-0.5 sm:hidden" aria-hidden>
                                {events.slice(0, 3).map((e) => (
                                  <span key={e.id} className="size-1.5 rounded-full bg-primary" />
                                ))}
                              </span>
                              <span className="hidden w-full flex-col gap-0.5 sm:flex" aria-hidden>
                                {events.slice(0, 2).map((e) => (
                                  <span
                                    key={e.id}
                                    className="truncate rounded bg-violet-400/15 px-1 text-xs text-violet-100"
                                  >
                                    {e.title}
                                  </span>
                                ))}
                                {events.length > 2 ? (
                                  <span className="text-xs text-zinc-400">
                                    +{events.length - 2}
                                  </span>
                                ) : null}
                              </span>
                            </>
                          ) : null}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <section aria-labelledby="selected-day" className="flex flex-col gap-3">
            <h3 id="selected-day" className="font-semibold first-letter:uppercase">
              {dayLabel(selectedDate)}
            </h3>
            {month.isPending ? (
              <LoadingState>{t('events.loading')}</LoadingState>
            ) : month.isError ? (
              <ErrorBox retryLabel={t('retry')} onRetry={() => void month.refetch()}>
                {t('events.loadError')}
              </ErrorBox>
            ) : selectedEvents.length === 0 ? (
              <p className="text-sm text-zinc-400">{t('events.noneThatDay')}</p>
            ) : (
              <EventList
                events={selectedEvents}
                onEdit={setEditing}
                onDelete={setDeleting}
                readOnly={readOnly}
              />
            )}
          </section>
        </div>
      ) : active.isPending ? (
        <LoadingState>{t('events.loading')}</LoadingState>
      ) : active.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void active.refetch()}>
          {t('events.loadError')}
        </ErrorBox>
      ) : active.data.items.length === 0 ? (
        <EmptyState title={t('events.emptyTitle')} body={t('events.emptyBody')} />
      ) : (
        <EventList
          events={active.data.items}
          onEdit={setEditing}
          onDelete={setDeleting}
          readOnly={readOnly}
        />
      )}

      <EventFormDialog
        classId={klass.id}
        open={creating}
        onOpenChange={setCreating}
        day={view === 'month' ? selectedDate : undefined}
        describeError={(err) => writeError(err, klass)}
      />
      <EventFormDialog
        classId={klass.id}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        event={editing ?? undefined}
        describeError={(err) => writeError(err, klass)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('events.deleteTitle')}
        description={t('events.deleteBody', { title: deleting?.title ?? '' })}
        confirmLabel={t('events.delete')}
        cancelLabel={t('cancel')}
        onConfirm={confirmDelete}
        pending={del.isPending}
      />
    </div>
  );
}
