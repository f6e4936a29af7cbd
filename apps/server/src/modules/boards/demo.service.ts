import { boardAccess, type Ctx } from './access.service.ts';
import { createBoard } from './boards.service.ts';
import { setShares } from './classroom.service.ts';

/*
 * The demo board a new install shows (seed.ts): the demo teacher's "Plano cartesiano", shared
 * read-only with the demo class. Elements carry every field Excalidraw 0.18 writes, so the
 * editor opens them as they are (it would fill missing ones on load, but not on export).
 */

/** Excalidraw's per-element random seed (hand-drawn strokes), fixed per id. */
function seedOf(id: string): number {
  let h = 7;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) % 2_147_483_647;
  return h;
}

function base(id: string, type: string, x: number, y: number, width: number, height: number) {
  const seed = seedOf(id);
  return {
    id,
    type,
    x,
    y,
    width,
    height,
    angle: 0,
    // Excalidraw's own ink: black on a light canvas and in exports, shown light on the dark
    // theme (which inverts colours; a light grey came out as a faint grey on the dark canvas).
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    fillStyle: 'solid',
    strokeWidth: 2,
    strokeStyle: 'solid',
    roughness: 0,
    opacity: 100,
    groupIds: [],
    frameId: null,
    roundness: null,
    seed,
    version: 1,
    versionNonce: (seed * 7919) % 2_147_483_647,
    isDeleted: false,
    boundElements: null,
    updated: 1,
    link: null,
    locked: false,
  };
}

function arrow(id: string, x: number, y: number, dx: number, dy: number) {
  return {
    ...base(id, 'arrow', x, y, Math.abs(dx), Math.abs(dy)),
    points: [
      [0, 0],
      [dx, dy],
    ],
    lastCommittedPoint: null,
    startBinding: null,
    endBinding: null,
    startArrowhead: null,
    endArrowhead: 'arrow',
    elbowed: false,
  };
}

function text(id: string, x: number, y: number, value: string, fontSize = 20) {
  return {
    ...base(id, 'text', x, y, value.length * fontSize * 0.55, fontSize * 1.25),
    text: value,
    originalText: value,
    fontSize,
    fontFamily: 5,
    textAlign: 'left',
    verticalAlign: 'top',
    containerId: null,
    autoResize: true,
    lineHeight: 1.25,
  };
}

function point(id: string, x: number, y: number, color: string) {
  return {
    ...base(id, 'ellipse', x - 6, y - 6, 12, 12),
    strokeColor: color,
    backgroundColor: color,
  };
}

/** Origin at (300, 300), 40 px per unit. */
const at = (u: number, v: number): [number, number] => [300 + u * 40, 300 - v * 40];

export const DEMO_BOARD_TITLE = 'Plano cartesiano — 9º ano';

function demoElements() {
  const [ax, ay] = at(2, 3);
  return [
    text('demo-title', 80, 20, 'Marque os pontos B(−1, 2) e C(3, −2)', 24),
    arrow('demo-x-axis', 60, 300, 480, 0),
    arrow('demo-y-axis', 300, 540, 0, -480),
    text('demo-x', 548, 288, 'x'),
    text('demo-y', 310, 52, 'y'),
    text('demo-o', 280, 306, '0', 16),
    point('demo-a', ax, ay, '#4dabf7'),
    text('demo-a-label', ax + 12, ay - 30, 'A(2, 3)'),
  ];
}

/** Create the demo board of `teacherId` and share it read-only with `classId`. */
export async function seedDemoBoard(ctx: Ctx, teacherId: string, classId: string): Promise<void> {
  const board = await createBoard(ctx, teacherId, {
    title: DEMO_BOARD_TITLE,
    scene: { type: 'excalidraw', elements: demoElements(), appState: {} },
  });
  await setShares(ctx, await boardAccess(ctx, board.id, teacherId), [classId]);
}
