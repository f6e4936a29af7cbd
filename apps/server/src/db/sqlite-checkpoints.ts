import { Worker } from 'node:worker_threads';
import type { Logger } from '../lib/logger.ts';

/**
 * SQLite write-ahead-log checkpoints on a thread of their own (decision 0041).
 *
 * SQLite copies the log back into the database file (a checkpoint) in whichever connection
 * commits when the log passes 1,000 pages (`wal_autocheckpoint`): on the event loop, for the
 * request that happened to commit then, and for every request waiting behind it. On a busy
 * database that is a stall of 10–25 ms every few dozen writes (4 MB copied, two fsyncs), which
 * every one of the 50 requests in flight pays. Here the main connection leaves checkpoints to a
 * worker thread with its own connection, which runs a PASSIVE checkpoint (it never waits for, nor
 * blocks, readers or writers) whenever the log has grown. The main connection keeps a high
 * `wal_autocheckpoint` as a net: should the worker stop, the log is still bounded.
 */
export interface CheckpointerOptions {
  /** How soon to look again after a checkpoint that found frames in the log (ms). */
  busyIntervalMs?: number;
  /** How soon to go on after a checkpoint that could not copy the whole log (ms). */
  chaseIntervalMs?: number;
  /** How soon to look again after one that found the log empty (ms). */
  idleIntervalMs?: number;
  /** How soon to try again after a failure (a full disk, a read-only file) (ms). */
  errorIntervalMs?: number;
  /**
   * A log this long (frames), once all copied, is started again: the main thread copies the
   * frames written meanwhile (a few commits') so that the next write starts from the beginning.
   */
  restartFrames?: number;
  /**
   * ... when the checkpoint that copied it to its end copied at most this many frames: a short
   * one, so the main thread's tail (what was written during it) is short too.
   */
  handOverFrames?: number;
  /** The thread syncs the database file itself once it has copied this many frames into it. */
  syncFrames?: number;
  /**
   * Before a hand-over the thread syncs the database file and the log until its last checkpoint
   * copied at most this many frames since its last sync: the main thread's tail is that short.
   */
  slackFrames?: number;
}

/** What the worker tells the main thread. */
export type CheckpointerMessage =
  | { kind: 'caught-up'; frames: number }
  | { kind: 'error'; message: string; code: string }
  | { kind: 'stopped' };

export const CHECKPOINT_DEFAULTS: Required<CheckpointerOptions> = {
  busyIntervalMs: 50,
  chaseIntervalMs: 1,
  idleIntervalMs: 250,
  errorIntervalMs: 2_000,
  restartFrames: 4_096,
  handOverFrames: 256,
  syncFrames: 1_024,
  slackFrames: 64,
};

/**
 * The main connection's own checkpoint threshold while the worker runs (pages): four times the
 * length at which the worker hands the log over, so it only acts when writes outrun the worker
 * (which hands a longer tail over the longer the log grows) or the worker has stopped — then it
 * copies what the worker has not yet, on a database file the worker keeps synced.
 */
export function fallbackAutocheckpointPages(options: CheckpointerOptions = {}): number {
  return 4 * (options.restartFrames ?? CHECKPOINT_DEFAULTS.restartFrames);
}

export interface Checkpointer {
  /**
   * Checkpoints that found frames in the log, frames copied by the thread, failures, and tails
   * copied on the main thread so far (tests, benchmarks).
   */
  stats(): {
    checkpoints: number;
    copied: number;
    errors: number;
    restarts: number;
    /** Time the main thread spent copying tails (ms). */
    tailMs: number;
  };
  /** Stops the thread (its connection closed) — before the main connection closes. */
  stop(): Promise<void>;
}

const WORKER_URL = new URL('./sqlite-checkpoints.worker.ts', import.meta.url);

export function startCheckpointer(
  filename: string,
  /**
   * Copies the log's tail on the main connection (a PASSIVE checkpoint there: the frames of the
   * few commits since the worker's last copy, and the two syncs); false when it could not now
   * (a transaction open on it).
   */
  copyTail: () => boolean,
  logger: Logger | undefined,
  options: CheckpointerOptions = {},
): Checkpointer {
  const counters = new BigInt64Array(new SharedArrayBuffer(16));
  const worker = new Worker(WORKER_URL, {
    workerData: { ...CHECKPOINT_DEFAULTS, ...options, filename, counters },
  });
  // Never what keeps the process alive.
  worker.unref();
  const counts = { errors: 0, restarts: 0, tailMs: 0 };
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  worker.on('message', (message: CheckpointerMessage) => {
    if (message.kind === 'caught-up') {
      let copied = false;
      try {
        const started = performance.now();
        copied = copyTail();
        if (copied) counts.restarts++;
        counts.tailMs += performance.now() - started;
      } catch (err) {
        counts.errors++;
        logger?.({
          level: 'warn',
          msg: 'database checkpoint failed (tried again later)',
          err: err instanceof Error ? err.message : String(err),
        });
      }
      if (!exited) worker.postMessage(copied ? 'copied' : 'not-copied');
    } else if (message.kind === 'error') {
      counts.errors++;
      logger?.({
        level: 'warn',
        msg: 'database checkpoint failed (tried again later)',
        err: message.message,
        code: message.code,
      });
    }
  });
  worker.on('error', (err) => {
    counts.errors++;
    logger?.({ level: 'error', msg: 'database checkpoint thread failed', err: err.message });
  });
  return {
    stats: () => ({
      checkpoints: Number(Atomics.load(counters, 0)),
      copied: Number(Atomics.load(counters, 1)),
      ...counts,
    }),
    async stop() {
      if (exited) return;
      // Waited for: the process must not end (nothing else may keep it alive) before it has.
      worker.ref();
      worker.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'late'>(
        (resolve) => (timer = setTimeout(resolve, 5_000, 'late')),
      );
      if ((await Promise.race([exit, timeout])) === 'late') await worker.terminate();
      clearTimeout(timer);
    },
  };
}
