import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * The FSRS optimizer: `@open-spaced-repetition/binding` (`computeParameters`, fsrs-rs compiled
 * for Node), an optional dependency with native builds per platform. Training runs in a child
 * process (fsrs-optimizer.child.ts): a panic inside fsrs-rs aborts the process it runs in, and
 * that must never be the server. Where the binding cannot load, there is no optimizer and the
 * default weights stay.
 */

export type History = ReadonlyArray<{ rating: number; deltaT: number }>;

/** Where a fit reads a student's review log: the app's database, opened by the fit's process. */
export interface LogSource {
  /** DATABASE_URL (`file:…` or `postgres://…`; not `:memory:`). */
  databaseUrl: string;
  userId: string;
  /** At most this many counted reviews are read (whole item histories, item by item). */
  maxReviews: number;
}

/** The optimizer as the parameters service uses it: a student's review log in, weights out. */
export interface Optimizer {
  /**
   * Fit the student's weights from their review log. The log is read, turned into training items
   * and trained on in a child process with its own database connection, at the lowest CPU
   * priority: the server's event loop neither reads nor copies the history (hundreds of
   * thousands of rows for a heavy student), and requests keep the CPU.
   */
  fitFromLog(source: LogSource): Promise<number[]>;
}

/** Thrown when no review history can train the optimizer (nothing is fitted). */
export class NotEnoughHistory extends Error {}

const BINDING = '@open-spaced-repetition/binding';
/** A fit that takes longer than this is stopped (the child is killed). */
const FIT_CHILD_TIMEOUT_MS = 10 * 60_000;
/**
 * The binding's `timeout` option is how often (ms) it polls its training thread, not a time limit:
 * the answer can wait that long after training is done.
 */
export const FIT_POLL_MS = 100;

/**
 * The training items of fsrs-rs: one per review after the first, holding the reviews up to it —
 * only those with a review at least a day after the one before (`deltaT > 0`; fsrs-rs panics on an
 * item without one, e.g. same-day learning steps only).
 */
export function trainingItems(
  histories: readonly History[],
): Array<Array<{ rating: number; deltaT: number }>> {
  const items: Array<Array<{ rating: number; deltaT: number }>> = [];
  for (const reviews of histories) {
    const clean = reviews.map((r, k) => ({
      rating: Math.min(4, Math.max(1, Math.round(r.rating))),
      deltaT: k === 0 ? 0 : Math.max(0, Math.floor(r.deltaT)),
    }));
    let later = false;
    for (let i = 1; i < clean.length; i++) {
      later ||= clean[i]!.deltaT > 0;
      if (later) items.push(clean.slice(0, i + 1));
    }
  }
  return items;
}

/** The optimizer, or null when the binding is not installed or has no build for this platform. */
export async function loadOptimizer(): Promise<Optimizer | null> {
  try {
    // A specifier in a variable: the type checker and bundlers leave the optional package alone.
    const specifier = BINDING;
    const mod = (await import(specifier)) as { computeParameters?: unknown };
    if (typeof mod.computeParameters !== 'function') return null;
  } catch {
    return null;
  }
  return { fitFromLog: (source) => runChild({ log: source, pollMs: FIT_POLL_MS }) };
}

/** What the child is asked: training items as they are, or a student's log to read itself. */
export type ChildJob =
  | { items: Array<Array<{ rating: number; deltaT: number }>>; pollMs: number }
  | { log: LogSource; pollMs: number };

export type ChildAnswer = { weights: number[] } | { error: string } | { notEnoughHistory: true };

/**
 * Run the training in a child process; rejects when it fails, crashes (a panic of fsrs-rs aborts
 * the child only) or takes too long. Items are used as given (`trainingItems` makes them valid).
 */
export function trainInChild(
  items: Array<Array<{ rating: number; deltaT: number }>>,
): Promise<number[]> {
  return runChild({ items, pollMs: FIT_POLL_MS });
}

function runChild(job: ChildJob): Promise<number[]> {
  const script = fileURLToPath(new URL('./fsrs-optimizer.child.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    // Plain node (no test runner's loaders): it runs the .ts file as the server itself runs.
    const child = fork(script, [], { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    let settled = false;
    const finish = (err: Error | null, weights?: number[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (err) reject(err);
      else resolve(weights!);
    };
    const timer = setTimeout(
      () => finish(new Error('FSRS optimizer timed out')),
      FIT_CHILD_TIMEOUT_MS,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('message', (answer: ChildAnswer) => {
      if ('weights' in answer) finish(null, answer.weights);
      else if ('notEnoughHistory' in answer) finish(new NotEnoughHistory('No usable history'));
      else finish(new Error(`FSRS optimizer failed: ${answer.error}`));
    });
    child.on('error', (err) => finish(err));
    child.on('exit', (code, signal) => {
      finish(
        new Error(
          `FSRS optimizer exited (${signal ?? code}) without an answer: ${firstLines(stderr)}`,
        ),
      );
    });
    // The lowest priority (the child also sets it for itself before training starts its threads).
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 19);
      } catch {
        // not permitted here: the child's own call still applies
      }
    }
    child.send(job);
  });
}

function firstLines(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(' ');
}
