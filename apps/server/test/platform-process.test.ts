import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const MIGRATE_CLI = fileURLToPath(new URL('../src/db/migrate-cli.ts', import.meta.url));

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Start `node src/server.ts` with only the given environment (plus PATH). */
function start(env: Record<string, string>, cwd: string, script = SERVER): Run {
  const child = spawn(process.execPath, [script], {
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

async function listeningPort(run: Run, timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = /Aprenda listening on http:\/\/localhost:(\d+)/.exec(run.output());
    if (m) return Number(m[1]);
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One request over real HTTP with any method and body (fetch refuses a GET with a body). */
function rawRequest(
  port: number,
  options: { method: string; path: string; headers: Record<string, string> },
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, ...options }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('server process', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'aprenda-proc-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a bad PORT prints which variable is wrong and exits 1', async () => {
    const run = start({ PORT: 'not-a-port', DATABASE_URL: `file:${join(dir, 'bad.db')}` }, dir);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid configuration');
    expect(run.output()).toMatch(/PORT: /);
    expect(run.output()).not.toContain('Aprenda listening');
  });

  it('lists every bad variable at once', async () => {
    const run = start({ PORT: '70000', API_PREFIX: 'api/', LOG_LEVEL: 'loud' }, dir);
    expect(await run.exited).toBe(1);
    for (const name of ['PORT', 'API_PREFIX', 'LOG_LEVEL'])
      expect(run.output()).toContain(`${name}: `);
  });

  it('production without APP_SECRET refuses to start', async () => {
    const run = start(
      { NODE_ENV: 'production', PORT: '0', DATABASE_URL: `file:${join(dir, 'prod.db')}` },
      dir,
    );
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/APP_SECRET: is required when NODE_ENV=production/);
  });

  it('starts on PORT=0, seeds once, drains an in-flight request on SIGTERM, exits 0, db intact', async () => {
    const dbFile = join(dir, 'aprenda.db');
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: `file:${dbFile}`,
      DATA_DIR: join(dir, 'data'),
    };

    // First start: migrates, seeds the demo accounts and prints them.
    const first = start(env, dir);
    const port = await listeningPort(first);
    expect(port).toBeGreaterThan(0);
    expect(first.output()).toContain('Demo accounts');
    expect(first.output()).toMatch(/teacher .*@.* \S+/);
    expect(statSync(join(dir, 'data', 'app-secret')).mode & 0o777).toBe(0o600);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
    // Behind the Node adapter the security headers and the request id are set on the Node response
    // (a faster path than app.request's): every response still carries them, errors too.
    for (const res of [health, await fetch(`http://127.0.0.1:${port}/api/classes/mine`)]) {
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }

    // A GET's body is never read or parsed (the Node adapter gives GET/HEAD no body, and the body
    // guard skips them without building a Request): an oversized or chunked one changes nothing.
    const big = 'x'.repeat(1024 * 1024 + 1);
    for (const headers of [
      { 'content-length': String(big.length) } as Record<string, string>,
      { 'transfer-encoding': 'chunked' },
    ]) {
      const got = await rawRequest(port, { method: 'GET', path: '/api/health', headers }, big);
      expect(got.status, got.body).toBe(200);
      expect(JSON.parse(got.body)).toEqual({ status: 'ok', db: 'ok' });
    }

    // A request whose body is still arriving when SIGTERM comes in.
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/pb/auth/sign-in/email',
          headers: {
            'content-type': 'application/json',
            'transfer-encoding': 'chunked',
            origin: 'http://localhost:3000',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"email":"helena');
      setTimeout(() => {
        first.child.kill('SIGTERM');
        setTimeout(() => req.end('@demo.aprenda.dev","password":"wrong-password"}'), 700);
      }, 200);
    });
    const answered = await inFlight;
    expect(answered.status, answered.body).toBe(401);
    expect(await first.exited).toBe(0);

    // New connections are refused once it has stopped.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    const sqlite = new SQLite(dbFile, { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect((sqlite.prepare('select count(*) as n from "user"').get() as { n: number }).n).toBe(3);
    } finally {
      sqlite.close();
    }

    // Second start: same secret file, no second seed.
    const secretMtime = statSync(join(dir, 'data', 'app-secret')).mtimeMs;
    const second = start(env, dir);
    await listeningPort(second);
    expect(second.output()).not.toContain('Demo accounts');
    expect(statSync(join(dir, 'data', 'app-secret')).mtimeMs).toBe(secretMtime);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('NODE_ENV=production never seeds', async () => {
    const run = start(
      {
        NODE_ENV: 'production',
        APP_SECRET: 'p'.repeat(40),
        PUBLIC_URL: 'https://aprenda.escola.example',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${join(dir, 'prod2.db')}`,
        DATA_DIR: join(dir, 'data-prod'),
      },
      dir,
    );
    await listeningPort(run);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).not.toContain('Demo accounts');
    const sqlite = new SQLite(join(dir, 'prod2.db'), { readonly: true });
    try {
      expect((sqlite.prepare('select count(*) as n from "user"').get() as { n: number }).n).toBe(0);
    } finally {
      sqlite.close();
    }
  });

  it('the migrate CLI migrates DATABASE_URL and exits 0 (twice: idempotent), without seeding', async () => {
    const dbFile = join(dir, 'migrated.db');
    const env = { DATABASE_URL: `file:${dbFile}`, DATA_DIR: join(dir, 'data-migrate') };
    for (let i = 0; i < 2; i++) {
      const run = start(env, dir, MIGRATE_CLI);
      expect(await run.exited, run.output()).toBe(0);
      expect(run.output()).toContain('Database migrated (sqlite)');
    }
    const sqlite = new SQLite(dbFile, { readonly: true });
    try {
      const tables = (
        sqlite.prepare("select name from sqlite_master where type = 'table'").all() as Array<{
          name: string;
        }>
      ).map((r) => r.name);
      expect(tables).toEqual(expect.arrayContaining(['user', 'session', 'account']));
      expect((sqlite.prepare('select count(*) as n from "user"').get() as { n: number }).n).toBe(0);
    } finally {
      sqlite.close();
    }
  });
});
