import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EVENT_DESCRIPTION_MAX,
  createEventSchema,
  type ClassEvent,
  type CreateEventInput,
} from '@aprenda/shared/schemas/classes';
import { Input } from '@/components/ui/input';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCreateEvent, useUpdateEvent } from '../../api/events';
import {
  eventFormTimes,
  localInputToIso,
  shiftedEnd,
  timeZoneName,
  toLocalInput,
} from '../../lib/dates';
import { eventDraftKey, eventFormDrafts, type EventFormValues } from '../../lib/form-drafts';
import { useFormDraft } from '../../lib/use-form-draft';
import { fieldMessages, zodIssues, type FieldMessages } from '../../lib/validation';
import { Field, fieldAria, focusFirstInvalid } from '@/components/ui/field';
import {
  DraftFormDialog,
  DraftRestoredNotice,
  type DraftFormHandlers,
} from '../shared/draft-parts';
import { DescriptionField, FormFooter } from '../shared/form-parts';

type EventValues = EventFormValues;

const DEFAULT_CLOCK = { start: '09:00', end: '10:00' };

/** The HH:MM of a datetime-local value, or `fallback` for a plain date or an empty field. */
function clockOf(value: string, fallback: string): string {
  return value.length >= 16 ? value.slice(11, 16) : fallback;
}

function defaults(day?: Date): EventValues {
  const now = new Date();
  const isFuture = day !== undefined && day.toDateString() !== now.toDateString() && day > now;
  const base = isFuture ? new Date(day) : now;
  if (isFuture) base.setHours(9, 0, 0, 0);
  else base.setHours(base.getHours() + 1, 0, 0, 0);
  const end = new Date(base.getTime() + 60 * 60 * 1000);
  return {
    title: '',
    description: '',
    start: toLocalInput(base),
    end: toLocalInput(end),
    allDay: false,
    location: '',
    clock: {
      start: clockOf(toLocalInput(base), DEFAULT_CLOCK.start),
      end: clockOf(toLocalInput(end), DEFAULT_CLOCK.end),
    },
  };
}

/** An event's current values, to edit it in the same form. */
function valuesOf(event: ClassEvent): EventValues {
  const times = eventFormTimes(event);
  return {
    title: event.title,
    description: event.description ?? '',
    ...times,
    allDay: event.all_day,
    location: event.location ?? '',
    clock: {
      start: clockOf(times.start, DEFAULT_CLOCK.start),
      end: clockOf(times.end, DEFAULT_CLOCK.end),
    },
  };
}

/**
 * Turn the form into the API body: local times → ISO instants (each with the viewer's offset on
 * its own day); all-day → plain dates. Create and edit send the same body.
 */
function eventBody(values: EventValues): CreateEventInput {
  const nullable = (s: string) => (s.trim() === '' ? null : s);
  if (values.allDay) {
    return {
      title: values.title,
      description: nullable(values.description),
      starts_at: values.start.slice(0, 10),
      ends_at: values.end ? values.end.slice(0, 10) : null,
      all_day: true,
      location: nullable(values.location),
    };
  }
  return {
    title: values.title,
    description: nullable(values.description),
    starts_at: localInputToIso(values.start) ?? values.start,
    ends_at: values.end ? (localInputToIso(values.end) ?? values.end) : null,
    all_day: false,
    location: nullable(values.location),
  };
}

/**
 * Create an event (title, description, start, end, all-day, location) in the viewer's zone — or,
 * given `event`, edit it in the same form. What is typed is kept on this device until it is saved
 * or discarded (lib/form-drafts.ts, per user, class and event or `new`): opened again — after the
 * session expired and the teacher signed in again — the form says it brought it back.
 */
export function EventFormDialog({
  classId,
  open,
  onOpenChange,
  day,
  event,
  describeError,
}: {
  classId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  day?: Date | undefined;
  event?: ClassEvent | undefined;
  /** A failed save in words (default: errors:<code>); the calendar words `class_archived`. */
  describeError?: ((err: unknown) => string) | undefined;
}) {
  const { t, i18n } = useTranslation('classes');
  const { data: me } = useSession();
  const draftKey = me ? eventDraftKey(me.id, classId, event?.id) : null;
  return (
    <DraftFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={event ? t('events.editTitle') : t('events.newTitle')}
      description={t('events.zoneNote', { zone: timeZoneName(i18n.language) })}
      onDiscard={() => {
        if (draftKey) eventFormDrafts.clear(draftKey);
      }}
    >
      {(handlers) => (
        <EventForm
          key={event?.id ?? 'new'}
          classId={classId}
          day={day}
          event={event}
          draftKey={draftKey}
          describeError={describeError}
          {...handlers}
        />
      )}
    </DraftFormDialog>
  );
}

function EventForm({
  classId,
  day,
  event,
  draftKey,
  describeError,
  onDirty,
  onCancel,
  onDone,
}: {
  classId: string;
  day?: Date | undefined;
  event?: ClassEvent | undefined;
  /** Where the unsaved event is kept on this device (null before the session is known). */
  draftKey: string | null;
  describeError?: ((err: unknown) => string) | undefined;
} & DraftFormHandlers) {
  const { t } = useTranslation(['classes', 'errors']);
  const id = useId();
  const [initial] = useState<EventValues>(() => (event ? valuesOf(event) : defaults(day)));
  const draft = useFormDraft({
    drafts: eventFormDrafts,
    draftKey,
    initial,
    same: eventFormDrafts.same,
    onDirty,
  });
  const { values, setValues } = draft;
  const [errors, setErrors] = useState<FieldMessages>({});
  const create = useCreateEvent(classId);
  const update = useUpdateEvent(classId);
  const pending = create.isPending || update.isPending;

  function set<K extends keyof EventValues>(key: K, value: EventValues[K]) {
    setValues((v) => {
      const next = { ...v, [key]: value };
      // Moving the start moves the end with it: the event keeps its length (as calendar apps do).
      if (key === 'start' && v.end) next.end = shiftedEnd(v.start, value as string, v.end);
      if (key === 'allDay') {
        // Keep the chosen days when switching between a date and a date-time field, and the
        // typed times while the event is all-day, to give them back when it no longer is.
        const clock = value
          ? { start: clockOf(v.start, v.clock.start), end: clockOf(v.end, v.clock.end) }
          : v.clock;
        next.clock = clock;
        next.start = value ? v.start.slice(0, 10) : `${v.start.slice(0, 10)}T${clock.start}`;
        next.end = v.end ? (value ? v.end.slice(0, 10) : `${v.end.slice(0, 10)}T${clock.end}`) : '';
      }
      return next;
    });
    const field = key === 'start' ? 'starts_at' : key === 'end' ? 'ends_at' : key;
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  const raw = {
    title: values.title,
    description: values.description,
    starts_at: values.start,
    ends_at: values.end,
    location: values.location,
  };

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const body = eventBody(values);
    const parsed = createEventSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldMessages(t, zodIssues(parsed.error.issues), raw));
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    // What was typed stays on the device until the server has it (a 401 keeps it).
    const onError = (err: unknown) => {
      const fields = fieldErrorsOf(err);
      if (fields) {
        setErrors(fieldMessages(t, fields, raw));
        focusFirstInvalid(form);
      }
      toastError(describeError ? describeError(err) : errorMessage(t, err));
    };
    const onSaved = (message: string) => {
      toastSuccess(message);
      draft.saved();
      onDone();
    };
    if (event) {
      update.mutate(
        { eventId: event.id, body },
        { onSuccess: (saved) => onSaved(t('events.updated', { title: saved.title })), onError },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (saved) => onSaved(t('events.created', { title: saved.title })),
      onError,
    });
  }

  function discard() {
    draft.discard();
    setErrors({});
  }

  const dateType = values.allDay ? 'date' : 'datetime-local';
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {draft.restored ? (
        <DraftRestoredNotice message={t('drafts.restoredEvent')} onDiscard={discard} />
      ) : null}
      <Field id={`${id}-title`} label={t('events.title')} error={errors.title}>
        <Input
          {...fieldAria(`${id}-title`, errors.title)}
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.allDay}
          onChange={(e) => set('allDay', e.target.checked)}
          className="size-4 accent-violet-400"
        />
        {t('events.allDay')}
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-start`} label={t('events.start')} error={errors.starts_at}>
          <Input
            {...fieldAria(`${id}-start`, errors.starts_at)}
            type={dateType}
            value={values.start}
            onChange={(e) => set('start', e.target.value)}
          />
        </Field>
        <Field id={`${id}-end`} label={t('events.end')} error={errors.ends_at}>
          <Input
            {...fieldAria(`${id}-end`, errors.ends_at)}
            type={dateType}
            value={values.end}
            min={values.start}
            onChange={(e) => set('end', e.target.value)}
          />
        </Field>
      </div>
      <Field id={`${id}-location`} label={t('events.location')} error={errors.location}>
        <Input
          {...fieldAria(`${id}-location`, errors.location)}
          value={values.location}
          onChange={(e) => set('location', e.target.value)}
        />
      </Field>
      <DescriptionField
        id={`${id}-description`}
        label={t('events.description')}
        error={errors.description}
        max={EVENT_DESCRIPTION_MAX}
        rows={3}
        value={values.description}
        onChange={(value) => set('description', value)}
      />
      <FormFooter
        onCancel={onCancel}
        submitLabel={event ? t('events.save') : t('events.create')}
        pending={pending}
      />
    </form>
  );
}
