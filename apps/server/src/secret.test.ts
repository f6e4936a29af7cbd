import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSecret, SECRET_FILE_NAME } from './secret.ts';

describe('resolveSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'aprenda-secret-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('uses APP_SECRET when set and writes nothing', () => {
    const secret = 'a'.repeat(40);
    expect(resolveSecret({ APP_SECRET: secret, NODE_ENV: 'development', DATA_DIR: dir })).toBe(
      secret,
    );
    expect(() => statSync(join(dir, SECRET_FILE_NAME))).toThrow();
  });

  it('generates 48 random bytes once, stores them with mode 0600 and reuses them', () => {
    const dataDir = join(dir, 'nested', 'data');
    const first = resolveSecret({
      APP_SECRET: undefined,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
    });
    expect(Buffer.from(first, 'base64url')).toHaveLength(48);
    const file = join(dataDir, SECRET_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    const again = resolveSecret({ APP_SECRET: undefined, NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(again).toBe(first);
    const other = resolveSecret({
      APP_SECRET: undefined,
      NODE_ENV: 'test',
      DATA_DIR: join(dir, 'other'),
    });
    expect(other).not.toBe(first);
  });

  it('refuses to run without APP_SECRET in production', () => {
    expect(() =>
      resolveSecret({ APP_SECRET: undefined, NODE_ENV: 'production', DATA_DIR: dir }),
    ).toThrow(/APP_SECRET is required/);
    expect(() => statSync(join(dir, SECRET_FILE_NAME))).toThrow();
  });

  it('rejects a stored secret that is too short instead of using it', () => {
    writeFileSync(join(dir, SECRET_FILE_NAME), 'tiny\n');
    expect(() =>
      resolveSecret({ APP_SECRET: undefined, NODE_ENV: 'development', DATA_DIR: dir }),
    ).toThrow(/shorter than 32/);
  });
});
