import { createHash } from 'node:crypto';
import type { MediaType } from '@aprenda/shared/schemas/flashcards';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/types.ts';
import { uuidv7 } from '../../lib/ids.ts';
import {
  insertMedia,
  deleteMediaRows,
  insertMediaCopy,
  selectDeckMediaBySha,
  selectDeckMediaByShas,
  selectMediaBytes,
  selectMediaMeta,
} from './media.queries.ts';

/*
 * The media module stores images and knows nothing of who may read them: a medium belongs to a
 * deck (`deck_id`) and an owner, and the flashcards module decides access from the deck
 * (modules/flashcards/media.service.ts, which also holds the upload and read routes). So this
 * module depends on no other module.
 */

/**
 * The type of an image, read from the bytes — never from what the client says. Only raster images
 * are kept: PNG, JPEG, GIF, WebP. SVG (which can carry scripts) and anything else is refused by
 * the caller.
 */
export function sniffImage(bytes: Uint8Array): MediaType | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return 'image/png';
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (
    bytes.length >= 6 &&
    (at(0, 0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || at(0, 0x47, 0x49, 0x46, 0x38, 0x39, 0x61))
  ) {
    return 'image/gif';
  }
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) {
    return 'image/webp';
  }
  return null;
}

/** Where the web reads a medium (`![](…)` in a card). */
export function mediaUrl(ctx: Pick<AppContext, 'env'>, id: string): string {
  return `${ctx.env.API_PREFIX}/media/${id}`;
}

export interface StoreMediaInput {
  ownerId: string;
  deckId: string;
  bytes: Uint8Array;
  mime: MediaType;
}

/**
 * Store an image of a deck (inside the caller's transaction when it passes one). The same bytes
 * in the same deck are stored once: the existing id is answered.
 */
export async function storeMedia(
  ctx: Pick<AppContext, 'env' | 'clock'>,
  db: Executor,
  input: StoreMediaInput,
): Promise<{ id: string; url: string }> {
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const existing = await selectDeckMediaBySha(db, input.deckId, sha256);
  if (existing) return { id: existing, url: mediaUrl(ctx, existing) };
  const now = ctx.clock.now();
  const id = uuidv7(now.getTime());
  await insertMedia(db, {
    id,
    owner_id: input.ownerId,
    deck_id: input.deckId,
    mime: input.mime,
    size: input.bytes.byteLength,
    sha256,
    data: input.bytes,
    created_at: now.toISOString(),
  });
  return { id, url: mediaUrl(ctx, id) };
}

/** Where a medium belongs, by id (unknown ids absent): what access is decided from. */
export async function mediaOwners(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { ownerId: string; deckId: string | null }>> {
  const rows = await selectMediaMeta(db, ids);
  return new Map(rows.map((r) => [r.id, { ownerId: r.owner_id, deckId: r.deck_id }]));
}

/** The bytes of a medium and the type they were sniffed as (the caller checked access). */
export function mediaBytes(
  db: Executor,
  id: string,
): Promise<{ mime: string; sha256: string; data: Uint8Array<ArrayBuffer> } | undefined> {
  return selectMediaBytes(db, id);
}

/**
 * Copy media into a deck (inside the caller's transaction), for a card that goes there with its
 * images (a deck copy, a moved card, a card that names another deck's image). The caller decided
 * the user may read them. Media already in that deck keep their id; the same bytes are stored
 * once per deck (as `storeMedia` does). Returns source id → id in the deck; unknown ids absent.
 */
export async function copyMediaToDeck(
  ctx: Pick<AppContext, 'clock'>,
  db: Executor,
  input: { ids: readonly string[]; deckId: string; ownerId: string },
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (input.ids.length === 0) return out;
  const sources = await selectMediaMeta(db, input.ids);
  const foreign = sources.filter((m) => m.deck_id !== input.deckId);
  for (const m of sources) if (m.deck_id === input.deckId) out.set(m.id, m.id);
  if (foreign.length === 0) return out;
  const inDeck = await selectDeckMediaByShas(
    db,
    input.deckId,
    foreign.map((m) => m.sha256),
  );
  const now = ctx.clock.now();
  for (const m of foreign) {
    let id = inDeck.get(m.sha256);
    if (!id) {
      id = uuidv7(now.getTime());
      await insertMediaCopy(db, m.id, {
        id,
        owner_id: input.ownerId,
        deck_id: input.deckId,
        created_at: now.toISOString(),
      });
      inDeck.set(m.sha256, id);
    }
    out.set(m.id, id);
  }
  return out;
}

/**
 * Store an image that belongs to no deck (a whiteboard's, issue 15: the boards module decides who
 * reads it and deletes it with its board). No deduplication.
 */
export async function storeLooseMedia(
  ctx: Pick<AppContext, 'clock'>,
  db: Executor,
  input: { ownerId: string; bytes: Uint8Array; mime: MediaType },
): Promise<string> {
  const now = ctx.clock.now();
  const id = uuidv7(now.getTime());
  await insertMedia(db, {
    id,
    owner_id: input.ownerId,
    deck_id: null,
    mime: input.mime,
    size: input.bytes.byteLength,
    sha256: createHash('sha256').update(input.bytes).digest('hex'),
    data: input.bytes,
    created_at: now.toISOString(),
  });
  return id;
}

/**
 * Copy media to a new owner outside any deck (a duplicated or handed-out board), in the caller's
 * transaction; the bytes never leave the database. Returns source id → new id; unknown ids absent.
 */
export async function copyLooseMedia(
  ctx: Pick<AppContext, 'clock'>,
  db: Executor,
  input: { ids: readonly string[]; ownerId: string },
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (input.ids.length === 0) return out;
  const now = ctx.clock.now();
  for (const m of await selectMediaMeta(db, input.ids)) {
    const id = uuidv7(now.getTime());
    await insertMediaCopy(db, m.id, {
      id,
      owner_id: input.ownerId,
      deck_id: null,
      created_at: now.toISOString(),
    });
    out.set(m.id, id);
  }
  return out;
}

/** Delete media by id (their owner module decided they are no longer used). */
export function deleteMedia(db: Executor, ids: readonly string[]): Promise<void> {
  return deleteMediaRows(db, ids);
}
