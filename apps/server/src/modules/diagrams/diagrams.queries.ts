import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DiagramTable, Executor } from '../../db/types.ts';

export type DiagramRow = Selectable<DiagramTable>;
/** A diagram without its code, with its owner's name (lists). */
export type DiagramSummaryRow = Omit<DiagramRow, 'code'> & { owner_name: string };

const SUMMARY_COLUMNS = [
  'd.id',
  'd.owner_id',
  'd.title',
  'd.description',
  'd.kind',
  'd.created_at',
  'd.updated_at',
  'u.name as owner_name',
] as const;

/** The diagram with its owner's name, if it exists. */
export async function selectDiagram(
  db: Executor,
  diagramId: string,
): Promise<(DiagramRow & { owner_name: string }) | undefined> {
  return db
    .selectFrom('diagrams as d')
    .innerJoin('user as u', 'u.id', 'd.owner_id')
    .select([...SUMMARY_COLUMNS, 'd.code'])
    .where('d.id', '=', diagramId)
    .executeTakeFirst();
}

/** The user's own diagrams, last changed first. */
export async function selectOwnDiagrams(
  db: Executor,
  userId: string,
  limit: number,
): Promise<DiagramSummaryRow[]> {
  return db
    .selectFrom('diagrams as d')
    .innerJoin('user as u', 'u.id', 'd.owner_id')
    .select(SUMMARY_COLUMNS)
    .where('d.owner_id', '=', userId)
    .orderBy('d.updated_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** The diagrams shared with any of these classes that the user does not own, last changed first. */
export async function selectClassDiagrams(
  db: Executor,
  userId: string,
  classIds: readonly string[],
  limit: number,
): Promise<DiagramSummaryRow[]> {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('diagrams as d')
    .innerJoin('user as u', 'u.id', 'd.owner_id')
    .select(SUMMARY_COLUMNS)
    .where('d.id', 'in', (eb) =>
      eb.selectFrom('diagram_shares').select('diagram_id').where('class_id', 'in', classIds),
    )
    .where('d.owner_id', '<>', userId)
    .orderBy('d.updated_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many diagrams the user owns. */
export async function countOwnDiagrams(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('diagrams')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDiagram(db: Executor, row: Insertable<DiagramTable>): Promise<void> {
  await db.insertInto('diagrams').values(row).execute();
}

/** Change the diagram; false when it is gone. */
export async function updateDiagramRow(
  db: Executor,
  diagramId: string,
  changes: Updateable<DiagramTable>,
): Promise<boolean> {
  const res = await db
    .updateTable('diagrams')
    .set(changes)
    .where('id', '=', diagramId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Delete the diagram (its shares go by cascade). */
export async function deleteDiagramRow(db: Executor, diagramId: string): Promise<void> {
  await db.deleteFrom('diagram_shares').where('diagram_id', '=', diagramId).execute();
  await db.deleteFrom('diagrams').where('id', '=', diagramId).execute();
}

/** The shares of these diagrams (diagram id → class ids, oldest share first). */
export async function selectSharesOf(
  db: Executor,
  diagramIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (diagramIds.length === 0) return out;
  const rows = await db
    .selectFrom('diagram_shares')
    .select(['diagram_id', 'class_id'])
    .where('diagram_id', 'in', diagramIds)
    .orderBy('created_at')
    .orderBy('class_id')
    .execute();
  for (const r of rows) out.set(r.diagram_id, [...(out.get(r.diagram_id) ?? []), r.class_id]);
  return out;
}

/** Replace the diagram's shares with these classes (in a transaction the service opened). */
export async function replaceShares(
  db: Executor,
  diagramId: string,
  classIds: readonly string[],
  createdAt: string,
): Promise<void> {
  const keep = [...classIds];
  let del = db.deleteFrom('diagram_shares').where('diagram_id', '=', diagramId);
  if (keep.length > 0) del = del.where('class_id', 'not in', keep);
  await del.execute();
  if (keep.length === 0) return;
  await db
    .insertInto('diagram_shares')
    .values(keep.map((class_id) => ({ diagram_id: diagramId, class_id, created_at: createdAt })))
    .onConflict((oc) => oc.columns(['diagram_id', 'class_id']).doNothing())
    .execute();
}
