import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/auth.ts';
import { parseEnv } from '../src/env.ts';
import { listeningBanner } from '../src/lib/origins.ts';
import {
  cookiesFrom,
  createTestApp,
  dialects,
  mergeCookies,
  TEST_SECRET,
  type TestApp,
} from './helpers.ts';

/**
 * Issue 11, point 1: `npm start` without PUBLIC_URL, opened at http://127.0.0.1:<port> or at the
 * machine's LAN address (a teacher trying it on a school network), signs up and in — our origin
 * guard and Better Auth's own origin check both trust the address the request came to. In
 * production PUBLIC_URL is required. The banner prints the addresses it really serves.
 */

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** This machine's non-loopback IPv4 addresses, read here independently of the code under test. */
const LAN = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a && a.family === 'IPv4' && !a.internal)
  .map((a) => a!.address);

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>, cwd: string): Run {
  const child = spawn(process.execPath, [SERVER], {
    cwd,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function listening(run: Run, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = /^Aprenda listening on http:\/\/localhost:(\d+)$/m.exec(run.output());
    // Wait for the whole banner (it is written at once, ending with a newline).
    if (m && run.output().endsWith('\n')) return Number(m[1]);
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a browser's fetch() from a page at `origin` adds to a same-origin POST. */
function browserHeaders(origin: string, cookie = ''): Record<string, string> {
  return {
    origin,
    referer: `${origin}/auth`,
    'content-type': 'application/json',
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
    ...(cookie ? { cookie } : {}),
  };
}

/** A throw-away database for the child process: a SQLite file, or a PostgreSQL schema. */
async function throwAwayDatabase(
  dialect: 'sqlite' | 'postgres',
  dir: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') return { url: `file:${join(dir, 'dev.db')}`, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `dev_origins_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const u = new URL(base);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA "${schema}" CASCADE`);
      await c.end();
    },
  };
}

describe.each(dialects)('npm start without PUBLIC_URL, any address (%s)', (dialect) => {
  let dir: string;
  let run: Run;
  let port: number;
  let db: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aprenda-dev-origins-'));
    db = await throwAwayDatabase(dialect, dir);
    // No PUBLIC_URL and no HOST: bound to every interface, like `npm start` on a school laptop.
    run = start(
      {
        NODE_ENV: 'development',
        PORT: '0',
        DATABASE_URL: db.url,
        DATA_DIR: join(dir, 'data'),
        SEED_DEMO: 'false',
      },
      dir,
    );
    port = await listening(run);
  }, 60_000);

  afterAll(async () => {
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM');
      await run.exited;
    }
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints localhost and each LAN address it serves, and nothing it does not', () => {
    const banner = run.output();
    expect(banner).toContain(`Aprenda listening on http://localhost:${port}\n`);
    for (const address of LAN) expect(banner).toContain(`http://${address}:${port}`);
    expect(banner).not.toContain('PUBLIC_URL:');
  });

  it('sends Cross-Origin-Opener-Policy only where the browser honours it (not plain http on a LAN address)', async () => {
    // A page: an API answer carries no opener policy anywhere (decision 0049).
    const local = await fetch(`http://127.0.0.1:${port}/`);
    expect(local.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    for (const address of LAN) {
      const res = await fetch(`http://${address}:${port}/`);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      // Chromium logs a console error for each COOP it must ignore on an untrustworthy origin.
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  const addresses = () => [`http://127.0.0.1:${port}`, ...LAN.map((a) => `http://${a}:${port}`)];

  it('signs up, in and out through 127.0.0.1 and through every LAN address, with the browser’s Origin', async () => {
    expect(addresses().length).toBeGreaterThanOrEqual(1);
    if (LAN.length === 0) console.warn('[dev-origins] this machine has no LAN IPv4 address');
    for (const [i, base] of addresses().entries()) {
      const email = `dev-${i}-${Date.now().toString(36)}@escola.example`;
      const password = 'senha-da-escola-1';

      // A first visit leaves cookies (e.g. analytics): Better Auth then checks the Origin too.
      const jar = 'ph_visitor=1';
      const up = await fetch(`${base}/pb/auth/sign-up/email`, {
        method: 'POST',
        headers: browserHeaders(base, jar),
        body: JSON.stringify({ name: 'Professora Ana', email, password, role: 'teacher' }),
      });
      expect(up.status, `${base}: ${await up.clone().text()}`).toBe(200);

      const signIn = await fetch(`${base}/pb/auth/sign-in/email`, {
        method: 'POST',
        headers: browserHeaders(base, jar),
        body: JSON.stringify({ email, password }),
      });
      expect(signIn.status, `${base}: ${await signIn.clone().text()}`).toBe(200);
      const session = mergeCookies(jar, signIn);
      expect(cookiesFrom(signIn)).toMatch(/session_token=/);

      const me = await fetch(`${base}/pb/auth/get-session`, { headers: { cookie: session } });
      expect(((await me.json()) as { user?: { email: string } }).user?.email).toBe(email);

      // A cookie-authenticated write of the app itself passes our origin guard.
      const action = await fetch(`${base}/pb/user_actions`, {
        method: 'POST',
        headers: browserHeaders(base, session),
        body: JSON.stringify({ action: 'dev_origin_check', context: null }),
      });
      expect(action.status, `${base}: ${await action.clone().text()}`).toBeLessThan(300);

      // The same write from a page elsewhere is refused.
      const forged = await fetch(`${base}/pb/user_actions`, {
        method: 'POST',
        headers: browserHeaders('http://evil.example', session),
        body: JSON.stringify({ action: 'dev_origin_check', context: null }),
      });
      expect(forged.status).toBe(403);
      expect(await forged.json()).toMatchObject({ code: 'forbidden_origin' });

      // Signing up again with the same e-mail says so (409 email_taken), not "no permission".
      const again = await fetch(`${base}/pb/auth/sign-up/email`, {
        method: 'POST',
        headers: browserHeaders(base, jar),
        body: JSON.stringify({ name: 'Outra', email, password, role: 'student' }),
      });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ code: 'email_taken' });

      const out = await fetch(`${base}/pb/auth/sign-out`, {
        method: 'POST',
        headers: browserHeaders(base, session),
        body: '{}',
      });
      expect(out.status, `${base}: ${await out.clone().text()}`).toBe(200);
    }
  });
});

describe('PUBLIC_URL in production', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'aprenda-prod-url-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a production start without PUBLIC_URL fails with a clear message', async () => {
    const run = start(
      {
        NODE_ENV: 'production',
        APP_SECRET: 'p'.repeat(40),
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${join(dir, 'prod.db')}`,
        DATA_DIR: join(dir, 'data'),
      },
      dir,
    );
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Aprenda cannot start');
    expect(run.output()).toMatch(
      /PUBLIC_URL: is required when NODE_ENV=production: the address people open, e\.g\. https:\/\/aprenda\.escola\.org/,
    );
    expect(run.output()).not.toContain('Aprenda listening');
  });

  it('with PUBLIC_URL the banner names it as the address to open', async () => {
    const run = start(
      {
        NODE_ENV: 'production',
        APP_SECRET: 'p'.repeat(40),
        PUBLIC_URL: 'https://aprenda.escola.example',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${join(dir, 'prod-url.db')}`,
        DATA_DIR: join(dir, 'data-url'),
      },
      dir,
    );
    const port = await listening(run);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain(
      `Aprenda listening on http://localhost:${port}\n  open it at https://aprenda.escola.example (PUBLIC_URL: the address that signs in)\n`,
    );
    expect(run.output()).not.toContain('on your network');
  });
});

describe('listeningBanner', () => {
  const interfaces = {
    lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
    eth0: [
      { address: '192.168.0.12', family: 'IPv4', internal: false },
      { address: 'fe80::1', family: 'IPv6', internal: false },
    ],
    wlan0: [{ address: '10.1.2.3', family: 'IPv4', internal: false }],
  } as unknown as ReturnType<typeof networkInterfaces>;

  it('bound to every interface without PUBLIC_URL: localhost, then each LAN IPv4 address', () => {
    expect(listeningBanner({ HOST: '0.0.0.0', PUBLIC_URL: undefined }, 3000, interfaces)).toEqual([
      'Aprenda listening on http://localhost:3000',
      '  on your network: http://192.168.0.12:3000',
      '  on your network: http://10.1.2.3:3000',
      '  (links in e-mails point to http://localhost:3000; set PUBLIC_URL to the address people open)',
    ]);
    expect(listeningBanner({ HOST: '::', PUBLIC_URL: undefined }, 3000, interfaces)[1]).toBe(
      '  on your network: http://192.168.0.12:3000',
    );
  });

  it('bound to loopback or one address: only that one', () => {
    expect(listeningBanner({ HOST: '127.0.0.1', PUBLIC_URL: undefined }, 8080, interfaces)).toEqual(
      ['Aprenda listening on http://localhost:8080'],
    );
    expect(
      listeningBanner({ HOST: '192.168.0.12', PUBLIC_URL: undefined }, 8080, interfaces),
    ).toEqual(['Aprenda listening on http://192.168.0.12:8080']);
  });

  it('with PUBLIC_URL: that address (no LAN addresses: they would not sign in)', () => {
    expect(
      listeningBanner(
        { HOST: '0.0.0.0', PUBLIC_URL: 'https://aprenda.escola.org/' },
        3000,
        interfaces,
      ),
    ).toEqual([
      'Aprenda listening on http://localhost:3000',
      '  open it at https://aprenda.escola.org (PUBLIC_URL: the address that signs in)',
    ]);
    // PUBLIC_URL is this very address: one line.
    expect(
      listeningBanner({ HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:3000' }, 3000, interfaces),
    ).toEqual(['Aprenda listening on http://localhost:3000']);
  });
});

/**
 * Better Auth's own origin check (auth.ts `trustedOrigins`), apart from our guard: it runs on
 * sign-up and sign-in whenever the browser sends Fetch Metadata or a cookie.
 */
describe.each(dialects)(
  'Better Auth trusts the request’s own origin only when allowed (%s)',
  (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => t?.close());

    const LAN_URL = 'http://192.168.7.7:3000';
    async function signUpAt(env: Record<string, string>, url: string, origin: string) {
      const auth = createAuth({
        env: parseEnv({ LOG_LEVEL: 'silent', DATABASE_URL: 'file::memory:', ...env }),
        db: t.db,
        secret: TEST_SECRET,
      });
      const email = `ba-${Math.random().toString(36).slice(2, 9)}@escola.example`;
      const res = await auth.handler(
        new Request(`${url}/pb/auth/sign-up/email`, {
          method: 'POST',
          headers: browserHeaders(origin),
          body: JSON.stringify({
            name: 'Ana',
            email,
            password: 'senha-da-escola-1',
            role: 'student',
          }),
        }),
      );
      return { status: res.status, body: (await res.json()) as { code?: string } };
    }

    it('development without PUBLIC_URL: the LAN address the page was opened at', async () => {
      expect((await signUpAt({ NODE_ENV: 'development' }, LAN_URL, LAN_URL)).status).toBe(200);
      expect(
        (
          await signUpAt(
            { NODE_ENV: 'development' },
            'http://127.0.0.1:3000',
            'http://127.0.0.1:3000',
          )
        ).status,
      ).toBe(200);
      // Another machine's page is not the request's own origin.
      expect(
        await signUpAt({ NODE_ENV: 'development' }, LAN_URL, 'http://192.168.7.8:3000'),
      ).toEqual({ status: 403, body: expect.objectContaining({ code: 'INVALID_ORIGIN' }) });
    });

    it('with PUBLIC_URL (or in production) only that address', async () => {
      const publicUrl = { PUBLIC_URL: 'http://aprenda.escola.example' };
      expect(await signUpAt({ NODE_ENV: 'development', ...publicUrl }, LAN_URL, LAN_URL)).toEqual({
        status: 403,
        body: expect.objectContaining({ code: 'INVALID_ORIGIN' }),
      });
      const prod = { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40), ...publicUrl };
      expect((await signUpAt(prod, LAN_URL, LAN_URL)).status).toBe(403);
      expect(
        (await signUpAt(prod, 'http://aprenda.escola.example', 'http://aprenda.escola.example'))
          .status,
      ).toBe(200);
    });

    it('a refusal of Better Auth’s origin check reads as forbidden_origin, never "no permission"', async () => {
      // Our guard lets Sec-Fetch-Site: same-origin through; Better Auth wants an Origin or Referer.
      const res = await t.app.request('/pb/auth/sign-in/email', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          'sec-fetch-mode': 'cors',
          cookie: 'ph_visitor=1',
        },
        body: JSON.stringify({ email: 'ninguem@escola.example', password: 'senha-da-escola-1' }),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        code: 'forbidden_origin',
        authCode: 'MISSING_OR_NULL_ORIGIN',
      });
    });
  },
);
