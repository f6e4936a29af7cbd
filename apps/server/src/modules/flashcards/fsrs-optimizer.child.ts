/**
 * The child process of fsrs-optimizer.ts: receives a job — training items, or a student's review
 * log to read through its own database connection — runs the binding's `computeParameters` and
 * answers the weights (or an error), then exits. Run by `fork` with plain node at the lowest CPU
 * priority; a panic in fsrs-rs aborts this process only. Reading the log here keeps the server's
 * event loop free of the history (a heavy student has hundreds of thousands of reviews).
 */
import { setPriority } from 'node:os';
import { createDb } from '../../db/client.ts';
import {
  trainingItems,
  type ChildAnswer,
  type ChildJob,
  type History,
  type LogSource,
} from './fsrs-optimizer.ts';
import { selectHistoryPage, type HistoryRow } from './parameters.queries.ts';

interface Binding {
  FSRSBindingReview: new (rating: number, deltaT: number) => unknown;
  FSRSBindingItem: new (reviews: unknown[]) => unknown;
  computeParameters(
    items: unknown[],
    options: { enableShortTerm: boolean; numRelearningSteps?: number; timeout?: number },
  ): Promise<number[]>;
}

/** Reviews read per statement. */
const PAGE = 5000;

/** The student's histories (one per item and content version), read page by page. */
async function readHistories(source: LogSource): Promise<History[]> {
  // It only reads: no checkpoint thread of its own (the server's checkpoints the log).
  const db = createDb(source.databaseUrl, {
    poolSize: 1,
    statementTimeoutMs: 0,
    backgroundCheckpoints: false,
  });
  try {
    const histories: History[] = [];
    let current: Array<{ rating: number; deltaT: number }> = [];
    let key = '';
    let after: HistoryRow | null = null;
    let read = 0;
    while (read < source.maxReviews) {
      const page = await selectHistoryPage(db.db, source.userId, after, PAGE);
      for (const r of page) {
        const k = `${r.item_id}\u0000${r.content_version}`;
        if (k !== key) {
          if (current.length > 0) histories.push(current);
          current = [];
          key = k;
        }
        current.push({ rating: r.rating, deltaT: current.length === 0 ? 0 : r.elapsed_days });
      }
      read += page.length;
      if (page.length < PAGE) break;
      after = page.at(-1)!;
    }
    if (current.length > 0) histories.push(current);
    return histories;
  } finally {
    await db.close();
  }
}

async function train(job: ChildJob): Promise<ChildAnswer> {
  const items = 'items' in job ? job.items : trainingItems(await readHistories(job.log));
  if (items.length === 0) return { notEnoughHistory: true };
  const specifier = '@open-spaced-repetition/binding';
  const mod = (await import(specifier)) as Binding;
  const bindingItems = items.map(
    (reviews) =>
      new mod.FSRSBindingItem(reviews.map((r) => new mod.FSRSBindingReview(r.rating, r.deltaT))),
  );
  const weights = await mod.computeParameters(bindingItems, {
    enableShortTerm: true,
    numRelearningSteps: 1,
    timeout: job.pollMs,
  });
  return { weights };
}

try {
  // Before training starts its threads (they inherit it): requests come first.
  setPriority(19);
} catch {
  // not permitted here: the parent's call may have applied it
}

process.once('message', (job: ChildJob) => {
  train(job).then(
    (answer) => process.send?.(answer, () => process.exit('weights' in answer ? 0 : 1)),
    (err: unknown) =>
      process.send?.({ error: err instanceof Error ? err.message : String(err) }, () =>
        process.exit(1),
      ),
  );
});
