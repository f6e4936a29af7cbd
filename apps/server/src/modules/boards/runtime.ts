import { BOARD_QUOTA_BYTES } from '@aprenda/shared/schemas/boards';
import type { AppContext } from '../../context.ts';
import { createBoardHub, type BoardHub } from './board-hub.ts';

/*
 * What the boards module keeps per app (per `createApp`): its event hub (Redis when REDIS_URL is
 * set), the open event streams per user, and the quota. Kept beside the context (a WeakMap keyed
 * by it) so the shared context type needs no field of its own.
 */

/** Open event streams one user may hold at once (tabs, devices); more are refused (429). */
export const BOARD_STREAMS_PER_USER = 8;

export interface BoardsRuntime {
  hub: BoardHub;
  quotaBytes: number;
  streamsPerUser: number;
  /** Open event streams per user id. */
  streams: Map<string, number>;
  /** How to end each open event stream (on shutdown). */
  ends: Set<() => void>;
}

export interface BoardsOptions {
  /** Tests: a smaller quota than BOARD_QUOTA_BYTES (never larger in production use). */
  quotaBytes?: number;
  streamsPerUser?: number;
  hub?: BoardHub;
}

const runtimes = new WeakMap<object, BoardsRuntime>();

type RuntimeCtx = Pick<AppContext, 'env' | 'logger'>;

export function boardsRuntime(ctx: RuntimeCtx): BoardsRuntime {
  let runtime = runtimes.get(ctx);
  if (!runtime) {
    runtime = {
      hub: createBoardHub(ctx.env.REDIS_URL, ctx.logger),
      quotaBytes: BOARD_QUOTA_BYTES,
      streamsPerUser: BOARD_STREAMS_PER_USER,
      streams: new Map(),
      ends: new Set(),
    };
    runtimes.set(ctx, runtime);
  }
  return runtime;
}

/** Options for one app's boards (tests: a small quota, an own hub). */
export function configureBoards(ctx: RuntimeCtx, options: BoardsOptions): void {
  const runtime = boardsRuntime(ctx);
  if (options.quotaBytes !== undefined) runtime.quotaBytes = options.quotaBytes;
  if (options.streamsPerUser !== undefined) runtime.streamsPerUser = options.streamsPerUser;
  if (options.hub) runtime.hub = options.hub;
}

/**
 * End the app's open event streams (their clients reconnect, to another instance when there is
 * one) and close its event hub (Redis connections); on shutdown and after tests.
 */
export async function closeBoards(ctx: RuntimeCtx): Promise<void> {
  const runtime = runtimes.get(ctx);
  if (!runtime) return;
  runtimes.delete(ctx);
  for (const end of [...runtime.ends]) end();
  await runtime.hub.close();
}
