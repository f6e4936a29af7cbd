import type { BoardSaved } from '@aprenda/shared/schemas/boards';
import { saveBoardSceneSchema } from '@aprenda/shared/schemas/boards';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { requireOwner, type BoardAccess, type Ctx } from './access.service.ts';
import { selectBoardScene, updateSceneIfVersion } from './boards.queries.ts';
import { checkQuota } from './boards.service.ts';
import { boardsRuntime } from './runtime.ts';
import { prepareScene } from './scene-sanitise.ts';

/** A save based on a version that is no longer the stored one (409 with `currentVersion`). */
export class BoardVersionConflict extends AppError {
  readonly currentVersion: number;
  constructor(currentVersion: number) {
    super(
      'board_version_conflict',
      `The board changed since this version (now ${currentVersion}): reload it or overwrite`,
    );
    this.currentVersion = currentVersion;
  }
}

/**
 * PUT /boards/{id}/scene (owner only): the scene replaces the stored one if `version` is still
 * the stored version (else 409 with the current one); sanitised and measured (prepareScene);
 * within the quota. Readers of the board get a `scene` event.
 */
export async function saveScene(ctx: Ctx, access: BoardAccess, body: unknown): Promise<BoardSaved> {
  requireOwner(access);
  const version = saveBoardSceneSchema.shape.version.safeParse(
    (body as { version?: unknown } | null)?.version,
  );
  if (!version.success) {
    throw badRequest('Invalid input', [
      { path: 'version', code: 'invalid_type', message: 'A whole number ≥ 0' },
    ]);
  }
  const prepared = prepareScene((body as { scene?: unknown }).scene);
  const now = ctx.clock.now().toISOString();
  const boardId = access.board.id;
  const saved = await inTransaction(ctx.db, async (trx) => {
    const stored = await selectBoardScene(trx, boardId);
    if (!stored) throw new AppError('not_found', 'No such board');
    if (stored.version !== version.data) throw new BoardVersionConflict(stored.version);
    const growth = prepared.bytes - Buffer.byteLength(stored.scene, 'utf8');
    if (growth > 0) await checkQuota(ctx, trx, access.userId, growth);
    const ok = await updateSceneIfVersion(trx, boardId, version.data, {
      scene: prepared.text,
      scene_bytes: prepared.bytes,
      updated_at: now,
    });
    if (!ok) {
      const current = await selectBoardScene(trx, boardId);
      throw new BoardVersionConflict(current?.version ?? stored.version);
    }
    return version.data + 1;
  });
  await boardsRuntime(ctx).hub.publish({ type: 'scene', boardId, version: saved });
  return {
    version: saved,
    updatedAt: now,
    sizeBytes: prepared.bytes + access.board.files_bytes,
  };
}
