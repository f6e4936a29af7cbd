import type { UserRole } from '@aprenda/shared/constants';
import type { FieldError } from '@aprenda/shared/errors';
import type { Page } from '@aprenda/shared/schemas/common';
import type { ExerciseSet, ItemKind, SetEntry, SetInput } from '@aprenda/shared/schemas/exercises';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { decodeCursor, pageOf } from '../../lib/cursor.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { findSkills } from '../skills/public.ts';
import {
  insertSet,
  selectAuthorSetPage,
  selectItemHeads,
  selectSet,
  updateSetRow,
  type SetRow,
} from './assignments.queries.ts';
import { requireTeacherAccount } from './items.service.ts';

/**
 * Exercise sets (docs/api/exercises.md "Sets"): a teacher's list of entries — items chosen by
 * hand (their own or public ones) and draws of N items from a skill's pool, resolved per student
 * when an attempt starts (never an item the student has already answered while others are left).
 * A set is its author's alone (404 for anyone else); assigning it copies its entries.
 */

type Ctx = Pick<AppContext, 'db' | 'clock'>;

export function parseEntries(json: string): SetEntry[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as SetEntry[]) : [];
  } catch {
    return [];
  }
}

/** How many items each student answers. */
export function setSize(entries: readonly SetEntry[]): number {
  return entries.reduce((n, e) => n + ('item_id' in e ? 1 : e.count), 0);
}

async function toSet(ctx: Ctx, row: SetRow): Promise<ExerciseSet> {
  const entries = parseEntries(row.entries);
  const heads = await selectItemHeads(
    ctx.db.db,
    entries.flatMap((e) => ('item_id' in e ? [e.item_id] : [])),
  );
  const headOf = new Map(heads.map((h) => [h.id, h]));
  const isLive = (head: (typeof heads)[number] | undefined) => !!head && !head.deleted_at;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    entries: entries.map((e) => {
      if (!('item_id' in e)) return e;
      const head = headOf.get(e.item_id);
      return {
        item_id: e.item_id,
        kind: head ? (head.kind as ItemKind) : null,
        stem: head && !head.deleted_at ? head.stem : null,
      };
    }),
    // What a student starting now gets: an item deleted from the collection is no longer given.
    size: setSize(entries.filter((e) => !('item_id' in e) || isLive(headOf.get(e.item_id)))),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Entries at fault: items that are not the author's or public, unknown skills, repeats. */
async function checkEntries(
  ctx: Ctx,
  authorId: string,
  entries: SetEntry[],
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const itemIds = entries.flatMap((e) => ('item_id' in e ? [e.item_id] : []));
  const heads = await selectItemHeads(ctx.db.db, itemIds);
  // The author's own live items, and public ones of others.
  const usable = new Set(
    heads
      .filter((h) => !h.deleted_at && (h.author_id === authorId || Number(h.public) === 1))
      .map((h) => h.id),
  );
  const skillIds = entries.flatMap((e) => ('skill_id' in e ? [e.skill_id] : []));
  const skills = new Set((await findSkills(ctx, skillIds)).map((s) => s.id));
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    if ('item_id' in e) {
      if (!usable.has(e.item_id)) {
        errors.push({
          path: `entries.${i}.item_id`,
          code: 'unknown_item',
          message: 'No such item',
        });
      } else if (seen.has(e.item_id)) {
        errors.push({
          path: `entries.${i}.item_id`,
          code: 'duplicate_item',
          message: 'Item twice',
        });
      }
      seen.add(e.item_id);
    } else if (!skills.has(e.skill_id)) {
      errors.push({
        path: `entries.${i}.skill_id`,
        code: 'unknown_skill',
        message: 'No such skill',
      });
    }
  });
  return errors;
}

export async function createSet(
  ctx: Ctx,
  user: { id: string; role: UserRole },
  input: SetInput,
): Promise<ExerciseSet> {
  requireTeacherAccount(user.role);
  const errors = await checkEntries(ctx, user.id, input.entries);
  if (errors.length > 0) throw badRequest('Invalid set', errors);
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const id = uuidv7(now.getTime());
  await insertSet(ctx.db.db, {
    id,
    author_id: user.id,
    title: input.title,
    description: input.description,
    entries: JSON.stringify(input.entries),
    created_at: iso,
    updated_at: iso,
    deleted_at: null,
  });
  return getSet(ctx, user.id, id);
}

/** The set if `userId` wrote it; 404 otherwise. */
export async function ownSet(ctx: Ctx, userId: string, id: string): Promise<SetRow> {
  const row = await selectSet(ctx.db.db, id);
  if (!row || row.author_id !== userId) throw notFound('Set not found');
  return row;
}

export async function getSet(ctx: Ctx, userId: string, id: string): Promise<ExerciseSet> {
  return toSet(ctx, await ownSet(ctx, userId, id));
}

export async function updateSet(
  ctx: Ctx,
  userId: string,
  id: string,
  input: SetInput,
): Promise<ExerciseSet> {
  await ownSet(ctx, userId, id);
  const errors = await checkEntries(ctx, userId, input.entries);
  if (errors.length > 0) throw badRequest('Invalid set', errors);
  await updateSetRow(ctx.db.db, id, {
    title: input.title,
    description: input.description,
    entries: JSON.stringify(input.entries),
    updated_at: ctx.clock.now().toISOString(),
  });
  return getSet(ctx, userId, id);
}

/** Gone from the list; assignments made from it keep their copy. */
export async function deleteSet(ctx: Ctx, userId: string, id: string): Promise<void> {
  await ownSet(ctx, userId, id);
  const iso = ctx.clock.now().toISOString();
  await updateSetRow(ctx.db.db, id, { deleted_at: iso, updated_at: iso });
}

export async function listSets(
  ctx: Ctx,
  userId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<ExerciseSet>> {
  let after: { created_at: string; id: string } | null = null;
  if (query.cursor) {
    const [created_at, id] = decodeCursor(query.cursor, 2) as [string, string];
    after = { created_at, id };
  }
  const rows = await selectAuthorSetPage(ctx.db.db, userId, after, query.limit + 1);
  const page = pageOf(rows, query.limit, (last) => [last.created_at, last.id]);
  return {
    items: await Promise.all(page.rows.map((row) => toSet(ctx, row))),
    nextCursor: page.nextCursor,
  };
}
