#!/usr/bin/env node
// `npm start`: build the web app when its build is missing or stale, then run the server
// (migrations and the demo seed happen in the server). Works on Node >= 22.12.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest mtime of a file or of every file under a folder (node_modules and dist skipped). */
function newestMtime(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function buildIsStale() {
  if (!existsSync(builtIndex)) return 'missing';
  const builtAt = statSync(builtIndex).mtimeMs;
  const sources = [
    join(web, 'src'),
    join(web, 'index.html'),
    join(web, 'vite.config.ts'),
    join(web, 'public'),
    join(root, 'packages/shared/src'),
  ];
  return sources.some((s) => newestMtime(s) > builtAt) ? 'stale' : null;
}

if (!existsSync(join(web, 'index.html'))) {
  console.warn('[start] apps/web/index.html not found: skipping the web build (API only).');
} else {
  const reason = buildIsStale();
  if (reason) {
    console.log(`[start] web build ${reason}: running npm run build -w @aprenda/web`);
    const build = spawnSync(npm, ['run', 'build', '-w', '@aprenda/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) {
      console.error('[start] the web build failed; fix it or run `npm run build` to see why.');
      process.exit(build.status ?? 1);
    }
  }
}

// Node < 23.6 needs the flag to run TypeScript by type stripping.
const [major, minor] = process.versions.node.split('.').map(Number);
const nodeArgs = major < 23 || (major === 23 && minor < 6) ? ['--experimental-strip-types'] : [];

const server = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
