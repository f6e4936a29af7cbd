import { Redis } from 'ioredis';
import type { BoardClassRef } from '@aprenda/shared/schemas/boards';
import type { Logger } from '../../lib/logger.ts';

/*
 * Live board events (docs/api/boards.md, "Live updates"): after a scene save, a presentation
 * start or stop, or a deletion, the service publishes a small message here; every open
 * `GET /boards/{id}/events` stream of that board — on any instance — receives it. The message
 * carries the new version, not the scene: each instance reads the scene from the database once
 * per version (shared by its subscribers), so Redis never carries megabytes.
 *
 * In this process by default; through Redis pub/sub (channel `aprenda:board:<id>`) when REDIS_URL
 * is set, so several server instances share the events.
 */

export type BoardHubMessage =
  | { type: 'scene'; boardId: string; version: number }
  | { type: 'presentation'; boardId: string; presentingTo: BoardClassRef | null }
  | { type: 'deleted'; boardId: string };

export type BoardListener = (message: BoardHubMessage) => void;

export interface BoardHub {
  publish(message: BoardHubMessage): Promise<void>;
  /** Listen to one board's messages; resolves once listening (the returned function stops it). */
  subscribe(boardId: string, listener: BoardListener): Promise<() => void>;
  close(): Promise<void>;
}

/** Listeners of this process, by board. */
function localListeners() {
  const byBoard = new Map<string, Set<BoardListener>>();
  return {
    byBoard,
    add(boardId: string, listener: BoardListener): boolean {
      let set = byBoard.get(boardId);
      const first = !set;
      if (!set) byBoard.set(boardId, (set = new Set()));
      set.add(listener);
      return first;
    },
    remove(boardId: string, listener: BoardListener): boolean {
      const set = byBoard.get(boardId);
      if (!set) return false;
      set.delete(listener);
      if (set.size > 0) return false;
      byBoard.delete(boardId);
      return true;
    },
    deliver(message: BoardHubMessage) {
      for (const listener of [...(byBoard.get(message.boardId) ?? [])]) {
        try {
          listener(message);
        } catch {
          // a listener's failure is its own
        }
      }
    },
  };
}

export function memoryBoardHub(): BoardHub {
  const local = localListeners();
  return {
    publish(message) {
      local.deliver(message);
      return Promise.resolve();
    },
    subscribe(boardId, listener) {
      local.add(boardId, listener);
      return Promise.resolve(() => {
        local.remove(boardId, listener);
      });
    },
    async close() {
      local.byBoard.clear();
    },
  };
}

const CHANNEL_PREFIX = 'aprenda:board:';

export function redisBoardHub(url: string, logger?: Logger): BoardHub {
  const options = { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true };
  let cmd: Redis | null = null;
  let sub: Redis | null = null;
  const warn = (err: unknown) =>
    logger?.({
      level: 'warn',
      msg: 'board events: redis',
      err: err instanceof Error ? err.message : String(err),
    });
  const local = localListeners();
  const subscriber = () => {
    if (sub) return sub;
    sub = new Redis(url, options);
    sub.on('error', warn);
    sub.on('message', (channel: string, raw: string) => {
      if (!channel.startsWith(CHANNEL_PREFIX)) return;
      try {
        local.deliver(JSON.parse(raw) as BoardHubMessage);
      } catch {
        // not ours
      }
    });
    return sub;
  };
  const publisher = () => {
    if (cmd) return cmd;
    cmd = new Redis(url, options);
    cmd.on('error', warn);
    return cmd;
  };

  return {
    async publish(message) {
      try {
        await publisher().publish(`${CHANNEL_PREFIX}${message.boardId}`, JSON.stringify(message));
      } catch (err) {
        // Redis down: this instance's readers still get it.
        warn(err);
        local.deliver(message);
      }
    },
    async subscribe(boardId, listener) {
      const channel = `${CHANNEL_PREFIX}${boardId}`;
      if (local.add(boardId, listener)) {
        try {
          await subscriber().subscribe(channel);
        } catch (err) {
          local.remove(boardId, listener);
          throw err;
        }
      }
      return () => {
        if (local.remove(boardId, listener)) sub?.unsubscribe(channel).catch(() => {});
      };
    },
    async close() {
      local.byBoard.clear();
      await Promise.allSettled(
        [cmd, sub].map(async (r) => {
          if (!r) return;
          try {
            await r.quit();
          } catch {
            r.disconnect();
          }
        }),
      );
      cmd = sub = null;
    },
  };
}

/** Memory hub, or Redis when REDIS_URL is set. */
export function createBoardHub(redisUrl: string | undefined, logger?: Logger): BoardHub {
  return redisUrl ? redisBoardHub(redisUrl, logger) : memoryBoardHub();
}
