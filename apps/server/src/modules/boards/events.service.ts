import type { BoardPresentationEvent, BoardSceneEvent } from '@aprenda/shared/schemas/boards';
import { AppError } from '../../lib/app-error.ts';
import { boardAccess, type BoardAccess, type Ctx } from './access.service.ts';
import type { BoardHubMessage } from './board-hub.ts';
import { selectBoardFiles, selectBoardScene } from './boards.queries.ts';
import { boardsRuntime, type BoardsRuntime } from './runtime.ts';
import { readScene } from './scene-sanitise.ts';

/*
 * GET /boards/{id}/events (docs/api/boards.md, "Live updates"): whoever may read a board follows
 * it. The hub carries versions only; the scene of a version is read from the database once per
 * process and shared by every follower of that board here. Access is checked when the stream
 * opens, again before every event and on every keep-alive, so a student removed from the class
 * stops receiving at once (a `deleted` event, then the end of the stream).
 */

export type BoardEvent =
  | { event: 'scene'; data: BoardSceneEvent }
  | { event: 'presentation'; data: BoardPresentationEvent }
  | { event: 'deleted'; data: Record<string, never> };

export interface BoardFeed {
  /** The current scene (the first event: nothing saved between the page's read and now is lost). */
  first: BoardSceneEvent;
  /** Start delivering events (those that arrived since opening come first). */
  attach(send: (event: BoardEvent) => void, end: () => void): void;
  /** Keep-alive: false (and a `deleted` event) once the user may no longer read the board. */
  heartbeat(): Promise<boolean>;
  close(): void;
}

/** The scene event of a board's stored version, read once per version per process. */
const SCENE_CACHE_MS = 10_000;
const sceneCaches = new WeakMap<
  BoardsRuntime,
  Map<string, { version: number; event: Promise<BoardSceneEvent | null> }>
>();

function sceneEvent(
  ctx: Ctx,
  boardId: string,
  version: number | null,
): Promise<BoardSceneEvent | null> {
  const runtime = boardsRuntime(ctx);
  let cache = sceneCaches.get(runtime);
  if (!cache) sceneCaches.set(runtime, (cache = new Map()));
  const hit = cache.get(boardId);
  if (hit && version !== null && hit.version >= version) return hit.event;
  const event = (async () => {
    const [stored, files] = await Promise.all([
      selectBoardScene(ctx.db.db, boardId),
      selectBoardFiles(ctx.db.db, boardId),
    ]);
    if (!stored) return null;
    return {
      version: stored.version,
      scene: readScene(stored.scene),
      fileIds: files.map((f) => f.file_id),
    };
  })();
  if (version !== null) {
    cache.set(boardId, { version, event });
    const timer = setTimeout(() => {
      if (cache.get(boardId)?.event === event) cache.delete(boardId);
    }, SCENE_CACHE_MS);
    timer.unref();
  }
  return event;
}

/**
 * Open a board's event feed for a reader (access already checked). At most
 * `streamsPerUser` open feeds per user (429 `rate_limited` beyond).
 */
export async function openBoardEvents(ctx: Ctx, access: BoardAccess): Promise<BoardFeed> {
  const runtime = boardsRuntime(ctx);
  const userId = access.userId;
  const boardId = access.board.id;
  const open = runtime.streams.get(userId) ?? 0;
  if (open >= runtime.streamsPerUser) {
    throw new AppError('rate_limited', 'Too many live boards open at once: close one');
  }
  runtime.streams.set(userId, open + 1);
  let closed = false;
  let unsubscribe: (() => void) | undefined;
  let ending: (() => void) | undefined;
  const release = () => {
    if (closed) return;
    closed = true;
    unsubscribe?.();
    if (ending) runtime.ends.delete(ending);
    const n = (runtime.streams.get(userId) ?? 1) - 1;
    if (n <= 0) runtime.streams.delete(userId);
    else runtime.streams.set(userId, n);
  };

  const early: BoardHubMessage[] = [];
  let handle: ((m: BoardHubMessage) => void) | null = null;
  try {
    unsubscribe = await runtime.hub.subscribe(boardId, (m) => (handle ? handle(m) : early.push(m)));
    const first = await sceneEvent(ctx, boardId, null);
    if (!first) throw new AppError('not_found', 'No such board');
    let lastVersion = first.version;
    let chain = Promise.resolve();

    /** Still allowed to read? (the board row is read again: presentation, shares, membership) */
    const stillReads = async (): Promise<boolean> => {
      try {
        await boardAccess(ctx, boardId, userId);
        return true;
      } catch {
        return false;
      }
    };

    return {
      first,
      attach(send, end) {
        const lost = () => {
          send({ event: 'deleted', data: {} });
          release();
          end();
        };
        const deliver = async (m: BoardHubMessage) => {
          if (closed) return;
          if (m.type === 'deleted') return lost();
          if (!(await stillReads())) return lost();
          if (m.type === 'presentation') {
            send({ event: 'presentation', data: { presentingTo: m.presentingTo } });
            return;
          }
          if (m.version <= lastVersion) return;
          const event = await sceneEvent(ctx, boardId, m.version);
          if (closed || !event || event.version <= lastVersion) return;
          lastVersion = event.version;
          send({ event: 'scene', data: event });
        };
        ending = () => {
          release();
          end();
        };
        runtime.ends.add(ending);
        handle = (m) => {
          chain = chain.then(() => deliver(m)).catch(() => {});
        };
        for (const m of early.splice(0)) handle(m);
      },
      async heartbeat() {
        if (closed) return false;
        return stillReads();
      },
      close: release,
    };
  } catch (err) {
    release();
    throw err;
  }
}
