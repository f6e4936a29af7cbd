import type { Executor } from '../../db/types.ts';

/** Of these classes, the ones the diagram is shared with. */
export async function selectDiagramSharesIn(
  db: Executor,
  diagramId: string,
  classIds: readonly string[],
): Promise<string[]> {
  if (classIds.length === 0) return [];
  const rows = await db
    .selectFrom('diagram_shares')
    .select('class_id')
    .where('diagram_id', '=', diagramId)
    .where('class_id', 'in', classIds)
    .execute();
  return rows.map((r) => r.class_id);
}
