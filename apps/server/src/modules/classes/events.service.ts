import type { ClassEvent } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import { conflict, notFound } from '../../lib/app-error.ts';
import { uuidv7 } from '../../lib/ids.ts';
import {
  DAY_MS,
  logAction,
  requireActive,
  requireTeacher,
  type ClassAccess,
  type Ctx,
  type ReadCtx,
} from './access.service.ts';
import {
  deleteClassEvent,
  insertEvent,
  selectEventPage,
  selectUserFeedEvents,
  updateClassEvent,
} from './events.queries.ts';

/**
 * Which of a class's events another module owns (an assignment's due date is its event): such an
 * event changes and goes with its owner, never from the calendar, or the two would disagree (the
 * calendar saying one day, the assignment's lateness another).
 */
export type EventOwner = (
  ctx: ReadCtx,
  classId: string,
  eventIds: readonly string[],
) => Promise<ReadonlySet<string>>;

const owners = new Set<EventOwner>();

/** Declared by the module that creates events of its own (the same function once). */
export function ownEventsOf(owner: EventOwner): void {
  owners.add(owner);
}

/** The ids among `eventIds` that another module owns. */
async function ownedElsewhere(ctx: ReadCtx, classId: string, eventIds: readonly string[]) {
  const owned = new Set<string>();
  if (eventIds.length === 0) return owned;
  for (const owner of owners) {
    for (const id of await owner(ctx, classId, eventIds)) owned.add(id);
  }
  return owned;
}

async function refuseOwnedElsewhere(ctx: ReadCtx, classId: string, eventId: string) {
  if ((await ownedElsewhere(ctx, classId, [eventId])).size > 0) {
    throw conflict('This event is the due date of an assignment', 'event_of_assignment');
  }
}

/** Any ISO-8601 instant (with offset) or date → `YYYY-MM-DDTHH:mm:ss.sssZ`. */
export function toUtcIso(value: string): string {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString();
}

const dateOnly = (value: string) => `${value.slice(0, 10)}T00:00:00.000Z`;
const nextDay = (iso: string) => new Date(Date.parse(iso) + DAY_MS).toISOString();

/**
 * Events that overlap `[since, until)`, by start. No `since` = from now; no `until` = open. An
 * event another module owns carries `of_assignment: true`.
 */
export async function listEvents(
  ctx: ReadCtx,
  access: ClassAccess,
  query: { since?: string | undefined; until?: string | undefined; limit: number; cursor?: string },
): Promise<Page<ClassEvent>> {
  const since = query.since ? toUtcIso(query.since) : ctx.clock.now().toISOString();
  const page = await selectEventPage(ctx.db.db, access.klass.id, {
    since,
    until: query.until ? toUtcIso(query.until) : undefined,
    limit: query.limit,
    cursor: query.cursor,
  });
  // An assignment's due date says so: the calendar offers no edit or delete for it.
  const owned = await ownedElsewhere(
    ctx,
    access.klass.id,
    page.items.map((e) => e.id),
  );
  if (owned.size === 0) return page;
  return {
    ...page,
    items: page.items.map((e) => (owned.has(e.id) ? { ...e, of_assignment: true as const } : e)),
  };
}

/** An event as a teacher writes it (POST and PUT take the same body). */
export interface EventInput {
  title: string;
  description?: string | null | undefined;
  starts_at: string;
  ends_at?: string | null | undefined;
  all_day: boolean;
  location?: string | null | undefined;
}

/**
 * The stored columns of an event as written: times as UTC `…Z` (the offset the client sent —
 * the viewer's offset on that very day, so a daylight-saving change in between moves nothing);
 * all-day events as dates (midnight UTC of their days, never shifted by a zone); and the
 * exclusive `range_end` that range queries use.
 */
function storedEvent(input: EventInput) {
  let startsAt: string;
  let endsAt: string | null;
  let rangeEnd: string;
  if (input.all_day) {
    startsAt = dateOnly(input.starts_at);
    endsAt = input.ends_at ? dateOnly(input.ends_at) : null;
    rangeEnd = nextDay(endsAt ?? startsAt);
  } else {
    startsAt = toUtcIso(input.starts_at);
    endsAt = input.ends_at ? toUtcIso(input.ends_at) : null;
    rangeEnd = endsAt ?? startsAt;
  }
  return {
    title: input.title,
    description: input.description ?? null,
    starts_at: startsAt,
    ends_at: endsAt,
    range_end: rangeEnd,
    all_day: input.all_day ? 1 : 0,
    location: input.location ?? null,
  };
}

/** Create an event (teachers). Times are stored as UTC `…Z`; all-day events as dates. */
export async function createEvent(
  ctx: Ctx,
  access: ClassAccess,
  input: EventInput,
): Promise<ClassEvent> {
  requireTeacher(access);
  requireActive(access);
  const now = ctx.clock.now();
  const event = await insertEvent(ctx.db.db, {
    id: uuidv7(now.getTime()),
    class_id: access.klass.id,
    ...storedEvent(input),
    created_by: access.userId,
    created_at: now.toISOString(),
  });
  await logAction(ctx, access.userId, 'event_created', {
    class_id: access.klass.id,
    event_id: event.id,
  });
  return event;
}

/**
 * Replace an event of the class with the body of the same form as create (teachers); the same
 * time handling as create. An event of another class → 404; one another module owns → 409
 * `event_of_assignment`, unless that module moves it (`byOwner`). Records `event_updated`.
 */
export async function updateEvent(
  ctx: Ctx,
  access: ClassAccess,
  eventId: string,
  input: EventInput,
  { byOwner = false }: { byOwner?: boolean } = {},
): Promise<ClassEvent> {
  requireTeacher(access);
  if (!byOwner) requireActive(access);
  if (!byOwner) await refuseOwnedElsewhere(ctx, access.klass.id, eventId);
  const event = await updateClassEvent(ctx.db.db, access.klass.id, eventId, storedEvent(input));
  if (!event) throw notFound('No such event');
  await logAction(ctx, access.userId, 'event_updated', {
    class_id: access.klass.id,
    event_id: event.id,
  });
  return event;
}

/**
 * Delete an event of the class (teachers); an event of another class → 404. An event another
 * module owns (`ownEventsOf`) → 409, unless that module deletes it (`byOwner`).
 */
export async function deleteEvent(
  ctx: ReadCtx,
  access: ClassAccess,
  eventId: string,
  { byOwner = false }: { byOwner?: boolean } = {},
) {
  requireTeacher(access);
  if (!byOwner) requireActive(access);
  if (!byOwner) await refuseOwnedElsewhere(ctx, access.klass.id, eventId);
  if (!(await deleteClassEvent(ctx.db.db, access.klass.id, eventId))) {
    throw notFound('No such event');
  }
}

/** Events of every class of a user overlapping `[from, to)`, with the class title (iCal feed). */
export async function listUserEventsForFeed(
  ctx: ReadCtx,
  userId: string,
  from: string,
  to: string,
  max = 5000,
): Promise<Array<ClassEvent & { class_title: string }>> {
  return selectUserFeedEvents(ctx.db.db, userId, from, to, max);
}
