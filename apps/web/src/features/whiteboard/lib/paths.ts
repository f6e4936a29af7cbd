/** Where the whiteboard screens live. */
export const WHITEBOARD_PATH = '/dashboard/whiteboard';

export function boardPath(boardId: string): string {
  return `${WHITEBOARD_PATH}/${encodeURIComponent(boardId)}`;
}

/** The teacher's grid of the copies handed out to one class. */
export function handoutsPath(boardId: string, classId: string): string {
  return `${boardPath(boardId)}/copias/${encodeURIComponent(classId)}`;
}

/**
 * Where Excalidraw fetches its fonts from (`window.EXCALIDRAW_ASSET_PATH`): our own server, where
 * the build copies `@excalidraw/excalidraw/dist/prod/fonts` (apps/web/vite.config.ts,
 * `excalidrawAssets`). Under /assets/ the server caches them for good (their names carry hashes).
 */
export const EXCALIDRAW_ASSET_PATH = '/assets/excalidraw/';
