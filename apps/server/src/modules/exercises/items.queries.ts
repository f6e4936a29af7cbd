import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { DbHandle } from '../../db/client.ts';
import { lit, real, txt } from '../../db/sql-values.ts';
import type { Database, Executor, ExerciseItemTable, ItemAnswerTable } from '../../db/types.ts';
import { chunks } from '../../lib/chunks.ts';
import { keysetAfter } from '../../lib/cursor.ts';
import { containsPattern } from '../../lib/search-text.ts';

/**
 * Statements of exercise items and their answers (migration 0018). The item's `spec` column holds
 * the JSON of what a student must never receive before answering; mapping rows to API shapes is
 * the services' job here, since it needs the spec parsed and resolved per student.
 */

export type ItemRow = Selectable<ExerciseItemTable>;
export type AnswerRow = Selectable<ItemAnswerTable>;

/** Rows per INSERT (15 columns: well under both engines' bound-parameter limits). */
const INSERT_CHUNK = 200;

export async function insertItems(
  db: Executor,
  rows: Insertable<ExerciseItemTable>[],
): Promise<void> {
  for (const part of chunks(rows, INSERT_CHUNK)) {
    await db.insertInto('exercise_items').values(part).execute();
  }
}

/** A live (not deleted) item by id. */
export async function selectItem(db: Executor, id: string): Promise<ItemRow | undefined> {
  return db
    .selectFrom('exercise_items')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function updateItemRow(
  db: Executor,
  id: string,
  values: Updateable<ExerciseItemTable>,
): Promise<void> {
  await db.updateTable('exercise_items').set(values).where('id', '=', id).execute();
}

/** The author's live items, newest first; `words` must all appear in the folded stem. */
export async function selectAuthorItemPage(
  db: Executor,
  authorId: string,
  filter: { words: readonly string[]; skillId: string | undefined },
  after: { created_at: string; id: string } | null,
  limit: number,
): Promise<ItemRow[]> {
  let q = db
    .selectFrom('exercise_items')
    .selectAll()
    .where('author_id', '=', authorId)
    .where('deleted_at', 'is', null);
  if (filter.skillId) q = q.where('skill_id', '=', filter.skillId);
  for (const word of filter.words) {
    q = q.where(sql<boolean>`search like ${containsPattern(word)} escape '\\'`);
  }
  if (after) {
    q = q.where((eb) =>
      keysetAfter(eb, 'desc', [
        ['created_at', after.created_at],
        ['id', after.id],
      ]),
    );
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** A pool's items: public ones, and those written by `authorIds`. */
export function inPool(
  eb: ExpressionBuilder<Database, 'exercise_items'>,
  authorIds: readonly string[],
): Expression<SqlBool> {
  // Literals and casts (db/sql-values.ts): SQLite prepares the practice statements once.
  const isPublic = sql<boolean>`public = 1`;
  return authorIds.length > 0
    ? eb.or([
        isPublic,
        eb(
          'author_id',
          'in',
          authorIds.map((id) => txt(id)),
        ),
      ])
    : isPublic;
}

/**
 * Practice candidates of a skill for a student: the `perSide` live items of the pool (public, or
 * written by one of `authorIds`) whose difficulty is nearest to `center` from above and from
 * below — two range walks of the (skill_id, difficulty) index, whatever the pool's size.
 */
export async function selectPoolCandidates(
  db: Executor,
  authorIds: readonly string[],
  skillId: string,
  center: number,
  perSide: number,
): Promise<Pick<ItemRow, 'id' | 'difficulty' | 'guess'>[]> {
  const side = (op: '>=' | '<', dir: 'asc' | 'desc') =>
    db
      .selectFrom('exercise_items')
      .select(['id', 'difficulty', 'guess'])
      .where('skill_id', '=', txt(skillId))
      .where('difficulty', op, real(center))
      .where('deleted_at', 'is', null)
      .where((eb) => inPool(eb, authorIds))
      .orderBy('difficulty', dir)
      .limit(lit(perSide))
      .execute();
  const [above, below] = await Promise.all([side('>=', 'asc'), side('<', 'desc')]);
  return [...below.reverse(), ...above];
}

/** Items per skill in a pool (skills only). */
export async function selectPoolSkillCounts(
  db: Executor,
  authorIds: readonly string[],
): Promise<{ skill_id: string; items: number }[]> {
  const rows = await db
    .selectFrom('exercise_items')
    .select(['skill_id', (eb) => eb.fn.countAll<number | string>().as('items')])
    .where('deleted_at', 'is', null)
    .where('skill_id', 'is not', null)
    .where((eb) => inPool(eb, authorIds))
    .groupBy('skill_id')
    .execute();
  return rows.map((r) => ({ skill_id: r.skill_id!, items: Number(r.items) }));
}

/**
 * How often and when the student last answered each of these items. On PostgreSQL the ids are
 * one array parameter read as a set: a list of parameters (`in ($2, …, $81)`) is, in the generic
 * plan of the named statement, an array compared element by element with every answer of the
 * student (3 ms for a student with 2,000 answers, against 0.5 ms).
 */
export async function selectSeenItems(
  db: Executor,
  engine: Pick<DbHandle, 'dialect'>,
  userId: string,
  itemIds: readonly string[],
): Promise<{ item_id: string; seen: number; last: string }[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .selectFrom('item_answers')
    .select([
      'item_id',
      (eb) => eb.fn.countAll<number | string>().as('seen'),
      (eb) => eb.fn.max('created_at').as('last'),
    ])
    .where('user_id', '=', txt(userId))
    .where((eb) =>
      engine.dialect === 'postgres'
        ? sql<boolean>`item_id in (select unnest(cast(${[...itemIds]} as text[])))`
        : eb(
            'item_id',
            'in',
            itemIds.map((id) => txt(id)),
          ),
    )
    .groupBy('item_id')
    .execute();
  return rows.map((r) => ({ item_id: r.item_id, seen: Number(r.seen), last: String(r.last) }));
}

export async function selectAnswer(
  db: Executor,
  userId: string,
  id: string,
): Promise<AnswerRow | undefined> {
  return db
    .selectFrom('item_answers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Insert an answer unless its id is known: false when it was (a retry). */
export async function insertAnswer(
  db: Executor,
  row: Insertable<ItemAnswerTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('item_answers')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Move the item's difficulty by `delta` and count the answer. */
export async function addItemDifficulty(db: Executor, id: string, delta: number): Promise<void> {
  await db
    .updateTable('exercise_items')
    .set((eb) => ({
      difficulty: eb('difficulty', '+', delta),
      answer_count: eb('answer_count', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

/** The student's last answers in a skill, newest first, with the items' stems and specs. */
export async function selectSkillAnswers(
  db: Executor,
  userId: string,
  skillKey: string,
  limit: number,
): Promise<(AnswerRow & { stem: string; spec: string; kind: string })[]> {
  return db
    .selectFrom('item_answers as a')
    .innerJoin('exercise_items as i', 'i.id', 'a.item_id')
    .selectAll('a')
    .select(['i.stem', 'i.spec', 'i.kind'])
    .where('a.user_id', '=', userId)
    .where('a.skill_id', '=', skillKey)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}
