import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_IMAGE_MAX_BYTES,
  BOARD_QUOTA_BYTES,
  type Board,
  type BoardHandoutCopies,
  type BoardList,
  type BoardSaved,
  type BoardSummary,
} from '@aprenda/shared/schemas/boards';
import { PNG_1X1 } from '../../../test/fixtures/build-apkg.ts';
import { api, type Problem } from '../../../test/flashcards-helpers.ts';
import {
  bearer,
  createTestApp,
  dialects,
  ORIGIN,
  signUp,
  type SignedUp,
  type TestApp,
} from '../../../test/helpers.ts';
import { configureBoards } from './public.ts';

/**
 * Issue 15, whiteboards (docs/api/boards.md): who may read and change a board (owner, a class it
 * is shared with, hand-out copies), versioned saves, limits, what a scene may hold, images.
 */
describe.each(dialects)('boards (%s)', (dialect) => {
  let t: TestApp;
  const { call, newClass } = api(() => t);
  let ana: SignedUp; // teacher
  let bia: SignedUp; // student of Ana's class
  let caio: SignedUp; // student of Ana's class
  let duda: SignedUp; // stranger
  let classId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ana = await signUp(t, { role: 'teacher', name: 'Ana' });
    bia = await signUp(t, { role: 'student', name: 'Bia' });
    caio = await signUp(t, { role: 'student', name: 'Caio' });
    duda = await signUp(t, { role: 'student', name: 'Duda' });
    classId = (await newClass(ana, { students: [bia, caio] })).id;
  });
  afterAll(async () => t?.close());

  const scene = (elements: Array<Record<string, unknown>>) => ({ type: 'excalidraw', elements });
  const rect = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    type: 'rectangle',
    x: 0,
    y: 0,
    ...extra,
  });

  async function newBoard(u: SignedUp, title = 'Frações', body: Record<string, unknown> = {}) {
    const res = await call<Board>(u, 'POST', '/boards', { title, ...body });
    expect(res.status).toBe(201);
    return res.body;
  }
  const save = (u: SignedUp, id: string, version: number, s: unknown) =>
    call<BoardSaved & Problem & { currentVersion?: number }>(u, 'PUT', `/boards/${id}/scene`, {
      version,
      scene: s,
    });
  const get = (u: SignedUp, id: string) => call<Board & Problem>(u, 'GET', `/boards/${id}`);
  const list = async (u: SignedUp) => (await call<BoardList>(u, 'GET', '/boards')).body;

  async function raw(u: SignedUp, method: string, path: string, body: Uint8Array, type: string) {
    const res = await t.app.request(`/api${path}`, {
      method,
      headers: { origin: ORIGIN, 'content-type': type, ...bearer(u) },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Problem };
  }
  async function image(u: SignedUp, path: string) {
    const res = await t.app.request(`/api${path}`, { headers: bearer(u) });
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  it('creates, lists, renames, saves, reads and deletes a board', async () => {
    const board = await newBoard(ana, 'Aula 1');
    expect(board).toMatchObject({ title: 'Aula 1', version: 0, access: 'owner', fileIds: [] });
    expect(board.scene.elements).toEqual([]);

    const saved = await save(ana, board.id, 0, scene([rect('r1')]));
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(1);

    const renamed = await call<BoardSummary>(ana, 'PATCH', `/boards/${board.id}`, {
      title: 'Aula 1 — frações',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('Aula 1 — frações');

    const read = await get(ana, board.id);
    expect(read.body.version).toBe(1);
    expect(read.body.scene.elements.map((e) => e.id)).toEqual(['r1']);

    const mine = await list(ana);
    expect(mine.mine.map((b) => b.id)).toContain(board.id);
    expect(mine.usedBytes).toBeGreaterThan(0);
    expect(mine.quotaBytes).toBe(BOARD_QUOTA_BYTES);

    expect((await call(ana, 'DELETE', `/boards/${board.id}`)).status).toBe(204);
    expect((await get(ana, board.id)).status).toBe(404);
  });

  it('a stale save is 409 board_version_conflict with the current version', async () => {
    const board = await newBoard(ana);
    expect((await save(ana, board.id, 0, scene([rect('a')]))).status).toBe(200);
    expect((await save(ana, board.id, 1, scene([rect('a'), rect('b')]))).status).toBe(200);
    const stale = await save(ana, board.id, 1, scene([rect('c')]));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('board_version_conflict');
    expect(stale.body.currentVersion).toBe(2);
    // Nothing of the stale save was kept.
    expect((await get(ana, board.id)).body.scene.elements.map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('a class it is shared with reads it; nobody else sees it; readers cannot change it', async () => {
    const board = await newBoard(ana, 'Compartilhado');
    expect((await get(bia, board.id)).status).toBe(404);

    const shared = await call<BoardSummary>(ana, 'PUT', `/boards/${board.id}/shares`, {
      classIds: [classId],
    });
    expect(shared.status).toBe(200);
    expect(shared.body.sharedWith).toEqual([{ id: classId, name: 'Turma 3A' }]);

    const asBia = await get(bia, board.id);
    expect(asBia.status).toBe(200);
    expect(asBia.body.access).toBe('class');
    expect((await list(bia)).shared.map((b) => b.id)).toContain(board.id);
    expect((await get(duda, board.id)).status).toBe(404);
    expect((await list(duda)).shared).toEqual([]);

    // Read-only: saves, renames, deletes, shares by a reader are refused.
    expect((await save(bia, board.id, 0, scene([]))).status).toBe(403);
    expect((await call(bia, 'PATCH', `/boards/${board.id}`, { title: 'x' })).status).toBe(403);
    expect((await call(bia, 'DELETE', `/boards/${board.id}`)).status).toBe(403);
    expect((await save(duda, board.id, 0, scene([]))).status).toBe(404);

    // A class the owner does not teach: 403.
    const hugo = await signUp(t, { role: 'teacher', name: 'Hugo' });
    const other = await newClass(hugo, {}, 'Outra turma');
    const refused = await call<Problem>(ana, 'PUT', `/boards/${board.id}/shares`, {
      classIds: [other.id],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
  });

  it('a student removed from the class loses access at once', async () => {
    const eva = await signUp(t, { role: 'student', name: 'Eva' });
    const klass = await newClass(ana, { students: [eva] }, 'Turma 3B');
    const board = await newBoard(ana, 'Para a 3B');
    await call(ana, 'PUT', `/boards/${board.id}/shares`, { classIds: [klass.id] });
    expect((await get(eva, board.id)).status).toBe(200);
    expect((await call(ana, 'DELETE', `/classes/${klass.id}/members/${eva.id}`)).status).toBe(204);
    expect((await get(eva, board.id)).status).toBe(404);
    expect((await list(eva)).shared).toEqual([]);
  });

  it('presenting shares it with the class; stopping keeps the share', async () => {
    const board = await newBoard(ana, 'Apresentação');
    const started = await call<BoardSummary>(ana, 'PUT', `/boards/${board.id}/presentation`, {
      classId,
    });
    expect(started.status).toBe(200);
    expect(started.body.presentingTo).toEqual({ id: classId, name: 'Turma 3A' });
    const seen = (await list(bia)).shared.find((b) => b.id === board.id);
    expect(seen?.presentingTo?.id).toBe(classId);
    const stopped = await call<BoardSummary>(ana, 'PUT', `/boards/${board.id}/presentation`, {
      classId: null,
    });
    expect(stopped.body.presentingTo).toBeNull();
    expect((await get(bia, board.id)).status).toBe(200);
    // A student cannot present (not the owner) nor present their own board to a class.
    expect((await call(bia, 'PUT', `/boards/${board.id}/presentation`, { classId })).status).toBe(
      403,
    );
    const own = await newBoard(bia, 'Meu');
    expect((await call(bia, 'PUT', `/boards/${own.id}/presentation`, { classId })).status).toBe(
      403,
    );
  });

  it('hand-out: each student gets a copy; students see only their own; teachers see all', async () => {
    const board = await newBoard(ana, 'Exercício');
    await save(ana, board.id, 0, scene([rect('enunciado')]));
    const png = await raw(ana, 'PUT', `/boards/${board.id}/files/img1`, PNG_1X1, 'image/png');
    expect(png.status).toBe(201);

    const first = await call<BoardHandoutCopies>(ana, 'POST', `/boards/${board.id}/handouts`, {
      classId,
    });
    expect(first.status).toBe(201);
    expect(first.body.copies.map((c) => c.student.name)).toEqual(['Bia', 'Caio']);
    const biaCopy = first.body.copies.find((c) => c.student.id === bia.id)!.boardId;
    const caioCopy = first.body.copies.find((c) => c.student.id === caio.id)!.boardId;

    // Bia's copy is hers: she edits it; its scene and images came along.
    const mine = await get(bia, biaCopy);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      access: 'owner',
      handout: { sourceBoardId: board.id, class: { id: classId, name: 'Turma 3A' } },
      fileIds: ['img1'],
    });
    expect(mine.body.scene.elements.map((e) => e.id)).toEqual(['enunciado']);
    expect((await save(bia, biaCopy, 0, scene([rect('resposta da Bia')]))).status).toBe(200);
    expect((await list(bia)).mine.map((b) => b.id)).toContain(biaCopy);
    expect((await image(bia, `/boards/${biaCopy}/files/img1`)).bytes).toEqual(PNG_1X1);

    // Other students never see it; the source is not shared with them either.
    expect((await get(caio, biaCopy)).status).toBe(404);
    expect((await get(duda, biaCopy)).status).toBe(404);
    expect((await image(caio, `/boards/${biaCopy}/files/img1`)).res.status).toBe(404);
    expect((await get(bia, board.id)).status).toBe(404);
    expect((await list(caio)).shared.map((b) => b.id)).not.toContain(biaCopy);

    // The teacher reads every copy, read-only.
    const asTeacher = await get(ana, biaCopy);
    expect(asTeacher.status).toBe(200);
    expect(asTeacher.body.access).toBe('teacher');
    expect(asTeacher.body.scene.elements.map((e) => e.id)).toEqual(['resposta da Bia']);
    expect((await save(ana, caioCopy, 0, scene([]))).status).toBe(403);

    // The grid: only the owner, who teaches the class.
    const grid = await call<BoardHandoutCopies>(
      ana,
      'GET',
      `/boards/${board.id}/handouts/${classId}`,
    );
    expect(grid.status).toBe(200);
    expect(grid.body.copies.find((c) => c.boardId === biaCopy)?.version).toBe(1);
    expect((await call(bia, 'GET', `/boards/${board.id}/handouts/${classId}`)).status).toBe(404);
    expect((await call(bia, 'GET', `/boards/${biaCopy}/handouts/${classId}`)).status).toBe(403);

    // Idempotent; a student who joins later gets theirs when it is run again.
    const again = await call<BoardHandoutCopies>(ana, 'POST', `/boards/${board.id}/handouts`, {
      classId,
    });
    expect(again.status).toBe(200);
    expect(again.body.copies).toHaveLength(2);
    const fabi = await signUp(t, { role: 'student', name: 'Fabi' });
    await call(ana, 'POST', `/classes/${classId}/members?user_id=${fabi.id}&role=student`);
    const late = await call<BoardHandoutCopies>(ana, 'POST', `/boards/${board.id}/handouts`, {
      classId,
    });
    expect(late.body.copies.map((c) => c.student.name)).toEqual(['Bia', 'Caio', 'Fabi']);
    const summary = (await list(ana)).mine.find((b) => b.id === board.id)!;
    expect(summary.handouts).toEqual([
      { class: { id: classId, name: 'Turma 3A' }, copies: 3, createdAt: expect.any(String) },
    ]);

    // A removed student keeps their own copy, but the class's teacher then still reads it only
    // through the class: a stranger teacher never does.
    const other = await signUp(t, { role: 'teacher', name: 'Outro' });
    expect((await get(other, biaCopy)).status).toBe(404);
    // Handing out to a class one does not teach: 403.
    const notMine = await newClass(other, {}, 'Turma do Outro');
    expect(
      (await call(ana, 'POST', `/boards/${board.id}/handouts`, { classId: notMine.id })).status,
    ).toBe(403);
  });

  it('an unsafe link becomes null; text that looks like HTML stays text', async () => {
    const board = await newBoard(ana, 'Links');
    const elements = [
      rect('js', { link: 'javascript:alert(1)' }),
      rect('js2', { link: ' JaVa\tScRiPt:alert(document.cookie)' }),
      rect('data', { link: 'data:text/html,<script>alert(1)</script>' }),
      rect('vb', { link: 'vbscript:msgbox(1)' }),
      rect('https', { link: 'https://pt.wikipedia.org/wiki/Fra%C3%A7%C3%A3o' }),
      rect('mail', { link: 'mailto:ana@example.com' }),
      rect('rel', { link: '/dashboard/whiteboard' }),
      { id: 't', type: 'text', text: '<img src=x onerror=alert(1)>', link: null },
    ];
    expect((await save(ana, board.id, 0, scene(elements))).status).toBe(200);
    const links = Object.fromEntries(
      (await get(ana, board.id)).body.scene.elements.map((e) => [e.id, e.link]),
    );
    expect(links).toEqual({
      js: null,
      js2: null,
      data: null,
      vb: null,
      https: 'https://pt.wikipedia.org/wiki/Fra%C3%A7%C3%A3o',
      mail: 'mailto:ana@example.com',
      rel: '/dashboard/whiteboard',
      t: null,
    });
    const text = (await get(ana, board.id)).body.scene.elements.find((e) => e.id === 't');
    expect(text?.text).toBe('<img src=x onerror=alert(1)>');

    // An imported scene is sanitised the same way.
    const imported = await newBoard(ana, 'Importado', {
      scene: scene([rect('x', { link: 'javascript:alert(1)' })]),
    });
    expect(imported.scene.elements[0]?.link).toBeNull();
  });

  it('a body that is not an Excalidraw scene is 400 board_scene_invalid', async () => {
    const board = await newBoard(ana, 'Inválido');
    for (const bad of [
      { hello: 'world' },
      { type: 'excalidraw', elements: 'nope' },
      { type: 'excalidraw', elements: [{ type: 'rectangle' }] },
      { type: 'tldraw', elements: [] },
      'not even an object',
    ]) {
      const res = await save(ana, board.id, 0, bad);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('board_scene_invalid');
    }
    const created = await call<Problem>(ana, 'POST', '/boards', {
      title: 'Importado',
      scene: { elements: [{ id: 1 }] },
    });
    expect(created.status).toBe(400);
    expect(created.body.code).toBe('board_scene_invalid');
    expect((await get(ana, board.id)).body.version).toBe(0);
  });

  it('limits: a scene over 5 MB, an image over 2 MB or not a raster image', async () => {
    const board = await newBoard(ana, 'Limites');
    const big = scene([rect('big', { text: 'x'.repeat(5 * 1024 * 1024) })]);
    const tooLarge = await save(ana, board.id, 0, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe('board_scene_too_large');
    // Just under the body limit but over 5 MB once measured.
    const near = scene([rect('near', { text: 'x'.repeat(5 * 1024 * 1024 - 20) })]);
    const measured = await save(ana, board.id, 0, near);
    expect(measured.status).toBe(413);
    expect(measured.body.code).toBe('board_scene_too_large');

    const huge = new Uint8Array(BOARD_IMAGE_MAX_BYTES + 1);
    huge.set(PNG_1X1);
    const img = await raw(ana, 'PUT', `/boards/${board.id}/files/huge`, huge, 'image/png');
    expect(img.status).toBe(413);
    expect(img.body.code).toBe('media_too_large');

    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    );
    const refused = await raw(ana, 'PUT', `/boards/${board.id}/files/svg`, svg, 'image/svg+xml');
    expect(refused.status).toBe(415);
    expect(refused.body.code).toBe('media_type_unsupported');
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const lying = await raw(ana, 'PUT', `/boards/${board.id}/files/html`, html, 'image/png');
    expect(lying.status).toBe(415);
    expect((await get(ana, board.id)).body.fileIds).toEqual([]);
  });

  it('the quota: scenes, images and thumbnails of all the owner’s boards', async () => {
    const gabi = await signUp(t, { role: 'teacher', name: 'Gabi' });
    const board = await newBoard(gabi, 'Cota');
    configureBoards(t.ctx, { quotaBytes: 2_000 });
    try {
      expect((await save(gabi, board.id, 0, scene([rect('a')]))).status).toBe(200);
      const over = await save(gabi, board.id, 1, scene([rect('a', { text: 'y'.repeat(2_000) })]));
      expect(over.status).toBe(413);
      expect(over.body.code).toBe('board_quota_exceeded');
      const img = new Uint8Array(1_990);
      img.set(PNG_1X1);
      const file = await raw(gabi, 'PUT', `/boards/${board.id}/files/f1`, img, 'image/png');
      expect(file.status).toBe(413);
      expect(file.body.code).toBe('board_quota_exceeded');
      expect((await list(gabi)).quotaBytes).toBe(2_000);
    } finally {
      configureBoards(t.ctx, { quotaBytes: BOARD_QUOTA_BYTES });
    }
    expect(
      (await save(gabi, board.id, 1, scene([rect('a', { text: 'y'.repeat(2_000) })]))).status,
    ).toBe(200);
  });

  it('images: stored by file id, served safely to readers; a duplicate copies them', async () => {
    const board = await newBoard(ana, 'Com imagem');
    const put = await raw(ana, 'PUT', `/boards/${board.id}/files/abc_1`, PNG_1X1, 'image/png');
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({ fileId: 'abc_1', mime: 'image/png', bytes: PNG_1X1.length });
    // Again: the same file id keeps what it has.
    expect(
      (await raw(ana, 'PUT', `/boards/${board.id}/files/abc_1`, PNG_1X1, 'image/png')).status,
    ).toBe(200);
    expect(
      (await raw(bia, 'PUT', `/boards/${board.id}/files/zzz`, PNG_1X1, 'image/png')).status,
    ).toBe(404);

    const served = await image(ana, `/boards/${board.id}/files/abc_1`);
    expect(served.res.status).toBe(200);
    expect(served.bytes).toEqual(PNG_1X1);
    expect(served.res.headers.get('content-type')).toBe('image/png');
    expect(served.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.res.headers.get('cache-control')).toContain('private');
    const etag = served.res.headers.get('etag')!;
    const again = await t.app.request(`/api/boards/${board.id}/files/abc_1`, {
      headers: { ...bearer(ana), 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect((await image(bia, `/boards/${board.id}/files/abc_1`)).res.status).toBe(404);
    await call(ana, 'PUT', `/boards/${board.id}/shares`, { classIds: [classId] });
    expect((await image(bia, `/boards/${board.id}/files/abc_1`)).bytes).toEqual(PNG_1X1);
    expect((await image(ana, `/boards/${board.id}/files/nope`)).res.status).toBe(404);

    await save(ana, board.id, 0, scene([rect('r'), { id: 'i', type: 'image', fileId: 'abc_1' }]));
    const dup = await call<BoardSummary>(ana, 'POST', `/boards/${board.id}/duplicate`, {
      title: 'Cópia',
    });
    expect(dup.status).toBe(201);
    expect(dup.body).toMatchObject({ title: 'Cópia', access: 'owner', version: 0 });
    const copy = await get(ana, dup.body.id);
    expect(copy.body.fileIds).toEqual(['abc_1']);
    expect(copy.body.scene.elements.map((e) => e.id)).toEqual(['r', 'i']);
    // The copy's image is its own: deleting the source leaves it.
    expect((await call(ana, 'DELETE', `/boards/${board.id}`)).status).toBe(204);
    expect((await image(ana, `/boards/${dup.body.id}/files/abc_1`)).bytes).toEqual(PNG_1X1);
    // … and the source's media row went with it.
    const media = await t.db.db
      .selectFrom('media')
      .select('id')
      .where('owner_id', '=', ana.id)
      .execute();
    const used = await t.db.db.selectFrom('board_files').select('media_id').execute();
    const usedIds = new Set(used.map((u) => u.media_id));
    expect(media.filter((m) => !usedIds.has(m.id))).toEqual([]);

    // A reader of a shared board may keep a copy of their own.
    const mineNow = await call<BoardSummary>(bia, 'POST', `/boards/${dup.body.id}/duplicate`, {});
    expect(mineNow.status).toBe(404); // the copy is not shared with Bia's class
    await call(ana, 'PUT', `/boards/${dup.body.id}/shares`, { classIds: [classId] });
    const kept = await call<BoardSummary>(bia, 'POST', `/boards/${dup.body.id}/duplicate`, {});
    expect(kept.status).toBe(201);
    expect(kept.body).toMatchObject({ title: 'Cópia', access: 'owner', owner: { id: bia.id } });
    expect((await image(bia, `/boards/${kept.body.id}/files/abc_1`)).bytes).toEqual(PNG_1X1);
    expect((await list(bia)).usedBytes).toBeGreaterThanOrEqual(PNG_1X1.length);
  });

  it('thumbnail: a PNG of at most 256 KB, read by whoever reads the board', async () => {
    const board = await newBoard(ana, 'Miniatura');
    expect(
      (await raw(ana, 'PUT', `/boards/${board.id}/thumbnail`, PNG_1X1, 'image/png')).status,
    ).toBe(204);
    const summary = (await list(ana)).mine.find((b) => b.id === board.id)!;
    expect(summary.thumbnailUrl).toMatch(new RegExp(`^/api/boards/${board.id}/thumbnail`));
    const got = await image(ana, `/boards/${board.id}/thumbnail`);
    expect(got.bytes).toEqual(PNG_1X1);
    expect(got.res.headers.get('content-type')).toBe('image/png');
    expect((await image(duda, `/boards/${board.id}/thumbnail`)).res.status).toBe(404);
    const gif = Uint8Array.from([
      ...new TextEncoder().encode('GIF89a'),
      1,
      0,
      1,
      0,
      0,
      0,
      0,
      0,
      0x3b,
    ]);
    expect((await raw(ana, 'PUT', `/boards/${board.id}/thumbnail`, gif, 'image/png')).status).toBe(
      415,
    );
    const big = new Uint8Array(256 * 1024 + 1);
    big.set(PNG_1X1);
    expect((await raw(ana, 'PUT', `/boards/${board.id}/thumbnail`, big, 'image/png')).status).toBe(
      413,
    );
  });
});
