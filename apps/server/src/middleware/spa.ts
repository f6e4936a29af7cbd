import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
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
  /**
   * The runtime configuration (what `GET {API_PREFIX}/config` answers): written into every
   * index.html served as a JSON data block, `<script id="aprenda-config"
   * type="application/json">`, so the web starts without asking for it (decision 0033).
   */
  config?: unknown;
  /**
   * The session check the web starts with (`{RECORDS_PREFIX}/auth/get-session`): a request that
   * carries a Better Auth session cookie gets `<link rel="preload" as="fetch">` for it in the page,
   * so the browser asks while it still fetches the scripts (lib/auth-session.ts makes the same
   * request, which the preload answers).
   */
  sessionCheck?: string;
}

/**
 * Written into the page of a request without a session cookie (when `sessionCheck` is given):
 * nobody can be signed in there, so the web starts signed out instead of asking the server first
 * (lib/session.ts `pageSaysSignedOut`). The page already varies by cookie.
 */
export const SIGNED_OUT_META = '<meta name="aprenda-session" content="none">';

/** Better Auth's session cookie (`__Secure-` prefixed over HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;\s]/;

/** The id of the data block that carries the runtime configuration in the served index.html. */
export const CONFIG_ELEMENT_ID = 'aprenda-config';

/**
 * The data block for `config`: JSON with every `<` written as `\u003c` (still the same JSON), so
 * no value can close the element (`</script>`) or open a comment. A `type="application/json"`
 * script is never executed: the CSP's `script-src 'self'` does not apply to it.
 */
export function configBlock(config: unknown): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script id="${CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** index.html with `block` at the end of its head (or before its first script, or first). */
export function injectIntoIndex(html: string, block: string): string {
  const head = html.search(/<\/head\s*>/i);
  if (head >= 0) return html.slice(0, head) + block + html.slice(head);
  const script = html.search(/<script[\s>]/i);
  if (script >= 0) return html.slice(0, script) + block + html.slice(script);
  return block + html;
}

/**
 * Written by the web build beside index.html (apps/web/scripts/route-preloads.ts): per route path
 * (React Router syntax: `:param` segments, `*`), the files its first paint needs beyond the entry.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface RoutePreload {
  /** The path's segments (`:x` matches one segment, `*` the rest). */
  segments: string[];
  /** `<link rel="modulepreload">` tags of its files. */
  links: string;
}

/** The route preloads of a build; none when the file is missing or not what the build writes. */
function readRoutePreloads(file: string): RoutePreload[] {
  let table: unknown;
  try {
    table = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const routes = (table as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes)) return [];
  const out: RoutePreload[] = [];
  for (const route of routes as Array<{ path?: unknown; files?: unknown }>) {
    if (typeof route?.path !== 'string' || !Array.isArray(route.files)) continue;
    // Hashed names of the build: nothing to escape, and anything else is not written.
    const files = route.files.filter(
      (f): f is string => typeof f === 'string' && /^assets\/[\w.-]+\.js$/.test(f),
    );
    out.push({
      segments: route.path.split('/').filter(Boolean),
      links: files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join(''),
    });
  }
  return out;
}

/** The route `pathname` renders: an exact match of every segment first, else a `*` route. */
export function matchRoute<T extends { segments: string[] }>(
  routes: readonly T[],
  pathname: string,
): T | undefined {
  const parts = pathname.split('/').filter(Boolean);
  const exact = routes.find(
    (r) =>
      r.segments.length === parts.length &&
      r.segments.every((s, i) => s === parts[i] || (s.startsWith(':') && parts[i] !== '')),
  );
  if (exact) return exact;
  return routes.find((r) => {
    const star = r.segments.indexOf('*');
    if (star < 0 || parts.length < star) return false;
    return r.segments.slice(0, star).every((s, i) => s === parts[i] || s.startsWith(':'));
  });
}

interface RenderedIndex {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** One build's index.html with the config, and its variants per route (made on first use). */
interface IndexBuild {
  /** mtime and size of index.html and route-preloads.json: a new build is picked up. */
  stamp: string;
  html: string;
  routes: RoutePreload[];
  /** Per route, without and with the session check's preload. */
  variants: Map<RoutePreload | null, [RenderedIndex | null, RenderedIndex | null]>;
}

function render(html: string): RenderedIndex {
  const identity = Buffer.from(html);
  return {
    etag: createHash('sha256').update(identity).digest('base64url').slice(0, 16),
    identity,
    br: brotliCompressSync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: zlib.Z_BEST_COMPRESSION }),
  };
}

function stampOf(file: string): string | null {
  try {
    const stats = statSync(file);
    if (!stats.isFile()) return null;
    return `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs / 1000).toString(16)}`;
  } catch {
    return null;
  }
}

/** The encoding to answer with, from Accept-Encoding (brotli first, then gzip; q=0 refuses). */
function negotiate(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Serves the built SPA for GET/HEAD with `@hono/node-server`'s serveStatic: existing files as
 * they are (the build's `.br`/`.gz` copies when the client accepts them; hashed `/assets/*`
 * cached forever), `index.html` with `no-cache` — with the runtime configuration written into it
 * when `config` is given, and the `<link rel="modulepreload">` tags of the path's screens
 * (ROUTE_PRELOADS_FILE; compressed here, once per build and route) — and every other path →
 * `index.html` (history fallback). Weak ETags (size, mtime, encoding) answer revalidation with 304 (hono/etag). A
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

  // index.html with the configuration in it and the route's preloads, compressed once per build
  // and route (the files are read again only when their mtime or size changes).
  const block = options.config === undefined ? null : configBlock(options.config);
  let build: IndexBuild | null = null;
  const sessionPreload = options.sessionCheck
    ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${options.sessionCheck.replace(/[^\w/.-]/g, '')}">`
    : '';
  const renderIndex = (pathname: string, signedIn: boolean): RenderedIndex | null => {
    const indexFile = join(root, 'index.html');
    const preloadsFile = join(root, ROUTE_PRELOADS_FILE);
    const indexStamp = stampOf(indexFile);
    if (!indexStamp) return null;
    const stamp = `${indexStamp}/${stampOf(preloadsFile) ?? ''}`;
    if (build?.stamp !== stamp) {
      build = {
        stamp,
        html: readFileSync(indexFile, 'utf8'),
        routes: readRoutePreloads(preloadsFile),
        variants: new Map(),
      };
    }
    const route = matchRoute(build.routes, pathname === '/index.html' ? '/' : pathname) ?? null;
    const both = build.variants.get(route) ?? [null, null];
    build.variants.set(route, both);
    const which = signedIn && sessionPreload ? 1 : 0;
    const session = sessionPreload ? (which ? sessionPreload : SIGNED_OUT_META) : '';
    return (both[which] ??= render(
      injectIntoIndex(build.html, (block ?? '') + session + (route?.links ?? '')),
    ));
  };
  const sendIndex = (
    pathname: string,
    method: string,
    acceptEncoding: string | undefined,
    cookie: string | undefined,
  ): Response | null => {
    const index = renderIndex(pathname, SESSION_COOKIE.test(cookie ?? ''));
    if (!index) return null;
    const encoding = negotiate(acceptEncoding);
    const body = encoding === 'br' ? index.br : encoding === 'gzip' ? index.gzip : index.identity;
    const headers = new Headers({
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(body.byteLength),
      'cache-control': 'no-cache',
      vary: options.sessionCheck ? 'accept-encoding, cookie' : 'accept-encoding',
      etag: `W/"${index.etag}${encoding ? `-${encoding}` : ''}"`,
    });
    if (encoding) headers.set('content-encoding', encoding);
    return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };

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

    if (block !== null) {
      const index = sendIndex(
        pathname,
        c.req.method,
        c.req.header('accept-encoding'),
        c.req.header('cookie'),
      );
      if (index) return index;
    } else {
      const index = await served()?.index(c, missing);
      if (index) return cacheable(index, 'no-cache');
    }
    return c.html(NOT_BUILT, 503, { 'cache-control': 'no-store', 'retry-after': '10' });
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
