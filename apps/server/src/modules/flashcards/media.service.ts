import { MEDIA_MAX_BYTES, type MediaUploadResult } from '@aprenda/shared/schemas/flashcards';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { mediaBytes, mediaOwners, sniffImage, storeMedia } from '../media/public.ts';
import { deckAccess, requireOwner } from './access.service.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'env'>;

/*
 * Who may upload and read a deck's images. The media module only stores them; the access rules
 * are the deck's, so they live here (docs/api/flashcards.md, "Import and export" and "Images").
 */

/**
 * POST /decks/{id}/media: an image for the deck's cards, by its owner only (readers of a class
 * deck get 403 `owner_only`, anyone else 404). The bytes decide the type; more than
 * MEDIA_MAX_BYTES is 413 `media_too_large` (the body guard already stops larger bodies).
 */
export async function uploadMedia(
  ctx: Ctx,
  userId: string,
  deckId: string,
  bytes: Uint8Array,
): Promise<MediaUploadResult> {
  const access = await deckAccess(ctx, deckId, userId);
  requireOwner(access);
  if (bytes.byteLength === 0) throw badRequest('The body must be the image bytes');
  if (bytes.byteLength > MEDIA_MAX_BYTES) {
    throw new AppError('media_too_large', `An image may have at most ${MEDIA_MAX_BYTES} bytes`);
  }
  const mime = sniffImage(bytes);
  if (!mime) {
    throw new AppError('media_type_unsupported', 'Only PNG, JPEG, GIF and WebP images are kept');
  }
  return storeMedia(ctx, ctx.db.db, { ownerId: userId, deckId, bytes, mime });
}

/**
 * GET /media/{id}: the bytes, for whoever may read the deck they belong to (a medium of no deck:
 * its owner only); anyone else 404.
 */
export async function readMedia(
  ctx: Ctx,
  userId: string,
  id: string,
): Promise<{ mime: string; sha256: string; data: Uint8Array<ArrayBuffer> }> {
  const owner = (await mediaOwners(ctx.db.db, [id])).get(id);
  if (!owner) throw notFound('No such image');
  if (owner.deckId !== null) await deckAccess(ctx, owner.deckId, userId);
  else if (owner.ownerId !== userId) throw notFound('No such image');
  const media = await mediaBytes(ctx.db.db, id);
  if (!media) throw notFound('No such image');
  return media;
}
