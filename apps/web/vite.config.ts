import { createReadStream } from 'node:fs';
import { cp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { excalidrawPtBr } from './scripts/excalidraw-pt-br.ts';
import { firstPaintChunks } from './scripts/first-paint-chunks.ts';
import { routePreloads } from './scripts/route-preloads.ts';

// Dev server proxy target for /api and /pb (the Aprenda server); override with APRENDA_API_TARGET.
const apiTarget = process.env.APRENDA_API_TARGET ?? 'http://localhost:3000';

const FONT_FILE = /\.(woff2?|ttf|otf|eot)$/i;

/** Built files worth compressing: text, JSON, SVG, wasm (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(html|m?js|css|json|map|webmanifest|txt|xml|svg|wasm)$/;
const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * After the build, writes `file.br` and `file.gz` beside every compressible file of 1 KiB and up
 * (kept only when smaller): the server sends them to clients that accept them (serveStatic with
 * `precompressed`, apps/server/src/middleware/spa.ts), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'aprenda:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          if (raw.byteLength < MIN_COMPRESS_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
              },
            }),
            gzipAsync(raw, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (br.byteLength < raw.byteLength) await writeFile(`${file}.br`, br);
          if (gz.byteLength < raw.byteLength) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** Where the web serves Excalidraw's fonts (features/whiteboard/lib/paths.ts, EXCALIDRAW_ASSET_PATH). */
const EXCALIDRAW_ASSETS_URL = '/assets/excalidraw/';

/**
 * Excalidraw's fonts, served by our own server (the CSP allows fonts from 'self' only, and no CDN
 * is ever asked): the build copies `@excalidraw/excalidraw/dist/prod/fonts` to
 * `dist/assets/excalidraw/fonts` (hashed names, so the server caches them for good); the dev
 * server answers the same paths from node_modules. The whiteboard sets
 * `window.EXCALIDRAW_ASSET_PATH` to that folder before it loads Excalidraw.
 */
function excalidrawAssets(): Plugin {
  const fonts = join(
    dirname(createRequire(import.meta.url).resolve('@excalidraw/excalidraw')),
    'fonts',
  );
  let outDir = '';
  return {
    name: 'aprenda:excalidraw-assets',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(`${EXCALIDRAW_ASSETS_URL}fonts/`, (req, res, next) => {
        const path = normalize(join(fonts, decodeURIComponent((req.url ?? '').split('?')[0]!)));
        if (!path.startsWith(fonts + sep)) return next();
        stat(path).then(
          (s) => {
            if (!s.isFile()) return next();
            res.setHeader('content-type', 'font/woff2');
            createReadStream(path).pipe(res);
          },
          () => next(),
        );
      });
    },
    // Excalidraw adds a CDN copy (esm.sh) after our URL to every font face; the CSP refuses it and
    // reports a violation per face. Its fallback becomes our own folder: no third origin at all.
    transform(code, id) {
      if (!/[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]/.test(id)) return null;
      if (!code.includes('ASSETS_FALLBACK_URL')) return null;
      const patched = code.replace(
        /`https:\/\/esm\.sh\/\$\{.*?"@excalidraw\/excalidraw"\}\/dist\/prod\/`/,
        `(window.location.origin + ${JSON.stringify(EXCALIDRAW_ASSETS_URL)})`,
      );
      if (patched === code || patched.includes('esm.sh')) {
        this.error(`Excalidraw's font fallback (esm.sh) was not replaced in ${id}`);
      }
      return { code: patched, map: null };
    },
    async writeBundle() {
      await cp(fonts, join(outDir, 'assets/excalidraw/fonts'), { recursive: true });
    },
  };
}

/**
 * Mermaid (12.3) draws a label without HTML (`htmlLabels: false`, our setting: lib/mermaid.ts)
 * word by word, taking words with `/<[^>]+>|[^\s<>]+/g`: a `<` or `>` that is not part of a tag
 * is dropped, so "Δ > 0" was drawn "Δ 0" and "x>1" "x 1" — wrong maths on a diagram. Here the
 * words are everything between spaces (SVG text shows a tag-like word as the text it is). In the
 * build and in the dev server's pre-bundling; a Mermaid whose word splitter changed fails the
 * build, so an upgrade is looked at (its fix may make this unnecessary).
 */
const MERMAID_WORDS = 'line.trim().match(/<[^>]+>|[^\\s<>]+/g)';
function mermaidAngleBrackets(): Plugin {
  return {
    name: 'aprenda:mermaid-angle-brackets',
    transform(code, id) {
      if (!/[\\/]mermaid[\\/]dist[\\/]/.test(id)) return null;
      if (!code.includes('function nonMarkdownToLines(')) return null;
      if (!code.includes(MERMAID_WORDS)) {
        this.error(`Mermaid's label word splitter was not found in ${id} (see vite.config.ts)`);
      }
      return { code: code.replace(MERMAID_WORDS, 'line.trim().match(/\\S+/g)'), map: null };
    },
  };
}

/**
 * zod 4 probes `new Function("")` (its JIT for object parsing) when its first object schema is
 * built; under our CSP (script-src 'self', no 'unsafe-eval') that probe is refused and the
 * browser reports a `securitypolicyviolation`, even though zod catches it. `jitless` skips the
 * probe: this sets it inside zod's core module, before zod reads its global config — whatever
 * order the chunks load in. The server keeps zod's JIT.
 */
function zodJitless(): Plugin {
  return {
    name: 'aprenda:zod-jitless',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id.split('?')[0]!)) return null;
      return {
        code: `globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });\n${code}`,
        map: null,
      };
    },
  };
}

const firstPaint = firstPaintChunks();

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    zodJitless(),
    excalidrawAssets(),
    mermaidAngleBrackets(),
    excalidrawPtBr(),
    firstPaint.plugin,
    routePreloads(),
    precompress(),
  ],
  // The dev server pre-bundles Mermaid and Excalidraw: the same mends there.
  optimizeDeps: { rolldownOptions: { plugins: [mermaidAngleBrackets(), excalidrawPtBr()] } },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/pb': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Fonts are never inlined as data: URLs — the CSP allows fonts from 'self' only (font-src),
    // and KaTeX's smallest fonts (under Vite's 4 KiB default) would otherwise be blocked.
    assetsInlineLimit: (file) => (FONT_FILE.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        // Few files on a first visit (decision 0039, scripts/first-paint-chunks.ts).
        codeSplitting: { groups: firstPaint.groups },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // scripts/: the first-load measurement (builds the app; its test runs in Node).
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    passWithNoTests: true,
  },
});
