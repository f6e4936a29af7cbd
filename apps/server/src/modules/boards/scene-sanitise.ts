import {
  BOARD_SCENE_MAX_BYTES,
  boardSceneSchema,
  type BoardScene,
} from '@aprenda/shared/schemas/boards';
import { AppError } from '../../lib/app-error.ts';

/*
 * What a saved scene may hold (docs/api/boards.md, "Safety"). Excalidraw draws text on a canvas,
 * so a label like `<img src=x onerror=…>` is only text; what could act is an element's `link`
 * (opened by Excalidraw, or the URL of an embeddable): one that is not http(s), mailto or a
 * relative path becomes null, so `javascript:` and `data:` links stay inert.
 */

/** Browsers ignore these in a URL's scheme (`java\tscript:`), so the check ignores them too. */
// eslint-disable-next-line no-control-regex
const IGNORED = /[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** A link worth keeping: http(s), mailto, or relative (no scheme). */
export function isSafeLink(link: string): boolean {
  const bare = link.replace(IGNORED, '');
  if (bare.startsWith('\\')) return false;
  const scheme = SCHEME.exec(bare)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // Relative: a colon only after the path, query or fragment began (`a/b:c`, `?q=a:b`).
    const colon = bare.indexOf(':');
    const start = bare.search(/[/?#]/);
    return colon === -1 || (start !== -1 && colon > start);
  }
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/** The scene with unsafe links set to null (a new object; the input is not changed). */
export function sanitiseScene(scene: BoardScene): BoardScene {
  return {
    ...scene,
    type: 'excalidraw',
    elements: scene.elements.map((element) => {
      const link = (element as { link?: unknown }).link;
      if (link === undefined || link === null) return element;
      if (typeof link === 'string' && isSafeLink(link)) return element;
      return { ...element, link: null };
    }),
  };
}

/**
 * An incoming scene (anything): parsed as an Excalidraw scene (else 400 `board_scene_invalid`),
 * its links sanitised, and its JSON text measured (over BOARD_SCENE_MAX_BYTES: 413
 * `board_scene_too_large`).
 */
export function prepareScene(input: unknown): { scene: BoardScene; text: string; bytes: number } {
  const parsed = boardSceneSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('board_scene_invalid', 'This is not an Excalidraw scene');
  }
  const scene = sanitiseScene(parsed.data);
  const text = JSON.stringify(scene);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > BOARD_SCENE_MAX_BYTES) {
    throw new AppError(
      'board_scene_too_large',
      `A scene may have at most ${BOARD_SCENE_MAX_BYTES} bytes of JSON`,
    );
  }
  return { scene, text, bytes };
}

/** A stored scene text as a scene (a broken one reads as empty rather than failing). */
export function readScene(text: string): BoardScene {
  try {
    const parsed = boardSceneSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  return { type: 'excalidraw', elements: [], appState: {} };
}

/** An empty scene (a new board). */
export const EMPTY_SCENE: BoardScene = { type: 'excalidraw', elements: [], appState: {} };
