import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start` (scripts/start.mjs) in a throw-away copy of the repo's shape: a web workspace whose
 * "build" writes dist/index.html, and a server that just says it ran. Checks that the build runs
 * when missing or stale and is skipped when fresh, then the server starts.
 */
const startScript = fileURLToPath(new URL('../../../scripts/start.mjs', import.meta.url));

describe('npm start (scripts/start.mjs)', () => {
  let root: string;
  const built = () => join(root, 'apps/web/dist/index.html');
  const run = () => {
    const r = spawnSync(process.execPath, [join(root, 'scripts/start.mjs')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, npm_config_loglevel: 'silent' },
      timeout: 60_000,
    });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'aprenda-start-'));
    mkdirSync(join(root, 'scripts'));
    copyFileSync(startScript, join(root, 'scripts/start.mjs'));
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({ name: 'fake', private: true, workspaces: ['apps/web'] }),
    );
    mkdirSync(join(root, 'apps/web/src'), { recursive: true });
    writeFileSync(
      join(root, 'apps/web/package.json'),
      JSON.stringify({
        name: '@aprenda/web',
        private: true,
        scripts: {
          build:
            "node -e \"require('fs').mkdirSync('dist',{recursive:true});require('fs').writeFileSync('dist/index.html','built')\"",
        },
      }),
    );
    writeFileSync(join(root, 'apps/web/index.html'), '<!doctype html>');
    writeFileSync(join(root, 'apps/web/src/main.ts'), 'export {};');
    mkdirSync(join(root, 'apps/server/src'), { recursive: true });
    writeFileSync(join(root, 'apps/server/src/server.ts'), "console.log('fake server ran');\n");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds when the build is missing, then starts the server', () => {
    const r = run();
    expect(r.status, r.out).toBe(0);
    expect(r.out).toContain('web build missing');
    expect(existsSync(built())).toBe(true);
    expect(r.out).toContain('fake server ran');
  });

  it('skips the build when it is newer than every source', () => {
    const r = run();
    expect(r.status, r.out).toBe(0);
    expect(r.out).not.toContain('web build');
    expect(r.out).toContain('fake server ran');
  });

  it('rebuilds when a source is newer than the build', () => {
    const builtAt = statSync(built()).mtimeMs / 1000;
    utimesSync(join(root, 'apps/web/src/main.ts'), builtAt + 10, builtAt + 10);
    const r = run();
    expect(r.status, r.out).toBe(0);
    expect(r.out).toContain('web build stale');
    expect(statSync(built()).mtimeMs / 1000).toBeGreaterThan(builtAt);
  });
});
