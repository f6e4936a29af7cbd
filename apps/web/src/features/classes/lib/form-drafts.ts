import { z } from 'zod';
import { deviceDrafts } from '@/lib/device-drafts';
import type { ClassFormValues } from './class-form';

/**
 * A calendar event or a class being written and not yet saved, kept on this device
 * (lib/device-drafts.ts) while it differs from what the form opened with: a session that expires
 * (the sign-in form comes, then the same page again), a reload or a closed tab never loses it, and
 * the same form opens with it again. Events are kept per user, class and event (`new` for "Novo
 * evento"); classes per user and class (`new` for "Nova turma"). Saving, or discarding it, removes
 * it; signing out removes them all.
 */

/** What the event form holds (event-form-dialog.tsx). */
export interface EventFormValues {
  title: string;
  description: string;
  start: string;
  end: string;
  allDay: boolean;
  location: string;
  /** The times of day to come back to when "Dia inteiro" is turned off again (HH:MM). */
  clock: { start: string; end: string };
}

const eventDrafts = deviceDrafts({
  prefix: 'aprenda.classes.event-draft',
  schema: z.object({
    title: z.string(),
    description: z.string(),
    start: z.string(),
    end: z.string(),
    allDay: z.boolean(),
    location: z.string(),
    clock: z.object({ start: z.string(), end: z.string() }),
  }) satisfies z.ZodType<EventFormValues>,
});

const classDrafts = deviceDrafts({
  prefix: 'aprenda.classes.class-draft',
  schema: z.object({
    title: z.string(),
    description: z.string(),
    code: z.string(),
  }) satisfies z.ZodType<ClassFormValues>,
});

/** A kind of draft: where each is kept, and how to read, keep and forget it. */
export interface FormDrafts<T> {
  load(key: string): T | null;
  store(key: string, values: T): void;
  clear(key: string): void;
  /** Whether two forms hold the same thing (a draft equal to the saved record is no draft). */
  same(a: T, b: T): boolean;
}

const sameJson = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);

export const eventFormDrafts: FormDrafts<EventFormValues> = {
  load: (key) => eventDrafts.load(key),
  store: (key, values) => eventDrafts.store(key, values),
  clear: (key) => eventDrafts.clear(key),
  same: (a, b) =>
    sameJson(
      [a.title, a.description, a.start, a.end, a.allDay, a.location],
      [b.title, b.description, b.start, b.end, b.allDay, b.location],
    ),
};

export const classFormDrafts: FormDrafts<ClassFormValues> = {
  load: (key) => classDrafts.load(key),
  store: (key, values) => classDrafts.store(key, values),
  clear: (key) => classDrafts.clear(key),
  same: (a, b) => a.title === b.title && a.description === b.description && a.code === b.code,
};

/** The slot of `userId`'s event of `classId` (`eventId`, or a new one). */
export function eventDraftKey(userId: string, classId: string, eventId?: string): string {
  return eventDrafts.key(userId, classId, eventId ?? 'new');
}

/** The slot of `userId`'s class `classId` (or a new one). */
export function classDraftKey(userId: string, classId?: string): string {
  return classDrafts.key(userId, classId ?? 'new');
}
