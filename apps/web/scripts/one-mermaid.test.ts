// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15, point 3: one Mermaid in the whole app. Excalidraw's converter
 * (`@excalidraw/mermaid-to-excalidraw`) asks for Mermaid 11; the root package.json overrides it to
 * ours, so the lockfile — what `npm ci` installs and the build bundles — holds a single copy.
 */
describe('the lockfile', () => {
  const lock = JSON.parse(
    readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8'),
  ) as { packages: Record<string, { version?: string }> };

  it('installs exactly one mermaid, the one the web and the server depend on', () => {
    const copies = Object.entries(lock.packages)
      .filter(([path]) => /(^|\/)node_modules\/mermaid$/.test(path))
      .map(([path, entry]) => `${path}@${entry.version}`);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatch(/^node_modules\/mermaid@12\./);
  });
});
