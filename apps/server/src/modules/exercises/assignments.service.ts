import type {
  Assignment,
  AssignmentInput,
  AssignmentUpdate,
  FeedbackMode,
  StudentAssignment,
} from '@aprenda/shared/schemas/exercises';
import type { AppContext } from '../../context.ts';
import {
  classAccess,
  createEvent,
  deleteEvent,
  ownEventsOf,
  requireTeacher,
  updateEvent,
  userMemberships,
  type ClassAccess,
  type EventOwner,
} from '../classes/public.ts';
import { uuidv7 } from '../../lib/ids.ts';
import {
  deleteAssignmentRow,
  insertAssignment,
  markLateAgainst,
  assignmentEventIds,
  selectAssignment,
  selectClassAssignments,
  selectItemHeads,
  selectUserAttempts,
  updateAssignmentRow,
  type AssignmentRow,
  type AttemptRow,
} from './assignments.queries.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ownSet, parseEntries, setSize } from './sets.service.ts';

/**
 * Assignments (docs/api/exercises.md "Assignments"): a teacher gives one of their sets to a class
 * with an open date, a due date (a class event, so the calendar and the iCal feed show it),
 * attempts allowed, shuffling and when feedback shows. Members of the class read its assignments;
 * anyone else gets 404. Students list theirs across classes: "Para fazer" and "Feitas".
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;

/**
 * Of these assignments' chosen items, those deleted from the collection since they were given:
 * a student starting now no longer gets them (attempts.service chooseItems).
 */
async function deletedItems(
  ctx: Ctx,
  rows: readonly Pick<AssignmentRow, 'entries'>[],
): Promise<ReadonlySet<string>> {
  const ids = [
    ...new Set(
      rows.flatMap((r) =>
        parseEntries(r.entries).flatMap((e) => ('item_id' in e ? [e.item_id] : [])),
      ),
    ),
  ];
  const live = new Set(
    (await selectItemHeads(ctx.db.db, ids)).filter((h) => !h.deleted_at).map((h) => h.id),
  );
  return new Set(ids.filter((id) => !live.has(id)));
}

/** Assignments as read, each `size` without the items deleted since (one lookup for all). */
export async function toAssignments(
  ctx: Ctx,
  rows: readonly (AssignmentRow & { class_title: string })[],
): Promise<Assignment[]> {
  const gone = await deletedItems(ctx, rows);
  return rows.map((row) => toAssignment(row, gone));
}

function toAssignment(
  row: AssignmentRow & { class_title: string },
  gone: ReadonlySet<string>,
): Assignment {
  return {
    id: row.id,
    class_id: row.class_id,
    class_title: row.class_title,
    set_id: row.set_id,
    title: row.title,
    description: row.description,
    open_at: row.open_at,
    due_at: row.due_at,
    attempts_allowed: Number(row.attempts_allowed),
    shuffle: Number(row.shuffle) === 1,
    feedback: row.feedback as FeedbackMode,
    event_id: row.event_id,
    size: setSize(
      parseEntries(row.entries).filter((e) => !('item_id' in e && gone.has(e.item_id))),
    ),
    created_at: row.created_at,
  };
}

/** POST /classes/{id}/assignments: teachers of the class give one of their own sets. */
export async function createAssignment(
  ctx: Ctx,
  userId: string,
  classId: string,
  input: AssignmentInput & { attempts_allowed: number; shuffle: boolean; feedback: FeedbackMode },
): Promise<Assignment> {
  const access = await classAccess(ctx, classId, userId);
  requireTeacher(access);
  const set = await ownSet(ctx, userId, input.set_id);
  const now = ctx.clock.now();
  // A due date already past is a slip (a wrong day or year): every student would be counted as
  // having missed the list the moment it is given.
  if (Date.parse(input.due_at) <= now.getTime()) {
    throw badRequest('The due date has passed', [
      { path: 'due_at', code: 'due_in_past', message: 'The due date must be in the future' },
    ]);
  }
  const event = await createEvent(ctx, access, {
    title: set.title,
    description: set.description || null,
    starts_at: input.due_at,
    all_day: false,
  });
  const id = uuidv7(now.getTime());
  await insertAssignment(ctx.db.db, {
    id,
    class_id: classId,
    set_id: set.id,
    title: set.title,
    description: set.description,
    entries: set.entries,
    open_at: new Date(input.open_at).toISOString(),
    due_at: new Date(input.due_at).toISOString(),
    attempts_allowed: input.attempts_allowed,
    shuffle: input.shuffle ? 1 : 0,
    feedback: input.feedback,
    event_id: event.id,
    created_by: userId,
    created_at: now.toISOString(),
  });
  const [created] = await toAssignments(ctx, [(await selectAssignment(ctx.db.db, id))!]);
  return created!;
}

/**
 * An assignment's due date is an event of its class's calendar, created and deleted with it: the
 * calendar may not move or delete it on its own (409 `event_of_assignment`), or the calendar and
 * the assignment's lateness would disagree. Declared once, when the routes are built.
 */
export function ownAssignmentEvents(): void {
  ownEventsOf(assignmentOwnsEvent);
}

const assignmentOwnsEvent: EventOwner = (ctx, classId, eventIds) =>
  assignmentEventIds(ctx.db.db, classId, eventIds);

/** The assignment and the caller's access to its class (404 for non-members). */
export async function assignmentAccess(
  ctx: Ctx,
  userId: string,
  id: string,
): Promise<{ row: AssignmentRow & { class_title: string }; access: ClassAccess }> {
  const row = await selectAssignment(ctx.db.db, id);
  if (!row) throw notFound('Assignment not found');
  const access = await classAccess(ctx, row.class_id, userId);
  return { row, access };
}

/** DELETE /assignments/{id}: teachers of the class; its calendar event goes too. */
export async function deleteAssignment(ctx: Ctx, userId: string, id: string): Promise<void> {
  const { row, access } = await assignmentAccess(ctx, userId, id);
  requireTeacher(access);
  await deleteAssignmentRow(ctx.db.db, id);
  if (row.event_id) {
    await deleteEvent(ctx, access, row.event_id, { byOwner: true }).catch(() => undefined);
  }
}

/**
 * PATCH /assignments/{id}: teachers of the class move the open or due date, or change the attempts
 * allowed. The due date stays after the open date (400 `due_before_open`), and a due date moved is
 * not past (400 `due_in_past`, as on creation). Moving it re-marks the handed-in attempts as late or
 * not against the new date, and moves the calendar event with it (made again if it was lost).
 * Fewer attempts than a student has used leaves that student without attempts, never removes any.
 */
export async function updateAssignment(
  ctx: Ctx,
  userId: string,
  id: string,
  input: AssignmentUpdate,
): Promise<Assignment> {
  const { row, access } = await assignmentAccess(ctx, userId, id);
  requireTeacher(access);
  const openAt = input.open_at ? new Date(input.open_at).toISOString() : row.open_at;
  const dueAt = input.due_at ? new Date(input.due_at).toISOString() : row.due_at;
  const dueMoved = dueAt !== row.due_at;
  if (dueMoved && Date.parse(dueAt) <= ctx.clock.now().getTime()) {
    throw badRequest('The due date has passed', [
      { path: 'due_at', code: 'due_in_past', message: 'The due date must be in the future' },
    ]);
  }
  if (Date.parse(dueAt) <= Date.parse(openAt)) {
    throw badRequest('The due date is before the open date', [
      { path: 'due_at', code: 'due_before_open', message: 'The due date must be after opening' },
    ]);
  }
  await inTransaction(ctx.db, async (trx) => {
    await updateAssignmentRow(trx, id, {
      open_at: openAt,
      due_at: dueAt,
      ...(input.attempts_allowed !== undefined ? { attempts_allowed: input.attempts_allowed } : {}),
    });
    if (dueMoved) await markLateAgainst(trx, id, dueAt);
  });
  if (dueMoved) await moveDueEvent(ctx, access, row, dueAt);
  const [updated] = await toAssignments(ctx, [(await selectAssignment(ctx.db.db, id))!]);
  return updated!;
}

/** The calendar event of a moved due date follows it; one lost meanwhile is made again. */
async function moveDueEvent(
  ctx: Ctx,
  access: ClassAccess,
  row: AssignmentRow,
  dueAt: string,
): Promise<void> {
  const event = {
    title: row.title,
    description: row.description || null,
    starts_at: dueAt,
    all_day: false,
  };
  if (row.event_id) {
    try {
      await updateEvent(ctx, access, row.event_id, event, { byOwner: true });
      return;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    }
  }
  const created = await createEvent(ctx, access, event);
  await updateAssignmentRow(ctx.db.db, row.id, { event_id: created.id });
}

/** GET /classes/{id}/assignments: the class's assignments by due date (members). */
export async function classAssignments(
  ctx: Ctx,
  userId: string,
  classId: string,
): Promise<Assignment[]> {
  await classAccess(ctx, classId, userId);
  return toAssignments(ctx, await selectClassAssignments(ctx.db.db, [classId]));
}

/** Where a student stands on one assignment. */
export function studentStatus(
  a: Assignment,
  attempts: AttemptRow[],
  now: number,
): Pick<StudentAssignment, 'status' | 'attempts_used' | 'best_score' | 'late' | 'last_attempt_id'> {
  const submitted = attempts.filter((t) => t.submitted_at !== null);
  const open = attempts.some((t) => t.submitted_at === null);
  const best = submitted.reduce<AttemptRow | null>(
    (b, t) => (b === null || Number(t.score ?? 0) > Number(b.score ?? 0) ? t : b),
    null,
  );
  let status: StudentAssignment['status'];
  if (Date.parse(a.open_at) > now) status = 'upcoming';
  else if (open) status = 'in_progress';
  else if (submitted.length > 0) status = 'done';
  else if (Date.parse(a.due_at) < now) status = 'missed';
  else status = 'todo';
  const scoreVisible = a.feedback === 'immediate' || Date.parse(a.due_at) <= now;
  const latest = attempts.reduce<AttemptRow | null>(
    (l, t) => (l === null || Number(t.number) > Number(l.number) ? t : l),
    null,
  );
  return {
    status,
    attempts_used: attempts.length,
    best_score: best && scoreVisible ? Number(best.score ?? 0) : null,
    late: best ? Number(best.late) === 1 : false,
    last_attempt_id: latest?.id ?? null,
  };
}

/**
 * GET /assignments: the assignments of every class the caller studies in, with their standing —
 * "Para fazer" (upcoming, to do, in progress and missed, most urgent first) and "Feitas".
 */
export async function myAssignments(ctx: Ctx, userId: string): Promise<StudentAssignment[]> {
  const classes = (await userMemberships(ctx, userId)).filter((m) => m.role === 'student');
  const rows = await selectClassAssignments(
    ctx.db.db,
    classes.map((c) => c.class_id),
  );
  const attempts = await selectUserAttempts(
    ctx.db.db,
    userId,
    rows.map((r) => r.id),
  );
  const now = ctx.clock.now().getTime();
  return (await toAssignments(ctx, rows)).map((a) => {
    return {
      ...a,
      ...studentStatus(
        a,
        attempts.filter((t) => t.assignment_id === a.id),
        now,
      ),
    };
  });
}

/** GET /assignments/{id}: a member reads it (a student with their standing). */
export async function getAssignment(
  ctx: Ctx,
  userId: string,
  id: string,
): Promise<StudentAssignment> {
  const { row } = await assignmentAccess(ctx, userId, id);
  const [a] = await toAssignments(ctx, [row]);
  const attempts = await selectUserAttempts(ctx.db.db, userId, [id]);
  return { ...a!, ...studentStatus(a!, attempts, ctx.clock.now().getTime()) };
}
