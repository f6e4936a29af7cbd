import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardSaved, BoardScene } from '@aprenda/shared/schemas/boards';
import { ApiError, networkError } from '@/lib/errors';
import { BoardAutosave, type AutosaveState } from './autosave';
import { MemoryOutbox } from './outbox';
import { sceneSignature, toStoredScene, type SceneElement } from './scene';

function rect(id: string, version: number, extra: Partial<SceneElement> = {}): SceneElement {
  return { id, type: 'rectangle', version, x: 0, y: 0, ...extra };
}

function setup(
  save: (scene: BoardScene, version: number) => Promise<BoardSaved> = (_, v) =>
    Promise.resolve({ version: v + 1, updatedAt: '2026-01-01T00:00:00Z', sizeBytes: 10 }),
) {
  const outbox = new MemoryOutbox();
  const states: AutosaveState[] = [];
  const saveMock = vi.fn(save);
  const initial = [rect('a', 1)];
  const autosave = new BoardAutosave({
    boardId: 'b1',
    userId: 'u1',
    version: 3,
    signature: sceneSignature(initial),
    save: saveMock,
    outbox,
    onState: (s) => states.push(s),
  });
  const change = (elements: SceneElement[]) =>
    autosave.change(sceneSignature(elements), () => toStoredScene(elements));
  return { autosave, outbox, states, saveMock, change, initial };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('BoardAutosave', () => {
  it('ignores onChange calls that change nothing saved (pointer moves, selection)', async () => {
    const { saveMock, change, initial, states } = setup();
    change(initial);
    change([{ ...initial[0]!, x: 0 }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(saveMock).not.toHaveBeenCalled();
    expect(states).toEqual([]);
  });

  it('saves once, 1 s after the last change, with the version it was based on', async () => {
    const { saveMock, change, states } = setup();
    change([rect('a', 2)]);
    await vi.advanceTimersByTimeAsync(600);
    change([rect('a', 3)]);
    await vi.advanceTimersByTimeAsync(999);
    expect(saveMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(saveMock).toHaveBeenCalledTimes(1);
    const [scene, version] = saveMock.mock.calls[0]!;
    expect(version).toBe(3);
    expect(scene.elements).toEqual([expect.objectContaining({ id: 'a', version: 3 })]);
    expect(states.map((s) => s.status)).toEqual(['pending', 'pending', 'saving', 'saved']);
    expect(states.at(-1)?.version).toBe(4);

    // The next save is based on the new version.
    change([rect('a', 4)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saveMock.mock.calls[1]![1]).toBe(4);
  });

  it('offline: keeps the scene in the outbox, says so, and sends it when back online', async () => {
    let online = false;
    const { autosave, saveMock, change, outbox, states } = setup((_, v) =>
      online
        ? Promise.resolve({ version: v + 1, updatedAt: '', sizeBytes: 1 })
        : Promise.reject(networkError()),
    );
    change([rect('a', 2), rect('b', 1)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)?.status).toBe('offline');
    const kept = await outbox.get('b1');
    expect(kept?.version).toBe(3);
    expect(kept?.scene.elements.map((e) => e.id)).toEqual(['a', 'b']);

    online = true;
    await autosave.online();
    expect(saveMock).toHaveBeenCalledTimes(2);
    expect(states.at(-1)?.status).toBe('saved');
    expect(await outbox.get('b1')).toBeUndefined();
  });

  it('409: stops and waits for a choice; "keep mine" saves over the server’s current version', async () => {
    const conflict = new ApiError({ status: 409, code: 'board_version_conflict' });
    let refuse = true;
    const { autosave, saveMock, change, states } = setup((_, v) =>
      refuse
        ? Promise.reject(conflict)
        : Promise.resolve({ version: v + 1, updatedAt: '', sizeBytes: 1 }),
    );
    change([rect('a', 2)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)?.status).toBe('conflict');

    // More drawing while the dialog is open: nothing is sent (no silent overwrite).
    change([rect('a', 3)]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(saveMock).toHaveBeenCalledTimes(1);

    refuse = false;
    await autosave.keepMine(7);
    expect(saveMock).toHaveBeenCalledTimes(2);
    expect(saveMock.mock.calls[1]![1]).toBe(7);
    expect(saveMock.mock.calls[1]![0].elements[0]).toMatchObject({ version: 3 });
    expect(states.at(-1)).toMatchObject({ status: 'saved', version: 8 });
  });

  it('409 then "use the saved version": drops the draft and sends nothing', async () => {
    const { autosave, saveMock, change, states, outbox } = setup(() =>
      Promise.reject(new ApiError({ status: 409, code: 'board_version_conflict' })),
    );
    change([rect('a', 2)]);
    await vi.advanceTimersByTimeAsync(1000);
    const theirs = [rect('a', 9)];
    await autosave.useTheirs(5, sceneSignature(theirs));
    expect(autosave.dirty).toBe(false);
    expect(states.at(-1)).toMatchObject({ status: 'saved', version: 5 });
    // Excalidraw reports the server's scene it was given: not a change.
    change(theirs);
    await vi.advanceTimersByTimeAsync(5000);
    expect(saveMock).toHaveBeenCalledTimes(1);
    expect(await outbox.get('b1')).toBeUndefined();
  });

  it('404: the board was deleted; it stops for good, sends nothing more and keeps the drawing', async () => {
    const { autosave, saveMock, change, states } = setup(() =>
      Promise.reject(new ApiError({ status: 404, code: 'not_found' })),
    );
    change([rect('a', 2)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)?.status).toBe('deleted');

    // More drawing: nothing is sent (no save can succeed), the change is kept as the draft.
    change([rect('a', 3), rect('b', 1)]);
    await vi.advanceTimersByTimeAsync(5000);
    await autosave.flush();
    expect(saveMock).toHaveBeenCalledTimes(1);
    expect(states.at(-1)?.status).toBe('deleted');
    expect(autosave.dirty).toBe(true);
  });

  it('a limit (413) is an error with its code; the next change tries again', async () => {
    let fail = true;
    const { saveMock, change, states } = setup((_, v) =>
      fail
        ? Promise.reject(new ApiError({ status: 413, code: 'board_scene_too_large' }))
        : Promise.resolve({ version: v + 1, updatedAt: '', sizeBytes: 1 }),
    );
    change([rect('a', 2)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)?.status).toBe('error');
    expect((states.at(-1)?.error as ApiError).code).toBe('board_scene_too_large');
    fail = false;
    change([rect('a', 3)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saveMock).toHaveBeenCalledTimes(2);
    expect(states.at(-1)?.status).toBe('saved');
  });

  it('a change made while a save is in flight is saved next, on the new version', async () => {
    let resolve!: (saved: BoardSaved) => void;
    const { saveMock, change, states } = setup(() => new Promise<BoardSaved>((r) => (resolve = r)));
    change([rect('a', 2)]);
    await vi.advanceTimersByTimeAsync(1000);
    change([rect('a', 3)]);
    resolve({ version: 4, updatedAt: '', sizeBytes: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1000);
    expect(saveMock).toHaveBeenCalledTimes(2);
    expect(saveMock.mock.calls[1]![1]).toBe(4);
  });

  it('a scene left offline by an earlier visit comes back; a stale one asks for a choice', async () => {
    const { autosave, outbox, states, saveMock } = setup();
    await outbox.put({
      boardId: 'b1',
      userId: 'u1',
      version: 2,
      scene: toStoredScene([rect('a', 5)]),
      signature: 'x',
      savedAt: 0,
    });
    const draft = await autosave.restorePending();
    expect(draft?.scene.elements[0]).toMatchObject({ version: 5 });
    expect(states.at(-1)?.status).toBe('conflict');
    await vi.advanceTimersByTimeAsync(5000);
    expect(saveMock).not.toHaveBeenCalled();
  });
});
