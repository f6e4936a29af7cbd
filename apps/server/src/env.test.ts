import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, resolvePaths } from './env.ts';

function issues(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as EnvError).issues;
  }
  throw new Error('expected parseEnv to throw');
}

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'file:./data/aprenda.db',
      API_PREFIX: '/api',
      RECORDS_PREFIX: '/pb',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      // A flood guard per address (a school shares one); guessing is limited per account.
      AUTH_RATE_LIMIT_MAX: 300,
      AUTH_RATE_LIMIT_WINDOW_SECONDS: 60,
      AUTH_ACCOUNT_MAX_FAILURES: 5,
      AUTH_ACCOUNT_LOCK_SECONDS: 900,
      JOIN_CODE_RATE_LIMIT_MAX: 10,
      JOIN_CODE_RATE_LIMIT_WINDOW_SECONDS: 600,
      SEED_DEMO: true,
    });
    expect(env.APP_SECRET).toBeUndefined();
    expect(env.POSTHOG_HOST).toBeUndefined();
  });

  it('coerces numbers and booleans', () => {
    const env = parseEnv({
      PORT: '0',
      TRUST_PROXY: 'true',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_MAX: '3',
    });
    expect(env.PORT).toBe(0);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.SEED_DEMO).toBe(false);
    expect(env.AUTH_RATE_LIMIT_MAX).toBe(3);
  });

  it('treats empty strings as unset for optional values', () => {
    const env = parseEnv({
      POSTHOG_KEY: '',
      POSTHOG_HOST: '',
      GITHUB_CLIENT_ID: '',
      GITHUB_CLIENT_SECRET: '',
    });
    expect(env.POSTHOG_KEY).toBeUndefined();
    expect(env.POSTHOG_HOST).toBeUndefined();
    expect(env.GITHUB_CLIENT_ID).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '65536' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ API_PREFIX: 'api' }, 'API_PREFIX'],
    [{ RECORDS_PREFIX: '/pb/' }, 'RECORDS_PREFIX'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ POSTHOG_HOST: 'not a url' }, 'POSTHOG_HOST'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ AUTH_RATE_LIMIT_MAX: '0' }, 'AUTH_RATE_LIMIT_MAX'],
    [{ GITHUB_CLIENT_ID: 'id-only' }, 'GITHUB_CLIENT_SECRET'],
  ])('rejects %o naming %s', (source, name) => {
    const found = issues(source);
    expect(
      found.some((i) => i.startsWith(`${name}: `)),
      found.join('\n'),
    ).toBe(true);
  });

  it('lists every bad variable in one error', () => {
    const found = issues({ PORT: 'x', LOG_LEVEL: 'loud', API_PREFIX: 'nope' });
    expect(found.map((i) => i.split(':')[0]).sort()).toEqual(['API_PREFIX', 'LOG_LEVEL', 'PORT']);
  });

  it('requires APP_SECRET in production', () => {
    const PUBLIC_URL = 'https://aprenda.escola.org';
    expect(issues({ NODE_ENV: 'production', PUBLIC_URL })).toEqual([
      'APP_SECRET: is required when NODE_ENV=production (at least 32 characters)',
    ]);
    expect(
      parseEnv({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), PUBLIC_URL }).APP_SECRET,
    ).toHaveLength(32);
  });

  it('requires PUBLIC_URL in production, with a message that says what to set', () => {
    const APP_SECRET = 'x'.repeat(32);
    expect(issues({ NODE_ENV: 'production', APP_SECRET })).toEqual([
      'PUBLIC_URL: is required when NODE_ENV=production: the address people open, e.g. https://aprenda.escola.org (sign-in, mail links and the trusted origin use it)',
    ]);
    expect(issues({ NODE_ENV: 'production', APP_SECRET, PUBLIC_URL: '' })).toHaveLength(1);
    // Both missing: both named at once.
    expect(issues({ NODE_ENV: 'production' }).map((i) => i.split(':')[0])).toEqual([
      'APP_SECRET',
      'PUBLIC_URL',
    ]);
    // Outside production it stays optional (the request's own origin is trusted).
    expect(parseEnv({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ NODE_ENV: 'test' }).PUBLIC_URL).toBeUndefined();
  });
});

describe('resolvePaths', () => {
  it('makes relative data paths absolute from the base folder', () => {
    const env = resolvePaths(parseEnv({ WEB_DIST: 'web/dist' }), '/srv/aprenda');
    expect(env.DATA_DIR).toBe('/srv/aprenda/data');
    expect(env.DATABASE_URL).toBe('file:/srv/aprenda/data/aprenda.db');
    expect(env.WEB_DIST).toBe('/srv/aprenda/web/dist');
  });

  it('leaves absolute paths, :memory: and PostgreSQL URLs alone', () => {
    const pgUrl = 'postgres://u@db:5432/aprenda';
    expect(resolvePaths(parseEnv({ DATABASE_URL: pgUrl }), '/x').DATABASE_URL).toBe(pgUrl);
    expect(resolvePaths(parseEnv({ DATABASE_URL: ':memory:' }), '/x').DATABASE_URL).toBe(
      ':memory:',
    );
    expect(
      resolvePaths(parseEnv({ DATABASE_URL: 'file:/var/a.db', DATA_DIR: '/var/d' }), '/x'),
    ).toMatchObject({
      DATABASE_URL: 'file:/var/a.db',
      DATA_DIR: '/var/d',
    });
  });
});
