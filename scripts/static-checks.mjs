#!/usr/bin/env node
// Typecheck and ESLint side by side (`npm run check`): each is one busy core, so on two cores the
// pair takes as long as the slower one instead of the sum (~50 s instead of ~90 s in CI). Each
// one's output is printed whole when it ends, never interleaved; exits non-zero if either failed.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const checks = ['typecheck', 'lint'];

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const out = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => out.push(chunk));
    let done = false;
    const finish = (code) => {
      if (done) return;
      done = true;
      const took = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> ${script}\n`);
      process.stdout.write(Buffer.concat(out));
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${script} (${took} s)\n`);
      resolve(code);
    };
    child.on('error', (err) => {
      out.push(Buffer.from(`${err.message}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(checks.map(run));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
