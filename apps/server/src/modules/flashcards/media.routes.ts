import { Hono } from 'hono';
import { MEDIA_MAX_BYTES, MEDIA_TYPES } from '@aprenda/shared/schemas/flashcards';
import type { AppContext, AppEnv } from '../../context.ts';
import type { Env } from '../../env.ts';
import type { BodyRoute } from '../../middleware/body-limit.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { idParams, ID_PATTERN } from '../../middleware/validate.ts';
import { readMedia, uploadMedia } from './media.service.ts';

const ID = ID_PATTERN.source.replace(/^\^|\$$/g, '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The one raw-body route of this module, for the body guard (app.ts): image bytes (any of
 * MEDIA_TYPES, or `application/octet-stream` — the bytes decide), at most MEDIA_MAX_BYTES.
 */
export function mediaBodyRoutes(env: Pick<Env, 'API_PREFIX'>): BodyRoute[] {
  return [
    {
      method: 'POST',
      path: new RegExp(`^${escape(env.API_PREFIX)}/decks/${ID}/media$`),
      maxBytes: MEDIA_MAX_BYTES,
      accepts: [...MEDIA_TYPES, 'application/octet-stream'],
      tooLarge: 'media_too_large',
    },
  ];
}

/**
 * Images of cards under the API prefix (docs/api/flashcards.md, "Import and export"; the bytes are
 * kept by the media module, who may upload or read them is decided here from the deck):
 * `POST /decks/{id}/media` (raw image bytes) and `GET /media/{id}`. Served with the type sniffed
 * at upload (never HTML or SVG), `nosniff`, and cached privately for a year: a medium never
 * changes (a new image is a new id).
 */
export function mediaRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.post('/decks/:id/media', requireUser, idParams('id'), async (c) => {
    const user = currentUser(c);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const result = await uploadMedia(ctx, user.id, c.req.valid('param').id, bytes);
    return c.json(result, 201);
  });

  r.get('/media/:id', requireUser, idParams('id'), async (c) => {
    const user = currentUser(c);
    const media = await readMedia(ctx, user.id, c.req.valid('param').id);
    const etag = `"${media.sha256}"`;
    const headers = {
      'content-type': media.mime,
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      etag,
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(media.data, 200, { ...headers, 'content-length': String(media.data.byteLength) });
  });

  return r;
}
