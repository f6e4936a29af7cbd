import { Hono } from 'hono';
import {
  BOARD_IMAGE_MAX_BYTES,
  BOARD_IMAGE_TYPES,
  BOARD_SCENE_MAX_BYTES,
  BOARD_THUMBNAIL_MAX_BYTES,
  boardHandoutSchema,
  boardPresentationSchema,
  boardSharesSchema,
  duplicateBoardSchema,
  renameBoardSchema,
} from '@aprenda/shared/schemas/boards';
import type { AppContext, AppEnv } from '../../context.ts';
import type { Env } from '../../env.ts';
import type { BodyRoute } from '../../middleware/body-limit.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { idParams as params, ID_PATTERN, zv } from '../../middleware/validate.ts';
import { boardAccess } from './access.service.ts';
import { answerConflicts, boardEventStream, imageHeaders, jsonBody } from './boards.http.ts';
import {
  boardDetail,
  createBoard,
  deleteBoard,
  duplicateBoard,
  listBoards,
  renameBoard,
} from './boards.service.ts';
import { handOut, handoutCopies, setPresentation, setShares } from './classroom.service.ts';
import { openBoardEvents } from './events.service.ts';
import { readBoardFile, readThumbnail, saveThumbnail, uploadBoardFile } from './files.service.ts';
import { saveScene } from './scene.service.ts';

const ID = ID_PATTERN.source.replace(/^\^|\$$/g, '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Room for `{"version":…,"scene":…}` around a scene of BOARD_SCENE_MAX_BYTES. */
const SCENE_BODY_MAX = BOARD_SCENE_MAX_BYTES + 64 * 1024;

/**
 * The routes of this module with a body limit or type of their own, for the body guard (app.ts):
 * a scene (create, save) up to BOARD_SCENE_MAX_BYTES of JSON; an image's raw bytes (SVG let
 * through to be refused with `media_type_unsupported`); a PNG thumbnail.
 */
export function boardsBodyRoutes(env: Pick<Env, 'API_PREFIX'>): BodyRoute[] {
  const base = `^${escape(env.API_PREFIX)}/boards`;
  return [
    {
      method: 'POST',
      path: new RegExp(`${base}$`),
      maxBytes: SCENE_BODY_MAX,
      accepts: 'json',
      tooLarge: 'board_scene_too_large',
    },
    {
      method: 'PUT',
      path: new RegExp(`${base}/${ID}/scene$`),
      maxBytes: SCENE_BODY_MAX,
      accepts: 'json',
      tooLarge: 'board_scene_too_large',
    },
    {
      method: 'PUT',
      path: new RegExp(`${base}/${ID}/files/${ID}$`),
      maxBytes: BOARD_IMAGE_MAX_BYTES,
      accepts: [...BOARD_IMAGE_TYPES, 'image/svg+xml', 'application/octet-stream'],
      tooLarge: 'media_too_large',
    },
    {
      method: 'PUT',
      path: new RegExp(`${base}/${ID}/thumbnail$`),
      maxBytes: BOARD_THUMBNAIL_MAX_BYTES,
      accepts: ['image/png', 'application/octet-stream'],
      tooLarge: 'media_too_large',
    },
  ];
}

/**
 * Whiteboards under `/api/boards` (docs/api/boards.md). Every route needs a session; what the
 * caller may do comes from the board (access.service.ts) — anyone who may not see it gets 404.
 */
export function boardsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser);

  r.get('/', async (c) => c.json(await listBoards(ctx, currentUser(c).id)));

  r.post('/', async (c) => {
    const body = (await jsonBody(c)) as { title?: unknown; scene?: unknown } | null;
    const { title } = renameBoardSchema.parse({ title: body?.title });
    return c.json(await createBoard(ctx, currentUser(c).id, { title, scene: body?.scene }), 201);
  });

  r.get('/:id', params('id'), async (c) =>
    c.json(
      await boardDetail(ctx, await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id)),
    ),
  );

  r.patch('/:id', params('id'), zv('json', renameBoardSchema), async (c) => {
    const found = await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await renameBoard(ctx, found, c.req.valid('json').title));
  });

  r.post('/:id/duplicate', params('id'), zv('json', duplicateBoardSchema), async (c) => {
    const found = await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await duplicateBoard(ctx, found, c.req.valid('json').title), 201);
  });

  r.delete('/:id', params('id'), async (c) => {
    await deleteBoard(ctx, await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id));
    return c.body(null, 204);
  });

  r.put('/:id/scene', params('id'), async (c) =>
    answerConflicts(c, async () => {
      const found = await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
      return c.json(await saveScene(ctx, found, await jsonBody(c)));
    }),
  );

  // ── Images ──
  r.put('/:id/files/:fileId', params('id', 'fileId'), async (c) => {
    const found = await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const stored = await uploadBoardFile(ctx, found, c.req.valid('param').fileId, bytes);
    const { created, ...answer } = stored;
    return c.json(answer, created ? 201 : 200);
  });

  r.get('/:id/files/:fileId', params('id', 'fileId'), async (c) => {
    const found = await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    const file = await readBoardFile(ctx, found, c.req.valid('param').fileId);
    const etag = `"${file.sha256}"`;
    // A file id keeps its bytes: cached privately for a year.
    const headers = imageHeaders(file.mime, etag, 'private, max-age=31536000, immutable');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(file.data, 200, { ...headers, 'content-length': String(file.data.byteLength) });
  });

  r.put('/:id/thumbnail', params('id'), async (c) => {
    const found = await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    await saveThumbnail(ctx, found, new Uint8Array(await c.req.arrayBuffer()));
    return c.body(null, 204);
  });

  r.get('/:id/thumbnail', params('id'), async (c) => {
    const found = await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    const thumb = await readThumbnail(ctx, found);
    const etag = `"${thumb.sha256}"`;
    // Replaced after saves: revalidated each time (the list's URL changes with the version).
    const headers = imageHeaders('image/png', etag, 'private, no-cache');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(thumb.data, 200, { ...headers, 'content-length': String(thumb.data.byteLength) });
  });

  // ── In the classroom ──
  r.put('/:id/shares', params('id'), zv('json', boardSharesSchema), async (c) => {
    const found = await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await setShares(ctx, found, c.req.valid('json').classIds));
  });

  r.put('/:id/presentation', params('id'), zv('json', boardPresentationSchema), async (c) => {
    const found = await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await setPresentation(ctx, found, c.req.valid('json').classId));
  });

  r.post('/:id/handouts', params('id'), zv('json', boardHandoutSchema), async (c) => {
    const found = await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    const { created, copies } = await handOut(ctx, found, c.req.valid('json').classId);
    return c.json(copies, created > 0 ? 201 : 200);
  });

  r.get('/:id/handouts/:classId', params('id', 'classId'), async (c) => {
    const { id, classId } = c.req.valid('param');
    const found = await boardAccess(ctx, id, currentUser(c).id);
    return c.json(await handoutCopies(ctx, found, classId));
  });

  // ── Live updates ──
  r.get('/:id/events', params('id'), async (c) => {
    const found = await boardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return boardEventStream(c, await openBoardEvents(ctx, found));
  });

  return r;
}
