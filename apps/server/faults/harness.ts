import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The fault suite's harness: the real server (`node src/server.ts`) in a child process that the
 * cases kill, starve or cut off, and helpers to reach it over real HTTP.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const LISTENING = /Aprenda listening on (http:\/\/\S+)/;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Every line the process printed (JSON log lines and banners). */
  lines: string[];
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string>;
  alive(): boolean;
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Start the server with `env` (on top of a minimal base); resolves once it listens. */
export function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_MAX: '100000',
      CHAT_RATE_LIMIT_MAX: '100000',
      APP_SECRET: 'fault-suite-secret-fault-suite-secret-0123',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffered = '';
  const exited = new Promise<number | string>((res) =>
    child.once('exit', (code, signal) => res(code ?? signal ?? 'unknown')),
  );
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not listen within ${timeoutMs} ms:\n${lines.join('\n')}`));
    }, timeoutMs);
    let ready = false;
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const match = !ready && LISTENING.exec(line);
        if (match) {
          ready = true;
          clearTimeout(timer);
          resolvePromise({
            url: match[1]!.replace('localhost', '127.0.0.1'),
            child,
            lines,
            exited,
            alive: () => child.exitCode === null && child.signalCode === null,
            kill: (signal = 'SIGKILL') => {
              if (child.exitCode === null && child.signalCode === null) child.kill(signal);
              return exited;
            },
          });
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`server exited early (${code}):\n${lines.join('\n')}`));
    });
  });
}

/** A throw-away SQLite folder (file URL and data dir). */
export function sqliteDir(): { url: string; dir: string; file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'aprenda-faults-'));
  const file = join(dir, 'aprenda.db');
  return {
    url: `file:${file}`,
    dir,
    file,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const pgBase = process.env.TEST_DATABASE_URL;
if (!pgBase) {
  if (process.env.CI === 'true') {
    throw new Error(
      'CI=true but TEST_DATABASE_URL is not set: the PostgreSQL fault cases are mandatory in CI',
    );
  }
  console.warn('\n*** TEST_DATABASE_URL is not set: PostgreSQL fault cases SKIPPED ***\n');
}

/**
 * A throw-away PostgreSQL schema; the URL sets its search_path and a unique application_name, so a
 * case can find (and terminate) exactly this server's backends.
 */
export async function pgSchema(): Promise<{
  url: string;
  schema: string;
  appName: string;
  admin: pg.Client;
  drop(): Promise<void>;
}> {
  const schema = `f_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const u = new URL(pgBase!);
  u.searchParams.set('options', `-c search_path=${schema}`);
  u.searchParams.set('application_name', `aprenda-${schema}`);
  return {
    url: u.toString(),
    schema,
    appName: `aprenda-${schema}`,
    admin,
    async drop() {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
        [`aprenda-${schema}`],
      );
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

/** fetch with a deadline: a request that hangs fails the case instead of the suite. */
export async function request(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 20_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a stream)
  }
  return { status: res.status, body, ms: performance.now() - started };
}

export interface Account {
  id: string;
  token: string;
  headers: Record<string, string>;
}

/** Sign up through the real HTTP API; the answer carries the bearer token. */
export async function signUp(
  base: string,
  role: 'student' | 'teacher' = 'teacher',
): Promise<Account> {
  const email = `f-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${base}/pb/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email, password: 'senha-segura-1', name: 'Falha', role }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const token = res.headers.get('set-auth-token')!;
  return {
    id: user.id,
    token,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
    },
  };
}

/** The server's JSON log lines. */
export function logEntries(server: RunningServer): Array<Record<string, unknown>> {
  return server.lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

export const repoPath = (...parts: string[]) => resolve(serverDir, '..', '..', ...parts);
