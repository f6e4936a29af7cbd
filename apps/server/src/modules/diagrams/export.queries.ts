import type { Executor } from '../../db/types.ts';

/** For "Baixar meus dados": the user's diagrams with their Mermaid code. */
export function selectDiagramsForExport(db: Executor, userId: string) {
  return db
    .selectFrom('diagrams')
    .select(['id', 'title', 'description', 'kind', 'code', 'created_at', 'updated_at'])
    .where('owner_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
