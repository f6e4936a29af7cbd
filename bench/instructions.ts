/**
 * Instructions per request, counted by valgrind's callgrind (BENCH_INSTRUCTIONS=1 in
 * bench/classes.ts): the same figure on every run of the same code, whatever else the machine is
 * doing — where req/s and CPU time on this shared 2-core machine moved by ±30 % from one minute
 * to the next. The server starts under callgrind with instrumentation off; after a warm-up
 * (JIT, statements, page cache) counting is switched on for a fixed number of requests, then
 * dumped. Counts the server process only: on PostgreSQL the database's work, the same for the app
 * and the reference, is in the database's processes and not counted (decision 0054). valgrind
 * comes from Debian's packages; without it this is skipped with a notice.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
import { type RunningServer, setLauncher } from './lib.ts';

export const INSTRUCTIONS_WARM_UP = Number(process.env.BENCH_INSTRUCTIONS_WARM_UP ?? 1500);
export const INSTRUCTIONS_REQUESTS = Number(process.env.BENCH_INSTRUCTIONS_REQUESTS ?? 1000);

export function hasValgrind(): boolean {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// callgrind_control finds the process by a name made of USER and HOST (`HOST` is also the
// servers' listen address: the same value on both sides).
const controlEnv = () => ({ ...process.env, USER: 'root', LOGNAME: 'root', HOST: '127.0.0.1' });

/** `start()` under callgrind; `request(origin)` sent with 10 connections; per request. */
export async function instructionsPerRequest(
  start: () => Promise<RunningServer>,
  requestTo: (origin: string) => AutocannonOptions,
): Promise<{ perRequest: number; requests: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'aprenda-callgrind-'));
  const saved = { USER: process.env.USER, LOGNAME: process.env.LOGNAME };
  Object.assign(process.env, { USER: 'root', LOGNAME: 'root' });
  setLauncher([
    'valgrind',
    '--tool=callgrind',
    '--instr-atstart=no',
    // V8 writes and rewrites its machine code: valgrind must notice.
    '--smc-check=all',
    // e.g. `--cache-sim=yes --branch-sim=yes` (decision 0046); the count printed stays `Ir`.
    ...(process.env.BENCH_CALLGRIND_FLAGS?.split(' ').filter(Boolean) ?? []),
    `--callgrind-out-file=${join(dir, 'callgrind.%p.out')}`,
  ]);
  let server: RunningServer | undefined;
  try {
    server = await start();
    const request = requestTo(server.origin);
    const control = (...args: string[]) =>
      execFileSync('callgrind_control', [...args, String(server!.pid)], {
        env: controlEnv(),
        stdio: 'ignore',
      });
    await autocannon({ ...request, connections: 10, amount: INSTRUCTIONS_WARM_UP });
    control('--instr=on');
    const run = await autocannon({ ...request, connections: 10, amount: INSTRUCTIONS_REQUESTS });
    control('--instr=off');
    control('--dump');
    if (run.non2xx > 0 || run.errors > 0) {
      throw new Error(`${run.non2xx} non-2xx answers and ${run.errors} errors under callgrind`);
    }
    let total = 0;
    for (const file of readdirSync(dir).filter((f) => /\.out\.\d+$/.test(f))) {
      const totals = /^totals: (\d+)/m.exec(readFileSync(join(dir, file), 'utf8'));
      if (totals) total += Number(totals[1]);
    }
    if (total === 0) throw new Error('callgrind counted nothing (callgrind_control failed?)');
    return { perRequest: total / run.requests.total, requests: run.requests.total };
  } finally {
    setLauncher([]);
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await server?.stop();
    // BENCH_CALLGRIND_KEEP=1: the profiles stay for callgrind_annotate (the path is printed).
    if (process.env.BENCH_CALLGRIND_KEEP === '1') console.log(`callgrind profiles kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
