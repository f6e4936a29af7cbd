import { CLASS_UPCOMING_EVENTS, type ClassEvent } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import type { Selectable, Updateable } from 'kysely';
import type { ClassEventTable, Executor } from '../../db/types.ts';
import { decodeCursor, keysetAfter, pageOf } from '../../lib/cursor.ts';

const eventColumns = [
  'id',
  'class_id',
  'title',
  'description',
  'starts_at',
  'ends_at',
  'all_day',
  'location',
  'created_by',
  'created_at',
] as const;

/** An event as the API shows it (range_end is for queries only). */
type EventRow = Pick<Selectable<ClassEventTable>, (typeof eventColumns)[number]>;

function toEvent(r: EventRow): ClassEvent {
  return {
    id: r.id,
    class_id: r.class_id,
    title: r.title,
    description: r.description,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    all_day: Boolean(r.all_day),
    location: r.location,
    created_by: r.created_by,
    created_at: r.created_at,
  };
}

/** The class's next events (ongoing or starting from `now`), by start — for the class page. */
export async function selectUpcomingEvents(
  db: Executor,
  classId: string,
  now: string,
): Promise<ClassEvent[]> {
  const rows = await db
    .selectFrom('class_events')
    .select([...eventColumns])
    .where('class_id', '=', classId)
    .where((eb) => eb.or([eb('range_end', '>', now), eb('starts_at', '>=', now)]))
    .orderBy('starts_at')
    .orderBy('id')
    .limit(CLASS_UPCOMING_EVENTS)
    .execute();
  return rows.map(toEvent);
}

/**
 * A page of the class's events overlapping `[since, until)` (UTC ISO; no `until` = open), by
 * start (keyset on (starts_at, id)).
 */
export async function selectEventPage(
  db: Executor,
  classId: string,
  query: { since: string; until?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<Page<ClassEvent>> {
  const { since } = query;
  let q = db
    .selectFrom('class_events')
    .select([...eventColumns])
    .where('class_id', '=', classId)
    .where((eb) => eb.or([eb('range_end', '>', since), eb('starts_at', '>=', since)]));
  if (query.until) q = q.where('starts_at', '<', query.until);
  if (query.cursor) {
    const [startsAt, id] = decodeCursor(query.cursor, 2) as [string, string];
    q = q.where((eb) =>
      keysetAfter(eb, 'asc', [
        ['starts_at', startsAt],
        ['id', id],
      ]),
    );
  }
  const rows = await q
    .orderBy('starts_at')
    .orderBy('id')
    .limit(query.limit + 1)
    .execute();
  const { rows: pageRows, nextCursor } = pageOf(rows, query.limit, (r) => [r.starts_at, r.id]);
  return { items: pageRows.map(toEvent), nextCursor };
}

export async function insertEvent(
  db: Executor,
  row: Selectable<ClassEventTable>,
): Promise<ClassEvent> {
  await db.insertInto('class_events').values(row).execute();
  return toEvent(row);
}

/** What editing an event changes (everything but its id, class and creation). */
export type EventChanges = Required<
  Pick<
    Updateable<ClassEventTable>,
    'title' | 'description' | 'starts_at' | 'ends_at' | 'range_end' | 'all_day' | 'location'
  >
>;

/** Change an event of the class; undefined when the class has no such event. */
export async function updateClassEvent(
  db: Executor,
  classId: string,
  eventId: string,
  set: EventChanges,
): Promise<ClassEvent | undefined> {
  const row = await db
    .updateTable('class_events')
    .set(set)
    .where('id', '=', eventId)
    .where('class_id', '=', classId)
    .returning([...eventColumns])
    .executeTakeFirst();
  return row ? toEvent(row) : undefined;
}

/** Delete an event of the class; false when the class has no such event. */
export async function deleteClassEvent(
  db: Executor,
  classId: string,
  eventId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('class_events')
    .where('id', '=', eventId)
    .where('class_id', '=', classId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Events of every (unarchived) class of a user overlapping `[from, to)`, with the class title. */
export async function selectUserFeedEvents(
  db: Executor,
  userId: string,
  from: string,
  to: string,
  max: number,
): Promise<Array<ClassEvent & { class_title: string }>> {
  const rows = await db
    .selectFrom('class_members as m')
    .innerJoin('class_events as e', 'e.class_id', 'm.class_id')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select([
      'e.id',
      'e.class_id',
      'e.title',
      'e.description',
      'e.starts_at',
      'e.ends_at',
      'e.all_day',
      'e.location',
      'e.created_by',
      'e.created_at',
      'c.title as class_title',
    ])
    .where('m.user_id', '=', userId)
    .where('c.archived', '=', 0)
    .where('e.starts_at', '<', to)
    .where((eb) => eb.or([eb('e.range_end', '>', from), eb('e.starts_at', '>=', from)]))
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .limit(max)
    .execute();
  return rows.map((r) => ({ ...toEvent(r), class_title: r.class_title }));
}
