import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Context, MiddlewareHandler } from 'hono';

/** apps/web/dist, found from this file (not from the working directory). */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Aprenda</title></head>
<body>
<h1>Aprenda</h1>
<p>O aplicativo web ainda não foi compilado. Rode <code>npm run build</code> (ou <code>npm start</code>) e recarregue.</p>
<p lang="en">The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p>
</body></html>
`;

export interface SpaOptions {
  /** Folder with the built web app (index.html, assets/). */
  root: string;
}

/**
 * Serves the built SPA for GET/HEAD: existing files as they are (hashed `/assets/*` cached
 * forever), `index.html` with `no-cache`, and every other path → `index.html` (history fallback).
 * A missing build answers a 503 page saying to run `npm run build`. Paths never leave `root`.
 * Mount it after the API routes and exclude the API prefixes (they answer 404 problems).
 */
export function spa(options: SpaOptions): MiddlewareHandler {
  const root = resolve(options.root);
  const indexFile = resolve(root, 'index.html');

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();

    let pathname: string;
    try {
      pathname = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Bad Request', 400);
    }
    if (pathname.includes('\0')) return c.text('Bad Request', 400);

    if (pathname !== '/' && pathname !== '/index.html') {
      const file = resolve(root, `.${pathname}`);
      if (file.startsWith(root + sep)) {
        const info = await fileInfo(file);
        if (info) {
          const immutable = pathname.startsWith('/assets/');
          return sendFile(c, file, info, immutable ? IMMUTABLE : 'public, max-age=3600');
        }
      }
      // A missing hashed asset must not turn into HTML (the browser would cache it as a script).
      if (pathname.startsWith('/assets/')) return c.text('Not Found', 404);
    }

    const index = await fileInfo(indexFile);
    if (!index) {
      return c.html(NOT_BUILT, 503, { 'cache-control': 'no-store', 'retry-after': '10' });
    }
    return sendFile(c, indexFile, index, 'no-cache');
  };
}

interface FileInfo {
  size: number;
  mtimeMs: number;
}

async function fileInfo(path: string): Promise<FileInfo | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

function sendFile(c: Context, path: string, info: FileInfo, cacheControl: string): Response {
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': cacheControl,
    etag,
    'last-modified': new Date(info.mtimeMs).toUTCString(),
  };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers['content-length'] = String(info.size);
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  return new Response(stream, { status: 200, headers });
}
