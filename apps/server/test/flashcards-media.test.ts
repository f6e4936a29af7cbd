import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@aprenda/shared/schemas/common';
import type { Card, Deck, MediaUploadResult } from '@aprenda/shared/schemas/flashcards';
import {
  bearer,
  createTestApp,
  dialects,
  ORIGIN,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';
import { api } from './flashcards-helpers.ts';
import { PNG_1X1 } from './fixtures/build-apkg.ts';

/**
 * Issue 12: a card's images travel with it (docs/api/flashcards.md, "Images"). A medium is
 * readable by whoever reads ITS deck, so a deck copy, a moved card and a card written with a link
 * to another deck's image get their own copy in the target deck — the student's copy keeps its
 * images after the teacher unshares, a card moved into a class deck shows its images to the class
 * — while a link to an image the user may not read is left as it is and never copied.
 */
describe.each(dialects)('flashcards: images follow their cards (%s)', (dialect) => {
  let t: TestApp;
  const { call, newDeck, newCard, newClass } = api(() => t);
  let ana: SignedUp; // teacher
  let bia: SignedUp; // student of Ana's class
  let caio: SignedUp; // stranger
  let classId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ana = await signUp(t, { role: 'teacher', name: 'Ana' });
    bia = await signUp(t, { role: 'student', name: 'Bia' });
    caio = await signUp(t, { role: 'student', name: 'Caio' });
    classId = (await newClass(ana, { students: [bia] })).id;
  });
  afterAll(async () => t?.close());

  /** A distinct valid GIF per `n` (the server sniffs the header; the rest makes the hash). */
  const gif = (n: number) =>
    Uint8Array.from([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, n, 0, 0, 0, 0x3b]);

  async function upload(u: SignedUp, deckId: string, bytes: Uint8Array) {
    const res = await t.app.request(`/api/decks/${deckId}/media`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/octet-stream', ...bearer(u) },
      body: bytes,
    });
    expect(res.status).toBe(201);
    return (await res.json()) as MediaUploadResult;
  }

  async function image(u: SignedUp, id: string) {
    const res = await t.app.request(`/api/media/${id}`, { headers: bearer(u) });
    return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  async function cardsOf(u: SignedUp, deckId: string) {
    const res = await call<Page<Card>>(u, 'GET', `/decks/${deckId}/cards?limit=100`);
    expect(res.status).toBe(200);
    return res.body.items;
  }

  const linkIds = (text: string) =>
    Array.from(text.matchAll(/\/api\/media\/([A-Za-z0-9_-]+)/g), (m) => m[1]!);

  async function mediaOf(deckId: string) {
    return t.db.db
      .selectFrom('media')
      .select(['id', 'owner_id', 'sha256'])
      .where('deck_id', '=', deckId)
      .execute();
  }

  const share = async (deckId: string) =>
    expect((await call(ana, 'POST', `/decks/${deckId}/shares`, { class_id: classId })).status).toBe(
      201,
    );
  const unshare = async (deckId: string) =>
    expect((await call(ana, 'DELETE', `/decks/${deckId}/shares/${classId}`)).status).toBe(204);

  it('a copied deck keeps its images after the teacher unshares (copies in the new deck)', async () => {
    const deck = await newDeck(ana, 'Citologia');
    const cell = await upload(ana, deck.id, PNG_1X1);
    const other = await upload(ana, deck.id, gif(1));
    await newCard(ana, deck.id, { front: `Que organela?\n![](${cell.url})`, back: 'Mitocôndria' });
    await newCard(ana, deck.id, {
      front: 'E esta?',
      back: `![a](${cell.url}) e ![b](${other.url})`,
    });
    await newCard(ana, deck.id, { front: 'Sem imagem', back: 'Nada' });
    await share(deck.id);
    expect((await image(bia, cell.id)).status).toBe(200);

    const copy = await call<Deck>(bia, 'POST', `/decks/${deck.id}/copy`);
    expect(copy.status).toBe(201);
    const cards = await cardsOf(bia, copy.body.id);
    expect(cards).toHaveLength(3);
    const ids = [...new Set(cards.flatMap((c) => [...linkIds(c.front), ...linkIds(c.back)]))];
    // Two images, each copied once (the same image on two cards is one row), new ids.
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(cell.id);
    expect(ids).not.toContain(other.id);
    const rows = await mediaOf(copy.body.id);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r.owner_id === bia.id)).toBe(true);
    const withCell = cards.find((c) => c.front.startsWith('Que organela?'))!;
    expect(withCell.front).toMatch(/^Que organela\?\n!\[\]\(\/api\/media\/[A-Za-z0-9_-]+\)$/);

    await unshare(deck.id);
    expect((await image(bia, cell.id)).status).toBe(404);
    const mine = await image(bia, linkIds(withCell.front)[0]!);
    expect(mine.status).toBe(200);
    expect(mine.bytes).toEqual(PNG_1X1);
    // The copy is Bia's: a stranger, and the teacher, do not read it.
    expect((await image(caio, linkIds(withCell.front)[0]!)).status).toBe(404);
    expect((await image(ana, linkIds(withCell.front)[0]!)).status).toBe(404);
    // The teacher's deck and images are untouched.
    expect((await image(ana, cell.id)).status).toBe(200);
    expect((await mediaOf(deck.id)).length).toBe(2);
  });

  it('a card moved into a class deck takes its image along: the students read it', async () => {
    const privateDeck = await newDeck(ana, 'Rascunhos');
    const classDeck = await newDeck(ana, 'Biologia 3A');
    await share(classDeck.id);
    const up = await upload(ana, privateDeck.id, gif(2));
    const card = await newCard(ana, privateDeck.id, {
      front: `Qual estrutura?\n![](${up.url})`,
      back: `Núcleo ![](${up.url})`,
    });
    expect((await image(bia, up.id)).status).toBe(404);

    const moved = await call<Card>(ana, 'POST', `/cards/${card.id}/move`, {
      deck_id: classDeck.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.deck_id).toBe(classDeck.id);
    const [newId] = linkIds(moved.body.front);
    expect(newId).toBeDefined();
    expect(newId).not.toBe(up.id);
    expect(linkIds(moved.body.back)).toEqual([newId]);
    expect(moved.body.front).toBe(`Qual estrutura?\n![](/api/media/${newId})`);
    // What the students get from the deck is the rewritten card.
    const seen = (await cardsOf(bia, classDeck.id)).find((c) => c.id === card.id)!;
    expect(seen.front).toBe(moved.body.front);
    const asStudent = await image(bia, newId!);
    expect(asStudent.status).toBe(200);
    expect(asStudent.bytes).toEqual(gif(2));
    expect((await image(caio, newId!)).status).toBe(404);
    expect((await image(bia, up.id)).status).toBe(404);
    // Search still finds the card by its words.
    const found = await call<Page<Card>>(ana, 'GET', `/decks/${classDeck.id}/cards?q=estrutura`);
    expect(found.body.items.map((c) => c.id)).toEqual([card.id]);

    // Moving it back reuses the old deck's image (same bytes: one row per deck).
    const back = await call<Card>(ana, 'POST', `/cards/${card.id}/move`, {
      deck_id: privateDeck.id,
    });
    expect(back.status).toBe(200);
    expect(linkIds(back.body.front)).toEqual([up.id]);
    expect((await mediaOf(privateDeck.id)).length).toBe(1);
  });

  it('a card written in a class deck with an image of another own deck gets a copy', async () => {
    const source = await newDeck(ana, 'Imagens');
    const classDeck = await newDeck(ana, 'Química 3A');
    await share(classDeck.id);
    const a = await upload(ana, source.id, gif(3));
    const b = await upload(ana, source.id, gif(4));

    const created = await newCard(ana, classDeck.id, { front: `Molécula ![](${a.url})` });
    const [copyA] = linkIds(created.front);
    expect(copyA).not.toBe(a.id);
    expect((await image(bia, copyA!)).status).toBe(200);

    // Edit: a new link to the other deck is copied; the link already in the deck stays.
    const edited = await call<Card>(ana, 'PUT', `/cards/${created.id}`, {
      front: `Molécula ![](/api/media/${copyA}) e ![](${b.url})`,
    });
    expect(edited.status).toBe(200);
    const [keptA, copyB] = linkIds(edited.body.front);
    expect(keptA).toBe(copyA);
    expect(copyB).not.toBe(b.id);
    expect((await image(bia, copyB!)).status).toBe(200);

    // Batch and rows import: the same image twice → one copy (the one made above).
    const batch = await call<{ items: Card[] }>(ana, 'POST', `/decks/${classDeck.id}/cards/batch`, {
      cards: [
        { kind: 'basic', front: `Um ![](${a.url})` },
        { kind: 'basic', front: 'Dois', back: `![](${a.url})` },
      ],
    });
    expect(batch.status).toBe(201);
    expect(batch.body.items.flatMap((c) => [...linkIds(c.front), ...linkIds(c.back)])).toEqual([
      copyA,
      copyA,
    ]);
    const rows = await call(ana, 'POST', `/decks/${classDeck.id}/import/rows`, {
      rows: [{ front: `Importado ![](${b.url})`, back: 'x' }],
    });
    expect(rows.status).toBe(201);
    const imported = (await cardsOf(ana, classDeck.id)).find((c) =>
      c.front.startsWith('Importado'),
    )!;
    expect(linkIds(imported.front)).toEqual([copyB]);
    expect((await mediaOf(classDeck.id)).length).toBe(2);
  });

  it('the copies are written in the cards’ transaction: a refused card leaves no image behind', async () => {
    const source = await newDeck(ana, 'Origem');
    const full = await newDeck(ana, 'Cheio');
    const up = await upload(ana, source.id, gif(7));
    // The deck at its 20,000-card limit (set directly: the limit itself is tested elsewhere).
    await t.db.db
      .updateTable('decks')
      .set({ card_count: 20_000 })
      .where('id', '=', full.id)
      .execute();
    const refused = await call<{ code: string }>(ana, 'POST', `/decks/${full.id}/cards`, {
      kind: 'basic',
      front: `![](${up.url})`,
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'deck_full' } });
    expect(await mediaOf(full.id)).toEqual([]);
  });

  it('links to images the user may not read are kept as written, never copied', async () => {
    const teacherDeck = await newDeck(ana, 'Privado');
    const secret = await upload(ana, teacherDeck.id, gif(5));
    const classDeck = await newDeck(ana, 'Física 3A');
    await share(classDeck.id);
    const shared = await upload(ana, classDeck.id, gif(6));
    const own = await newDeck(bia, 'Meu baralho');

    const text = `Segredo ![](${secret.url}) inexistente ![](/api/media/nao-existe) turma ![](${shared.url})`;
    const card = await newCard(bia, own.id, { front: text, back: 'ok' });
    const [keptSecret, keptMissing, copied] = linkIds(card.front);
    expect(keptSecret).toBe(secret.id);
    expect(keptMissing).toBe('nao-existe');
    expect(copied).not.toBe(shared.id);
    expect((await image(bia, secret.id)).status).toBe(404);
    expect((await mediaOf(own.id)).map((m) => m.id)).toEqual([copied]);

    // The class image Bia copied stays hers after the unshare.
    await unshare(classDeck.id);
    expect((await image(bia, shared.id)).status).toBe(404);
    expect((await image(bia, copied!)).status).toBe(200);

    // A stranger pasting the teacher's links gets nothing copied either.
    const strangerDeck = await newDeck(caio, 'Do Caio');
    const theirs = await newCard(caio, strangerDeck.id, { front: `![](${secret.url})` });
    expect(linkIds(theirs.front)).toEqual([secret.id]);
    expect(await mediaOf(strangerDeck.id)).toEqual([]);
    expect((await image(caio, secret.id)).status).toBe(404);
  });
});
