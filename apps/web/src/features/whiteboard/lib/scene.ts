import {
  BOARD_IMAGE_TYPES,
  boardSceneSchema,
  type BoardScene,
} from '@aprenda/shared/schemas/boards';

/**
 * Scenes as the server stores them (packages/shared/src/schemas/boards.ts): Excalidraw's
 * elements, the appState keys worth keeping, and never the images (uploaded apart, by file id).
 * No Excalidraw import here: these run in the tests and in the list without loading the editor.
 */

/** What this module needs of an Excalidraw element. */
export interface SceneElement {
  id: string;
  type: string;
  version: number;
  isDeleted?: boolean;
  link?: string | null;
  fileId?: string | null;
  [key: string]: unknown;
}

export interface SceneAppState {
  viewBackgroundColor?: string;
  gridSize?: number | null;
  gridModeEnabled?: boolean;
}

/**
 * A cheap fingerprint of what would be saved: every live element's id and version (Excalidraw
 * bumps `version` on every real change; pointer moves, selection and scrolling do not), plus the
 * saved appState keys. Two equal signatures mean nothing worth saving changed.
 */
export function sceneSignature(
  elements: readonly SceneElement[],
  appState: SceneAppState = {},
): string {
  const parts: string[] = [];
  for (const el of elements) {
    if (el.isDeleted) continue;
    parts.push(`${el.id}:${el.version}`);
  }
  parts.push(
    `bg=${appState.viewBackgroundColor ?? ''}`,
    `grid=${appState.gridModeEnabled ? 1 : 0}/${appState.gridSize ?? ''}`,
  );
  return parts.join('|');
}

/** The scene to store: live elements (links made safe), the kept appState, no files. */
export function toStoredScene(
  elements: readonly SceneElement[],
  appState: SceneAppState = {},
): BoardScene {
  return {
    type: 'excalidraw',
    version: 2,
    elements: elements.filter((el) => !el.isDeleted).map(safeElement),
    appState: {
      viewBackgroundColor: appState.viewBackgroundColor,
      gridSize: appState.gridSize ?? null,
      gridModeEnabled: appState.gridModeEnabled ?? false,
    },
  };
}

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#)/i;

/**
 * A link an element may keep: http(s), mailto, a path of this site or an anchor. Anything else
 * (`javascript:`, `data:`, `vbscript:`, protocol-relative…) is dropped, whatever its spelling
 * (control characters and spaces inside the scheme are removed first, as browsers do).
 */
export function safeLink(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const cleaned = link.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!cleaned) return null;
  return SAFE_LINK.test(cleaned) ? link.trim() : null;
}

function safeElement<T extends SceneElement>(el: T): T {
  if (el.link === undefined || el.link === null) return el;
  const link = safeLink(el.link);
  return link === el.link ? el : { ...el, link };
}

/** An image of an imported `.excalidraw` file, to upload after the board is created. */
export interface ImportedFile {
  id: string;
  mimeType: string;
  dataURL: string;
}

export type ParsedSceneFile =
  { ok: true; scene: BoardScene; files: ImportedFile[] } | { ok: false };

/**
 * Reads a `.excalidraw` file's text: JSON with `type: "excalidraw"` and an `elements` array that
 * passes the shared schema. Links are made safe; images in `files` (of the accepted types, with a
 * data URL) come back apart, for upload. Anything else is `{ ok: false }` (→ `board_scene_invalid`).
 */
export function parseSceneFile(text: string): ParsedSceneFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: false };
  const record = data as Record<string, unknown>;
  if (record.type !== 'excalidraw' || !Array.isArray(record.elements)) return { ok: false };
  if (!record.elements.every((el) => typeof (el as SceneElement | null)?.version === 'number')) {
    return { ok: false };
  }
  const parsed = boardSceneSchema.safeParse({
    type: 'excalidraw',
    version: typeof record.version === 'number' ? Math.trunc(record.version) : undefined,
    elements: record.elements,
    appState: pickAppState(record.appState),
  });
  if (!parsed.success) return { ok: false };
  const elements = (parsed.data.elements as SceneElement[]).filter((el) => !el.isDeleted);
  const scene = toStoredScene(elements, parsed.data.appState);
  const used = new Set(elements.map((el) => el.fileId).filter(Boolean));
  return { ok: true, scene, files: importedFiles(record.files, used) };
}

function pickAppState(value: unknown): SceneAppState {
  if (typeof value !== 'object' || value === null) return {};
  const { viewBackgroundColor, gridSize, gridModeEnabled } = value as Record<string, unknown>;
  return {
    viewBackgroundColor:
      typeof viewBackgroundColor === 'string' && viewBackgroundColor.length <= 50
        ? viewBackgroundColor
        : undefined,
    gridSize: typeof gridSize === 'number' ? gridSize : null,
    gridModeEnabled: typeof gridModeEnabled === 'boolean' ? gridModeEnabled : undefined,
  };
}

const IMAGE_TYPES = new Set<string>(BOARD_IMAGE_TYPES);

function importedFiles(files: unknown, used: Set<unknown>): ImportedFile[] {
  if (typeof files !== 'object' || files === null) return [];
  const out: ImportedFile[] = [];
  for (const [id, file] of Object.entries(files as Record<string, unknown>)) {
    const { mimeType, dataURL } = (file ?? {}) as { mimeType?: unknown; dataURL?: unknown };
    if (!used.has(id) || typeof mimeType !== 'string' || !IMAGE_TYPES.has(mimeType)) continue;
    if (typeof dataURL !== 'string' || !dataURL.startsWith(`data:${mimeType};base64,`)) continue;
    out.push({ id, mimeType, dataURL });
  }
  return out;
}

/** A data URL's bytes as a Blob of its type. */
export function dataUrlToBlob(dataURL: string): Blob {
  const comma = dataURL.indexOf(',');
  const header = dataURL.slice(5, comma);
  const type = header.split(';')[0] ?? 'application/octet-stream';
  const binary = atob(dataURL.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** A Blob as a data URL (what Excalidraw holds images as, in memory only). */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** A file name for an export: the title without characters file systems refuse. */
export function exportFileName(title: string, extension: string, fallback: string): string {
  const base = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${base || fallback}.${extension}`;
}
