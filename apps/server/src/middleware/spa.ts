import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
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

/** Text-like files are sent compressed (brotli or gzip), compressed once and kept in memory. */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml|wasm)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;
const MAX_COMPRESS_BYTES = 16 * 1024 * 1024;
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
type Encoding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

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
  const compressed = new CompressedCache();
  const sendFile = (c: Context, path: string, info: FileInfo, cacheControl: string) =>
    send(c, path, info, cacheControl, compressed);

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

async function send(
  c: Context,
  path: string,
  info: FileInfo,
  cacheControl: string,
  cache: CompressedCache,
): Promise<Response> {
  const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const compressible =
    COMPRESSIBLE.test(type) && info.size >= MIN_COMPRESS_BYTES && info.size <= MAX_COMPRESS_BYTES;
  const encoding = compressible ? preferredEncoding(c.req.header('accept-encoding')) : null;
  const tag = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
  const etag = `W/"${tag}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': cacheControl,
    etag,
    'last-modified': new Date(info.mtimeMs).toUTCString(),
  };
  if (compressible) headers.vary = 'accept-encoding';
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  if (encoding) {
    const body = await cache.get(path, tag, encoding);
    if (body) {
      headers['content-encoding'] = encoding;
      headers['content-length'] = String(body.byteLength);
      return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), {
        status: 200,
        headers,
      });
    }
  }
  headers['content-length'] = String(info.size);
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  return new Response(stream, { status: 200, headers });
}

/** `br` when the client accepts it, else `gzip`, else none (q=0 means "not acceptable"). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Compressed copies of built files, keyed by path + size/mtime, bounded in total size. */
class CompressedCache {
  private entries = new Map<string, Promise<Buffer | null>>();
  private sizes = new Map<string, number>();
  private total = 0;

  get(path: string, tag: string, encoding: Encoding): Promise<Buffer | null> {
    const key = `${encoding}:${tag}:${path}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = this.compress(path, encoding).then((buf) => {
        if (!buf) {
          this.entries.delete(key);
          return null;
        }
        this.sizes.set(key, buf.byteLength);
        this.total += buf.byteLength;
        this.evict();
        return buf;
      });
      this.entries.set(key, entry);
    }
    return entry;
  }

  private async compress(path: string, encoding: Encoding): Promise<Buffer | null> {
    try {
      const raw = await readFile(path);
      return encoding === 'br'
        ? await brotli(raw, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 9,
              [zlib.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
            },
          })
        : await gzipAsync(raw, { level: 9 });
    } catch {
      return null;
    }
  }

  private evict(): void {
    for (const key of this.sizes.keys()) {
      if (this.total <= CACHE_MAX_BYTES) break;
      this.total -= this.sizes.get(key)!;
      this.sizes.delete(key);
      this.entries.delete(key);
    }
  }
}
