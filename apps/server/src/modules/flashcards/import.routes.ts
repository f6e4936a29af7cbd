import { Hono } from 'hono';
import { z } from 'zod';
import { importRowsSchema } from '@aprenda/shared/schemas/flashcards';
import type { AppContext, AppEnv } from '../../context.ts';
import type { Env } from '../../env.ts';
import type { BodyRoute } from '../../middleware/body-limit.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { idParams, ID_PATTERN, zv } from '../../middleware/validate.ts';
import { exportCsv, importApkg, importRows } from './import.service.ts';

/** A JSON import of up to 20,000 rows is larger than the default JSON limit. */
export const IMPORT_ROWS_MAX_BYTES = 32 * 1024 * 1024;

/** What a browser or tool may call an `.apkg` upload (the bytes decide what it is). */
const APKG_TYPES = [
  'application/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
  'application/apkg',
];

const ID = ID_PATTERN.source.replace(/^\^|\$$/g, '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The body guard's exceptions for these routes (app.ts): the rows import is JSON with a larger
 * limit; the Anki package is raw bytes up to FLASHCARD_IMPORT_MAX_MB (413 `import_too_large`).
 */
export function importBodyRoutes(
  env: Pick<Env, 'API_PREFIX' | 'FLASHCARD_IMPORT_MAX_MB'>,
): BodyRoute[] {
  const api = escape(env.API_PREFIX);
  return [
    {
      method: 'POST',
      path: new RegExp(`^${api}/decks/${ID}/import/rows$`),
      maxBytes: IMPORT_ROWS_MAX_BYTES,
      accepts: 'json',
    },
    {
      method: 'POST',
      path: new RegExp(`^${api}/decks/import/apkg$`),
      maxBytes: Math.floor(env.FLASHCARD_IMPORT_MAX_MB * 1024 * 1024),
      accepts: APKG_TYPES,
      tooLarge: 'import_too_large',
    },
  ];
}

const apkgQuerySchema = z.object({ filename: z.string().max(200).optional() });

/**
 * Import and export of decks under the API prefix (docs/api/flashcards.md, "Import and export"):
 * `POST /decks/{id}/import/rows`, `GET /decks/{id}/export.csv`, `POST /decks/import/apkg`.
 */
export function importRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.post('/decks/import/apkg', requireUser, zv('query', apkgQuerySchema), async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const { filename } = c.req.valid('query');
    const result = await importApkg(ctx, currentUser(c).id, bytes, filename);
    return c.json(result, 201);
  });

  r.post(
    '/decks/:id/import/rows',
    requireUser,
    idParams('id'),
    zv('json', importRowsSchema),
    async (c) => {
      const { rows } = c.req.valid('json');
      const result = await importRows(ctx, currentUser(c).id, c.req.valid('param').id, rows);
      return c.json(result, 201);
    },
  );

  r.get('/decks/:id/export.csv', requireUser, idParams('id'), async (c) => {
    const { fileName, csv } = await exportCsv(ctx, currentUser(c).id, c.req.valid('param').id);
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': attachment(fileName),
      'cache-control': 'private, no-store',
    });
  });

  return r;
}

/** `attachment` with an ASCII fallback name and the real one (RFC 6266 / 8187). */
function attachment(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\/:*?<>|]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
