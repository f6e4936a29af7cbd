import { closeSync, fsyncSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { CheckpointerMessage, CheckpointerOptions } from './sqlite-checkpoints.ts';

/**
 * The checkpointer's thread (db/sqlite-checkpoints.ts): its own connection to the database file,
 * a PASSIVE checkpoint whenever the write-ahead log has grown — it never waits for, nor blocks, a
 * reader or a writer of the main connection. When the log has grown long and a checkpoint has
 * copied all of it, it asks the main thread to copy the few frames written since (`caught-up`)
 * and waits for its answer: only a log copied to its end is started again from its beginning.
 * Errors (a full disk, a read-only file) are reported and tried again later; nothing here ends
 * the process.
 */
const options = workerData as Required<CheckpointerOptions> & {
  filename: string;
  /** [checkpoints that found frames, frames copied] — read by the main thread (stats). */
  counters: BigInt64Array;
};
const port = parentPort!;
const post = (message: CheckpointerMessage) => port.postMessage(message);

let db: SQLite.Database | null = null;
let timer: NodeJS.Timeout | null = null;
let stopped = false;
let waiting = false;
let lastError = '';
/** The log's copied frames after the previous checkpoint (what this one copied is the rest). */
let copiedBefore = 0;
/** Frames copied into the database file since this thread last synced it. */
let unsynced = 0;

/**
 * Syncs the database file (and the log) from this thread. SQLite syncs the database file only at
 * the end of a checkpoint that found no new frame in the log when it finished — under a stream of
 * writes, never here — so the pages copied would wait for the main thread's tail checkpoint, which
 * would then sync them all on the event loop (tens of ms). Before a hand-over the log is synced
 * too: the main thread's checkpoint syncs it first, and then finds only its last few frames to.
 */
function sync(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function syncDatabase(withLog: boolean): void {
  sync(options.filename);
  if (withLog) sync(`${options.filename}-wal`);
  unsynced = 0;
}

function open(): SQLite.Database {
  const conn = new SQLite(options.filename, { fileMustExist: true });
  // The checkpoint syncs as the main connection's own would (the log before, the database after).
  conn.pragma('synchronous = NORMAL');
  conn.pragma('busy_timeout = 0');
  return conn;
}

function schedule(delay: number): void {
  if (!stopped && !waiting) timer = setTimeout(tick, delay);
}

function tick(): void {
  timer = null;
  if (stopped) return;
  let delay = options.idleIntervalMs;
  try {
    db ??= open();
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{
      busy: number;
      log: number;
      checkpointed: number;
    }>;
    lastError = '';
    // A log started again since the previous checkpoint: everything in it is new.
    if (result && result.log < copiedBefore) copiedBefore = 0;
    if (result && result.log > 0) {
      const copiedNow = result.checkpointed - copiedBefore;
      Atomics.add(options.counters, 0, 1n);
      Atomics.add(options.counters, 1, BigInt(copiedNow));
      copiedBefore = result.checkpointed;
      unsynced += copiedNow;
      const long = result.checkpointed >= result.log && result.log >= options.restartFrames;
      // A short checkpoint caught the end of a long log: hand it over once this thread has
      // synced what the main thread's checkpoint would (the database file and the log) and
      // copied what came in meanwhile — then the main thread's tail is a few frames.
      // The longer the log has grown past that length (writes outrunning the copy), the longer
      // a tail this thread accepts to leave to the main thread — so that it is handed over
      // before the main connection's own threshold makes the main thread copy far more.
      const pressure = Math.max(1, Math.floor(result.log / options.restartFrames));
      const caughtUp = long && copiedNow <= options.handOverFrames * pressure;
      if (caughtUp && unsynced <= options.slackFrames * pressure) {
        waiting = true;
        post({ kind: 'caught-up', frames: result.log });
        return;
      }
      // And every so many pages anyway, so that the main connection's own checkpoint (the net,
      // when writes outrun this thread) finds few pages to sync.
      if (caughtUp || unsynced > options.syncFrames) syncDatabase(caughtUp);
      // Writes came in while it copied, or the log is long enough to start again: copy what
      // is new at once (a shorter checkpoint each time, until one is short enough to hand
      // over); else look again soon.
      delay =
        result.checkpointed < result.log || result.log >= options.restartFrames
          ? options.chaseIntervalMs
          : options.busyIntervalMs;
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const code = (err as { code?: unknown }).code;
    // Reported once until it changes (a full disk is tried again every interval).
    if (message !== lastError) post({ kind: 'error', message, code: String(code ?? '') });
    lastError = message;
    delay = options.errorIntervalMs;
    try {
      db?.close();
    } catch {
      // closing a broken connection: nothing more to do
    }
    db = null;
  }
  schedule(delay);
}

port.on('message', (message: 'stop' | 'copied' | 'not-copied') => {
  if (message === 'copied' || message === 'not-copied') {
    // Copied: the main thread copied the tail (and synced), the next write starts the log
    // again. Not copied (a transaction was open on it): offered again a little later.
    waiting = false;
    if (message === 'copied') {
      copiedBefore = 0;
      unsynced = 0;
    }
    schedule(options.busyIntervalMs);
    return;
  }
  if (message !== 'stop') return;
  stopped = true;
  if (timer) clearTimeout(timer);
  try {
    db?.close();
  } catch {
    // already closed
  }
  db = null;
  post({ kind: 'stopped' });
  port.close();
});

tick();
