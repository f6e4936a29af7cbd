import { createHash } from 'node:crypto';
import {
  BOARD_FILE_ID_PATTERN,
  BOARD_IMAGE_MAX_BYTES,
  BOARD_THUMBNAIL_MAX_BYTES,
} from '@aprenda/shared/schemas/boards';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { mediaBytes, sniffImage, storeLooseMedia } from '../media/public.ts';
import { requireOwner, type BoardAccess, type Ctx, type ReadCtx } from './access.service.ts';
import { insertBoardFiles } from './boards.queries.ts';
import { checkQuota } from './boards.service.ts';
import {
  addFilesBytes,
  selectBoardFile,
  selectThumbnail,
  updateThumbnail,
} from './files.queries.ts';

/*
 * A board's images (docs/api/boards.md, "Images"): uploaded apart from the scene by the owner,
 * under Excalidraw's file id, stored by the media module (no deck), read by whoever may read the
 * board. The bytes decide the type (PNG, JPEG, GIF, WebP; SVG is refused: it can carry script).
 * A file id keeps its bytes: uploading it again answers what is stored.
 */

export interface StoredBoardFile {
  fileId: string;
  mime: string;
  bytes: number;
  created: boolean;
}

function checkFileId(fileId: string): void {
  if (!BOARD_FILE_ID_PATTERN.test(fileId)) throw notFound('No such image');
}

/** PUT /boards/{id}/files/{fileId} (owner only). */
export async function uploadBoardFile(
  ctx: Ctx,
  access: BoardAccess,
  fileId: string,
  bytes: Uint8Array,
): Promise<StoredBoardFile> {
  requireOwner(access);
  if (!BOARD_FILE_ID_PATTERN.test(fileId)) {
    throw badRequest('Invalid file id', [
      { path: 'fileId', code: 'invalid_format', message: 'Letters, digits, _ and - only' },
    ]);
  }
  if (bytes.byteLength === 0) throw badRequest('The body must be the image bytes');
  if (bytes.byteLength > BOARD_IMAGE_MAX_BYTES) {
    throw new AppError(
      'media_too_large',
      `An image may have at most ${BOARD_IMAGE_MAX_BYTES} bytes`,
    );
  }
  const mime = sniffImage(bytes);
  if (!mime) {
    throw new AppError('media_type_unsupported', 'Only PNG, JPEG, GIF and WebP images are kept');
  }
  const boardId = access.board.id;
  return inTransaction(ctx.db, async (trx) => {
    const existing = await selectBoardFile(trx, boardId, fileId);
    if (existing) return { fileId, mime: existing.mime, bytes: existing.bytes, created: false };
    await checkQuota(ctx, trx, access.userId, bytes.byteLength);
    const mediaId = await storeLooseMedia(ctx, trx, {
      ownerId: access.board.owner_id,
      bytes,
      mime,
    });
    await insertBoardFiles(trx, [
      {
        board_id: boardId,
        file_id: fileId,
        media_id: mediaId,
        mime,
        bytes: bytes.byteLength,
        created_at: ctx.clock.now().toISOString(),
      },
    ]);
    await addFilesBytes(trx, boardId, bytes.byteLength);
    return { fileId, mime, bytes: bytes.byteLength, created: true };
  });
}

/** GET /boards/{id}/files/{fileId}: the bytes, for whoever may read the board. */
export async function readBoardFile(
  ctx: ReadCtx,
  access: BoardAccess,
  fileId: string,
): Promise<{ mime: string; sha256: string; data: Uint8Array<ArrayBuffer> }> {
  checkFileId(fileId);
  const file = await selectBoardFile(ctx.db.db, access.board.id, fileId);
  if (!file) throw notFound('No such image');
  const media = await mediaBytes(ctx.db.db, file.media_id);
  if (!media) throw notFound('No such image');
  return media;
}

/** PUT /boards/{id}/thumbnail (owner only): a PNG of at most BOARD_THUMBNAIL_MAX_BYTES. */
export async function saveThumbnail(ctx: Ctx, access: BoardAccess, png: Uint8Array): Promise<void> {
  requireOwner(access);
  if (png.byteLength === 0) throw badRequest('The body must be the PNG bytes');
  if (png.byteLength > BOARD_THUMBNAIL_MAX_BYTES) {
    throw new AppError(
      'media_too_large',
      `A thumbnail may have at most ${BOARD_THUMBNAIL_MAX_BYTES} bytes`,
    );
  }
  if (sniffImage(png) !== 'image/png') {
    throw new AppError('media_type_unsupported', 'A thumbnail is a PNG image');
  }
  await inTransaction(ctx.db, async (trx) => {
    const growth = png.byteLength - access.board.thumbnail_bytes;
    if (growth > 0) await checkQuota(ctx, trx, access.userId, growth);
    await updateThumbnail(trx, access.board.id, png);
  });
}

/** GET /boards/{id}/thumbnail: the PNG and its hash (ETag), for whoever may read the board. */
export async function readThumbnail(
  ctx: ReadCtx,
  access: BoardAccess,
): Promise<{ sha256: string; data: Uint8Array<ArrayBuffer> }> {
  const data = await selectThumbnail(ctx.db.db, access.board.id);
  if (!data) throw notFound('No thumbnail');
  return { sha256: createHash('sha256').update(data).digest('hex'), data };
}
