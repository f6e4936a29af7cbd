import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakePosthog } from './fixtures/fake-posthog.ts';
import { LLM_TEST_KEY, startLlmHarness } from './fixtures/llm-control.ts';
import { startFakeSmtp } from '../apps/server/test/fake-smtp.ts';
import {
  CHROMIUM_MISSING,
  ENV_BASE_URL,
  ENV_LLM_CONTROL_URL,
  ENV_POSTHOG_URL,
  ENV_SMTP_CONTROL_URL,
  POSTHOG_TEST_KEY,
  chromiumAvailable,
  isCI,
  repoRoot,
} from './fixtures/env.ts';

const LISTENING = /Aprenda listening on (http:\/\/\S+)/;
const START_TIMEOUT_MS = 90_000;

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Build apps/web when dist is missing or older than its sources. */
function buildWebIfNeeded() {
  const web = join(repoRoot, 'apps/web');
  const built = join(web, 'dist/index.html');
  const sources = [
    join(web, 'src'),
    join(web, 'index.html'),
    join(web, 'public'),
    join(web, 'vite.config.ts'),
    join(repoRoot, 'packages/shared/src'),
  ];
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt > 0 && Math.max(...sources.map(newestMtime)) <= builtAt) return;
  console.log('[e2e] building the web app (dist missing or stale)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@aprenda/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`[e2e] web build failed (exit ${result.status})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `[e2e] server did not print "listening" within ${START_TIMEOUT_MS} ms:\n${output}`,
        ),
      );
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      if (process.env.E2E_SERVER_LOG) process.stdout.write(`[server] ${text}`);
      if (ready) return; // keep draining the pipe so the server never blocks on its log
      output += text;
      const match = LISTENING.exec(output);
      if (match) {
        ready = true;
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`[e2e] server exited early (code ${code}):\n${output}`));
    });
  });
}

export default async function globalSetup() {
  if (!chromiumAvailable) {
    if (isCI) throw new Error(`[e2e] CI=true and ${CHROMIUM_MISSING}`);
    console.warn(`\n*** ${CHROMIUM_MISSING} Browser tests are SKIPPED. ***\n`);
    return async () => {};
  }

  buildWebIfNeeded();

  const posthog = await startFakePosthog();
  const llm = await startLlmHarness();
  const smtp = await startFakeSmtp();
  const dataDir = mkdtempSync(join(tmpdir(), 'aprenda-e2e-'));
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const databaseUrl = process.env.E2E_DATABASE_URL || `file:${join(dataDir, 'e2e.db')}`;

  const { child, url } = await startServer({
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_DIST: join(repoRoot, 'apps/web/dist'),
    POSTHOG_KEY: POSTHOG_TEST_KEY,
    POSTHOG_HOST: posthog.url,
    LOG_LEVEL: process.env.E2E_SERVER_LOG ? 'info' : 'warn',
    // The suite signs in and up many times from one loopback address.
    AUTH_RATE_LIMIT_MAX: '1000',
    GITHUB_CLIENT_ID: '',
    GITHUB_CLIENT_SECRET: '',
    REDIS_URL: '',
    // The school-wide AI key points at the local OpenAI-compatible stand-in.
    OPENAI_API_KEY: LLM_TEST_KEY,
    OPENAI_BASE_URL: llm.url,
    ANTHROPIC_API_KEY: '',
    GOOGLE_GENERATIVE_AI_API_KEY: '',
    CHAT_RATE_LIMIT_MAX: '1000',
    // Mail (password reset, verification) goes to a local SMTP server the specs read.
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Aprenda <no-reply@e2e.test>',
  });
  console.log(
    `[e2e] server ${url} (public ${publicUrl}) on ${databaseUrl.startsWith('file:') ? 'SQLite' : 'PostgreSQL'}; fake PostHog ${posthog.url}; fake LLM ${llm.url}`,
  );

  process.env[ENV_BASE_URL] = publicUrl;
  process.env[ENV_POSTHOG_URL] = posthog.url;
  process.env[ENV_LLM_CONTROL_URL] = llm.controlUrl;
  process.env[ENV_SMTP_CONTROL_URL] = smtp.controlUrl;

  return async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
    await posthog.close();
    await llm.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
