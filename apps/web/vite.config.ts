import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// Dev server proxy target for /api and /pb (the Aprenda server); override with APRENDA_API_TARGET.
const apiTarget = process.env.APRENDA_API_TARGET ?? 'http://localhost:3000';

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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/pb': apiTarget },
  },
  build: { outDir: 'dist', sourcemap: false },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    passWithNoTests: true,
  },
});
