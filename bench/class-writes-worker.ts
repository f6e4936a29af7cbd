/**
 * The school day's teachers (bench/classes.ts, BENCH_MIXED=1) on a thread of their own.
 *
 * Their write latency is what a teacher's browser would see. Sent from the benchmark's main
 * thread, it also held the time that thread's event loop spent on the 50 readers' responses before
 * it got to a write's answer (the load generator's own lag, up to tens of ms a turn), which no
 * teacher waits for. Here the writes have an event loop to themselves: the readers' load still
 * slows the server and the database they write to, but not the clock that times them.
 *
 * workerData: the server's origin and the writes' targets (a class, its owner's bearer token, the
 * reader who comes and goes). Each `run` message sends writes with autocannon — renames and the
 * reader added to / removed from each class in turn, as the header of bench/classes.ts says — and
 * answers with the figures; the targets' state (who is in) carries over from one run to the next.
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
import type { Row } from './lib.ts';

export interface WriteTarget {
  classId: string;
  /** The class owner's signed bearer token. */
  token: string;
  /** A reader who is not a member at the start: added, then removed, in turn. */
  student: string;
}

export interface WriteRun {
  connections: number;
  /** Writes per second over all connections (none: as fast as answered). */
  overallRate?: number;
  /** Seconds, or… */
  duration?: number;
  /** …this many writes. */
  amount?: number;
}

/** A bench row's figures, for the writes. */
export type WriteFigures = Pick<Row, 'reqPerSec' | 'p50' | 'p99' | 'errors' | 'non2xx' | 'total'>;

export type WorkerReply = { id: number; figures: WriteFigures } | { id: number; error: string };

const { origin, targets } = workerData as { origin: string; targets: WriteTarget[] };
const state = targets.map((t) => ({ ...t, inside: false }));
let n = 0;

const requests: AutocannonOptions['requests'] = [
  {
    setupRequest: (req) => {
      const i = n++;
      const t = state[Math.floor(i / 2) % state.length]!;
      const headers = { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' };
      if (i % 2 === 0) {
        return {
          ...req,
          method: 'PUT',
          path: `/api/classes/${t.classId}`,
          headers,
          body: JSON.stringify({ title: `Turma ${t.classId.slice(-6)} · ${i}` }),
        };
      }
      t.inside = !t.inside;
      return t.inside
        ? {
            ...req,
            method: 'POST',
            path: `/api/classes/${t.classId}/members?user_id=${t.student}&role=student`,
            headers,
          }
        : {
            ...req,
            method: 'DELETE',
            path: `/api/classes/${t.classId}/members/${t.student}`,
            headers,
          };
    },
  },
];

parentPort!.on('message', (message: { id: number; run: WriteRun }) => {
  const { id, run } = message;
  const options: AutocannonOptions = { url: origin, requests, ...run };
  autocannon(options)
    .then((raw) => {
      // On a thread other than the main one autocannon answers with raw histograms.
      const result = autocannon.aggregateResult([raw], options);
      parentPort!.postMessage({
        id,
        figures: {
          // The aggregate's per-second average rounds a few writes a second down to 0.
          reqPerSec: result.duration > 0 ? result.requests.total / result.duration : 0,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors,
          non2xx: result.non2xx,
          total: result.requests.total,
        },
      } satisfies WorkerReply);
    })
    .catch((err: unknown) =>
      parentPort!.postMessage({ id, error: String(err) } satisfies WorkerReply),
    );
});
