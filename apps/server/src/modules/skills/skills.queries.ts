import type { Page } from '@aprenda/shared/schemas/common';
import type { Skill } from '@aprenda/shared/schemas/skills';
import type { Insertable, Selectable } from 'kysely';
import type { Executor, SkillTable } from '../../db/types.ts';
import { decodeCursor, keysetAfter, pageOf } from '../../lib/cursor.ts';

type SkillRow = Pick<Selectable<SkillTable>, 'id' | 'code' | 'name' | 'built_in' | 'created_at'>;

/** A unique constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function toSkill(row: SkillRow): Skill {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    built_in: Number(row.built_in) === 1,
    created_at: row.created_at,
  };
}

const COLUMNS = ['id', 'code', 'name', 'built_in', 'created_at', 'sort_key'] as const;

/**
 * A page of the catalogue in list order (sort_key, id: index skills_sort_idx), keeping the rows
 * whose folded text holds every word. Words are letters and digits only (no LIKE wildcards).
 */
export async function selectSkillPage(
  db: Executor,
  words: string[],
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<Skill>> {
  const after = page.cursor ? decodeCursor(page.cursor, 2) : null;
  let q = db.selectFrom('skills').select(COLUMNS);
  for (const word of words) q = q.where('search', 'like', `%${word}%`);
  if (after) {
    q = q.where((eb) =>
      keysetAfter(eb, 'asc', [
        ['sort_key', after[0]!],
        ['id', after[1]!],
      ]),
    );
  }
  const rows = await q
    .orderBy('sort_key', 'asc')
    .orderBy('id', 'asc')
    .limit(page.limit + 1)
    .execute();
  const { rows: pageRows, nextCursor } = pageOf(rows, page.limit, (r) => [r.sort_key, r.id]);
  return { items: pageRows.map(toSkill), nextCursor };
}

export async function insertSkill(db: Executor, row: Insertable<SkillTable>): Promise<Skill> {
  await db.insertInto('skills').values(row).execute();
  return toSkill({
    id: row.id,
    code: row.code ?? null,
    name: row.name,
    built_in: row.built_in ?? 0,
    created_at: row.created_at,
  });
}

/** The skills among `ids` that exist (for other modules checking a `skill_id`). */
export async function selectSkillsByIds(db: Executor, ids: readonly string[]): Promise<Skill[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('skills').select(COLUMNS).where('id', 'in', ids).execute();
  return rows.map(toSkill);
}
