import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewOutbox } from '@/features/flashcards/api/reviews';
import { sceneOutbox } from '@/features/whiteboard/lib/outbox';
import { countUnsentWork } from './unsent-work';

/** The network as the browser sees it: down (fetch rejects) or up (the server takes ratings). */
const network = { up: false };
const fetchMock = vi.fn(async () => {
  if (!network.up) throw new TypeError('Failed to fetch');
  return new Response(JSON.stringify({}), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
});

function rating(id: string) {
  return { id, card_id: 'c1', rating: 3, tz: 'America/Sao_Paulo' } as never;
}

function scene(boardId: string, userId: string) {
  return {
    boardId,
    userId,
    version: 1,
    scene: { elements: [], appState: {}, files: {} } as never,
    signature: 'x',
    savedAt: Date.now(),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('work this device has not sent (asked before signing out)', () => {
  it('counts ratings kept offline and boards saved offline — only the user’s own', async () => {
    vi.stubGlobal('fetch', fetchMock);
    network.up = false;
    const box = reviewOutbox();
    await box.setUser('u1');
    await box.enqueueReview('d1', rating('r1'));
    await box.enqueueReview('d1', rating('r2'));
    await sceneOutbox().put(scene('b1', 'u1'));
    await sceneOutbox().put(scene('b2', 'someone-else'));

    expect(await countUnsentWork('u1', 200)).toBe(3);
    expect(await countUnsentWork('someone-else', 200)).toBe(1);

    // Back online: the ratings are sent before counting, only the board remains (the board
    // editor sends it when the board is opened again).
    network.up = true;
    expect(await countUnsentWork('u1', 2000)).toBe(1);
    expect(fetchMock).toHaveBeenCalled();
    await sceneOutbox().delete('b1');
    await sceneOutbox().delete('b2');
    expect(await countUnsentWork('u1', 200)).toBe(0);
  });

  it('a connection that hangs does not hold signing out: it counts what still waits', async () => {
    const hanging = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', hanging);
    const box = reviewOutbox();
    await box.setUser('u2');
    await box.enqueueReview('d1', rating('r3'));
    const started = Date.now();
    expect(await countUnsentWork('u2', 300)).toBe(1);
    expect(hanging).toHaveBeenCalled();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
