import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { etag } from 'hono/etag';

/** apps/web/dist, found from this file (not from the working directory). */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Types the web build keeps `.br`/`.gz` copies of (apps/web/vite.config.ts): their responses vary
 * by Accept-Encoding.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml|wasm)|image\/svg\+xml)/;

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
 * Serves the built SPA for GET/HEAD with `@hono/node-server`'s serveStatic: existing files as
 * they are (the build's `.br`/`.gz` copies when the client accepts them; hashed `/assets/*`
 * cached forever), `index.html` with `no-cache`, and every other path → `index.html` (history
 * fallback). Weak ETags (size, mtime, encoding) answer revalidation with 304 (hono/etag). A
 * missing build answers a 503 page saying to run `npm run build`. Paths never leave `root`.
 * Mount it after the API routes and exclude the API prefixes (they answer 404 problems).
 */
export function spa(options: SpaOptions): MiddlewareHandler {
  const root = resolve(options.root);
  // Made on first use once the build exists (it may come after the server starts).
  let files: { any: MiddlewareHandler; index: MiddlewareHandler } | null = null;
  const served = () =>
    (files ??= existsSync(root)
      ? {
          any: serveStatic({ root, precompressed: true }),
          index: serveStatic({ root, path: 'index.html', precompressed: true }),
        }
      : null);
  const missing = async () => {};

  const answer: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();

    let pathname: string;
    try {
      pathname = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Bad Request', 400);
    }
    if (pathname.includes('\0')) return c.text('Bad Request', 400);

    if (pathname !== '/' && pathname !== '/index.html') {
      const file = await served()?.any(c, missing);
      if (file) {
        return cacheable(
          file,
          pathname.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600',
        );
      }
      // A missing hashed asset must not turn into HTML (the browser would cache it as a script).
      if (pathname.startsWith('/assets/')) return c.text('Not Found', 404);
    }

    const index = await served()?.index(c, missing);
    if (!index) {
      return c.html(NOT_BUILT, 503, { 'cache-control': 'no-store', 'retry-after': '10' });
    }
    return cacheable(index, 'no-cache');
  };

  return every(etag(), answer);
}

/** Cache-Control, Vary and a weak ETag (size, mtime, encoding) on a file that serveStatic found. */
function cacheable(res: Response, cacheControl: string): Response {
  if (!res.ok) return res; // 416: an unsatisfiable range
  const headers = res.headers;
  headers.set('cache-control', cacheControl);
  const type = headers.get('content-type') ?? '';
  if (type.startsWith('image/svg+xml')) headers.set('content-type', 'image/svg+xml');
  if (COMPRESSIBLE.test(type)) headers.set('vary', 'accept-encoding');
  const size = Number(headers.get('content-range')?.split('/')[1] ?? headers.get('content-length'));
  const mtime = Date.parse(headers.get('last-modified') ?? '') / 1000;
  const encoding = headers.get('content-encoding');
  headers.set(
    'etag',
    `W/"${size.toString(16)}-${mtime.toString(16)}${encoding ? `-${encoding}` : ''}"`,
  );
  return res;
}
