import { describe, expect, it } from 'vitest';
import { parseSceneFile, safeLink, sceneSignature, toStoredScene } from './scene';

const XSS_SCENE = {
  type: 'excalidraw',
  version: 2,
  source: 'https://excalidraw.com',
  elements: [
    {
      id: 't1',
      type: 'text',
      version: 3,
      x: 10,
      y: 10,
      text: '<img src=x onerror="window.__xss=1">',
      link: 'javascript:alert(1)',
    },
    { id: 'r1', type: 'rectangle', version: 1, x: 0, y: 0, link: ' JaVa\tScRiPt:alert(2)' },
    { id: 'r2', type: 'rectangle', version: 1, x: 0, y: 0, link: 'https://example.org/a' },
    { id: 'gone', type: 'rectangle', version: 1, isDeleted: true },
    { id: 'i1', type: 'image', version: 1, fileId: 'f1' },
  ],
  appState: { viewBackgroundColor: '#fff', zoom: { value: 3 }, theme: 'light' },
  files: {
    f1: { id: 'f1', mimeType: 'image/png', dataURL: 'data:image/png;base64,iVBORw0KGgo=' },
    unused: { id: 'unused', mimeType: 'image/png', dataURL: 'data:image/png;base64,AAAA' },
    bad: { id: 'bad', mimeType: 'image/svg+xml', dataURL: 'data:image/svg+xml;base64,PHN2Zz4=' },
  },
};

describe('parseSceneFile', () => {
  it('keeps the text as text, drops script links, deleted elements and unknown appState', () => {
    const parsed = parseSceneFile(JSON.stringify(XSS_SCENE));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const byId = Object.fromEntries(parsed.scene.elements.map((e) => [e.id, e]));
    expect(Object.keys(byId)).toEqual(['t1', 'r1', 'r2', 'i1']);
    expect(byId.t1).toMatchObject({ text: '<img src=x onerror="window.__xss=1">', link: null });
    expect(byId.r1?.link).toBeNull();
    expect(byId.r2?.link).toBe('https://example.org/a');
    expect(parsed.scene.appState).toEqual({
      viewBackgroundColor: '#fff',
      gridSize: null,
      gridModeEnabled: false,
    });
    expect(parsed.scene).not.toHaveProperty('files');
    expect(parsed.files.map((f) => f.id)).toEqual(['f1']);
  });

  it.each([
    ['not JSON', '{nope'],
    ['an array', '[]'],
    ['another type', JSON.stringify({ type: 'excalidrawlib', elements: [] })],
    ['no elements', JSON.stringify({ type: 'excalidraw' })],
    [
      'elements without ids',
      JSON.stringify({ type: 'excalidraw', elements: [{ type: 'x', version: 1 }] }),
    ],
    [
      'elements without versions',
      JSON.stringify({ type: 'excalidraw', elements: [{ id: 'a', type: 'x' }] }),
    ],
  ])('refuses %s', (_, text) => {
    expect(parseSceneFile(text)).toEqual({ ok: false });
  });
});

describe('safeLink', () => {
  it.each([
    ['javascript:alert(1)', null],
    ['  javascript:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['data:text/html,<script>', null],
    ['vbscript:x', null],
    ['//evil.example', null],
    ['https://ok.example', 'https://ok.example'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
    ['/dashboard/whiteboard', '/dashboard/whiteboard'],
  ])('%j → %j', (link, expected) => {
    expect(safeLink(link)).toBe(expected);
  });
});

describe('sceneSignature / toStoredScene', () => {
  it('changes with element versions and the background, not with deleted elements', () => {
    const a = [{ id: 'a', type: 'rectangle', version: 1 }];
    expect(sceneSignature(a)).toBe(
      sceneSignature([...a, { id: 'x', type: 'line', version: 4, isDeleted: true }]),
    );
    expect(sceneSignature(a)).not.toBe(sceneSignature([{ ...a[0]!, version: 2 }]));
    expect(sceneSignature(a, { viewBackgroundColor: '#fff' })).not.toBe(
      sceneSignature(a, { viewBackgroundColor: '#000' }),
    );
  });

  it('stores live elements only, with safe links', () => {
    const scene = toStoredScene([
      { id: 'a', type: 'text', version: 1, link: 'javascript:x' },
      { id: 'b', type: 'text', version: 1, isDeleted: true },
    ]);
    expect(scene.elements).toEqual([{ id: 'a', type: 'text', version: 1, link: null }]);
  });
});
