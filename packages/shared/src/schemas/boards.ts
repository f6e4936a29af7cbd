import { z } from 'zod';

/**
 * Whiteboards API contract (docs/api/boards.md), under `/api/boards`. The server validates with
 * these schemas; the web imports the types.
 *
 * A board belongs to its owner. Its owner may share it read-only with classes they teach (the
 * class's members and teachers can open it), **present** it to one of those classes (who follow
 * its changes live over `GET /api/boards/{id}/events`), or **hand it out** to a class: each student
 * of the class gets their own copy (owned by the student; the class's teachers can open it
 * read-only; other students cannot see it).
 *
 * Errors: `board_version_conflict` (409, a save whose `version` is not the current one; the
 * problem carries `currentVersion`), `board_scene_too_large` (413, > BOARD_SCENE_MAX_BYTES),
 * `board_scene_invalid` (400, not an Excalidraw scene), `board_quota_exceeded` (413, the owner's
 * boards and images would pass BOARD_QUOTA_BYTES), `media_too_large` (413, an image over
 * BOARD_IMAGE_MAX_BYTES), `media_type_unsupported` (415), `board_not_presenting` (409),
 * `forbidden` (403: not a teacher of the class), `not_found` (404: no such board or no access).
 */

// ── Limits ─────────────────────────────────────────────────────────────────────────────────────

export const BOARD_TITLE_MAX = 120;
/** A saved scene (its JSON text, images excluded: they are stored apart), in bytes. */
export const BOARD_SCENE_MAX_BYTES = 5 * 1024 * 1024;
/** One image in a board, in bytes. */
export const BOARD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Everything one user's boards hold (scenes + images + thumbnails), in bytes. */
export const BOARD_QUOTA_BYTES = 200 * 1024 * 1024;
/** Boards one user may own (hand-out copies included). */
export const BOARDS_PER_USER_MAX = 500;
/** A thumbnail PNG the web sends after a save (`PUT /api/boards/{id}/thumbnail`). */
export const BOARD_THUMBNAIL_MAX_BYTES = 256 * 1024;
/** Image types a board accepts (SVG is refused: it can carry script). */
export const BOARD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type BoardImageType = (typeof BOARD_IMAGE_TYPES)[number];
/** The web saves this long after the last change. */
export const BOARD_AUTOSAVE_DELAY_MS = 1000;
/** Excalidraw file ids are nanoid-like; the server accepts these characters only. */
export const BOARD_FILE_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

// ── Scene ──────────────────────────────────────────────────────────────────────────────────────

/**
 * What is stored of an Excalidraw scene: `type: 'excalidraw'`, `elements` (each an object with a
 * string `id` and string `type`), the `appState` keys worth keeping (background colour, grid) and
 * no `files` (images are uploaded apart and fetched by id). Checked loosely here — Excalidraw owns
 * its element shapes — but strictly enough that a file which is not a scene is refused
 * (`board_scene_invalid`). Unknown appState keys are dropped.
 */
export const boardElementSchema = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(50),
  isDeleted: z.boolean().optional(),
});

export const boardSceneSchema = z.object({
  type: z.literal('excalidraw').default('excalidraw'),
  version: z.number().int().optional(),
  elements: z.array(boardElementSchema).max(50_000),
  appState: z
    .object({
      viewBackgroundColor: z.string().max(50).optional(),
      gridSize: z.number().nullable().optional(),
      gridModeEnabled: z.boolean().optional(),
    })
    .optional()
    .default({}),
});
export type BoardScene = z.infer<typeof boardSceneSchema>;

// ── Requests ───────────────────────────────────────────────────────────────────────────────────

const title = z.string().trim().min(1).max(BOARD_TITLE_MAX);

/** POST /api/boards — a new empty board, or one made from an imported `.excalidraw` scene. */
export const createBoardSchema = z.object({
  title,
  scene: boardSceneSchema.optional(),
});
export type CreateBoardInput = z.input<typeof createBoardSchema>;

/** PATCH /api/boards/{id} */
export const renameBoardSchema = z.object({ title });
export type RenameBoardInput = z.input<typeof renameBoardSchema>;

/** PUT /api/boards/{id}/scene — `version` is the version this save was based on. */
export const saveBoardSceneSchema = z.object({
  version: z.number().int().min(0),
  scene: boardSceneSchema,
});
export type SaveBoardSceneInput = z.input<typeof saveBoardSceneSchema>;

/** POST /api/boards/{id}/duplicate */
export const duplicateBoardSchema = z.object({ title: title.optional() });

/** PUT /api/boards/{id}/shares — the classes (taught by the owner) that may open it read-only. */
export const boardSharesSchema = z.object({
  classIds: z.array(z.string().trim().min(1).max(128)).max(50),
});
export type BoardSharesInput = z.input<typeof boardSharesSchema>;

/** PUT /api/boards/{id}/presentation — start presenting to a class (shares it too), or stop. */
export const boardPresentationSchema = z.object({
  classId: z.string().trim().min(1).max(128).nullable(),
});
export type BoardPresentationInput = z.input<typeof boardPresentationSchema>;

/** POST /api/boards/{id}/handouts — each current student of the class gets a copy. */
export const boardHandoutSchema = z.object({
  classId: z.string().trim().min(1).max(128),
});
export type BoardHandoutInput = z.input<typeof boardHandoutSchema>;

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

/**
 * How the signed-in user reaches a board: `owner` (edits), `class` (read-only: shared with or
 * presented to a class they are in), `teacher` (read-only: a student's hand-out copy in a class
 * they teach).
 */
export type BoardAccess = 'owner' | 'class' | 'teacher';

export interface BoardClassRef {
  id: string;
  name: string;
}

export interface BoardSummary {
  id: string;
  title: string;
  owner: { id: string; name: string };
  access: BoardAccess;
  version: number;
  /** Bytes of the scene plus its images. */
  sizeBytes: number;
  createdAt: string;
  updatedAt: string;
  /** Classes it is shared with read-only (owner only; [] for others). */
  sharedWith: BoardClassRef[];
  /** The class it is being presented to now, or null. */
  presentingTo: BoardClassRef | null;
  /** Set on a student's copy: the board it was handed out from and the class. */
  handout: { sourceBoardId: string; class: BoardClassRef } | null;
  /** Hand-outs made from this board (owner only; [] for others). */
  handouts: { class: BoardClassRef; copies: number; createdAt: string }[];
  /** `/api/boards/{id}/thumbnail` when the web has sent one, else null. */
  thumbnailUrl: string | null;
}

export interface Board extends BoardSummary {
  scene: BoardScene;
  /** Ids of the images the scene uses, each at `GET /api/boards/{id}/files/{fileId}`. */
  fileIds: string[];
}

/** GET /api/boards */
export interface BoardList {
  /** Boards the user owns (their hand-out copies included), most recently changed first. */
  mine: BoardSummary[];
  /** Boards shared with or presented to their classes. */
  shared: BoardSummary[];
  /** Bytes used of BOARD_QUOTA_BYTES. */
  usedBytes: number;
  quotaBytes: number;
}

/** PUT /api/boards/{id}/scene → 200 */
export interface BoardSaved {
  version: number;
  updatedAt: string;
  sizeBytes: number;
}

/** The problem of a 409 `board_version_conflict` carries the version now stored. */
export interface BoardConflictProblemExtra {
  currentVersion: number;
}

/** GET /api/boards/{id}/handouts/{classId} — the teacher's grid. */
export interface BoardHandoutCopies {
  class: BoardClassRef;
  copies: {
    boardId: string;
    student: { id: string; name: string };
    version: number;
    updatedAt: string;
    thumbnailUrl: string | null;
  }[];
}

/**
 * Server-sent events of `GET /api/boards/{id}/events` (anyone who can open the board):
 * - `scene`: `{ version, scene, fileIds }` after every save of the board;
 * - `presentation`: `{ presentingTo: BoardClassRef | null }` when presenting starts or stops;
 * - `deleted`: `{}` when the board is deleted or access is lost.
 * A comment line `: ping` keeps the stream open every 25 s.
 */
export interface BoardSceneEvent {
  version: number;
  scene: BoardScene;
  fileIds: string[];
}
export interface BoardPresentationEvent {
  presentingTo: BoardClassRef | null;
}
