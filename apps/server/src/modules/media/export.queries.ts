import type { Executor } from '../../db/types.ts';

/** For "Baixar meus dados": the images the user uploaded, described (their bytes are not copied). */
export function selectMediaForExport(db: Executor, userId: string) {
  return db
    .selectFrom('media')
    .select(['id', 'deck_id', 'mime', 'size', 'sha256', 'created_at'])
    .where('owner_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
