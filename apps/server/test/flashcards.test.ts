import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@aprenda/shared/schemas/common';
import type { Card, Deck, DeckDetail, DeckSummary } from '@aprenda/shared/schemas/flashcards';
import { createTestApp, dialects, signUp, type SignedUp, type TestApp } from './helpers.ts';
import { api, testClock, type Problem } from './flashcards-helpers.ts';

/**
 * Issue 12: decks and cards (docs/api/flashcards.md) — CRUD, limits, cloze items, move, suspend,
 * soft delete and restore, search, permissions and class decks (each student's own progress).
 */
describe.each(dialects)('flashcards: decks and cards (%s)', (dialect) => {
  let t: TestApp;
  const time = testClock('2030-05-10T15:00:00.000Z');
  const { call, newDeck, newCard, newCards, queue, review, newClass } = api(() => t);
  let ana: SignedUp; // teacher, owns decks
  let bia: SignedUp; // student of Ana's class
  let caio: SignedUp; // stranger
  let davi: SignedUp; // another teacher of Ana's class

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: time.clock });
    ana = await signUp(t, { role: 'teacher', name: 'Ana' });
    bia = await signUp(t, { role: 'student', name: 'Bia' });
    caio = await signUp(t, { role: 'student', name: 'Caio' });
    davi = await signUp(t, { role: 'teacher', name: 'Davi' });
  });
  afterAll(async () => t?.close());

  it('creates, reads, updates, lists and deletes a deck (with its cards)', async () => {
    const deck = await newDeck(ana, '  Citologia ', { description: 'Células' });
    expect(deck).toMatchObject({
      title: 'Citologia',
      description: 'Células',
      desired_retention: 0.9,
      new_per_day: 20,
      reviews_per_day: 200,
      card_count: 0,
      owner_id: ana.id,
    });
    const put = await call<Deck>(ana, 'PUT', `/decks/${deck.id}`, {
      desired_retention: 0.85,
      new_per_day: 5,
    });
    expect(put).toMatchObject({ status: 200, body: { desired_retention: 0.85, new_per_day: 5 } });
    const bad = await call<Problem>(ana, 'PUT', `/decks/${deck.id}`, { desired_retention: 0.5 });
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } });

    await newCards(ana, deck.id, 3);
    const detail = await call<DeckDetail>(ana, 'GET', `/decks/${deck.id}?tz=America/Sao_Paulo`);
    expect(detail.body).toMatchObject({
      can_edit: true,
      source: 'own',
      shares: [],
      card_count: 3,
      counts: { new: 3, learning: 0, review: 0, due: 3, total: 3 },
      parameters: { personalized: false, fitted_at: null, review_count: 0 },
    });
    expect((await call(ana, 'GET', `/decks/${deck.id}?tz=Mars/Olympus`)).status).toBe(400);

    const list = await call<Page<DeckSummary>>(ana, 'GET', '/decks');
    expect(list.body.items.find((d) => d.id === deck.id)).toMatchObject({
      source: 'own',
      classes: [],
      counts: { new: 3, due: 3, total: 3 },
    });

    expect((await call(ana, 'DELETE', `/decks/${deck.id}`)).status).toBe(204);
    expect((await call(ana, 'GET', `/decks/${deck.id}`)).status).toBe(404);
    const left = await t.db.db
      .selectFrom('flashcards')
      .select('id')
      .where('deck_id', '=', deck.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('pages own decks, then class decks', async () => {
    const u = await signUp(t, { role: 'student' });
    const own = [await newDeck(u, 'A'), await newDeck(u, 'B'), await newDeck(u, 'C')];
    const shared = await newDeck(ana, 'Da turma');
    const klass = await newClass(ana, { students: [u] }, 'Turma paginada');
    expect(
      (await call(ana, 'POST', `/decks/${shared.id}/shares`, { class_id: klass.id })).status,
    ).toBe(201);
    const seen: DeckSummary[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const page: { body: Page<DeckSummary> } = await call<Page<DeckSummary>>(
        u,
        'GET',
        `/decks?limit=3${q}`,
      );
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.map((d) => [d.title, d.source])).toEqual([
      ['C', 'own'],
      ['B', 'own'],
      ['A', 'own'],
      ['Da turma', 'class'],
    ]);
    expect(seen[3]!.classes).toEqual([{ id: klass.id, title: 'Turma paginada' }]);
    expect(own).toHaveLength(3);
  });

  it('cards: basic and cloze items, limits, batch all or nothing', async () => {
    const deck = await newDeck(ana, 'Química');
    const basic = await newCard(ana, deck.id, {
      front: 'H2O',
      back: 'Água',
      tags: ['enem', 'enem'],
    });
    expect(basic).toMatchObject({ kind: 'basic', items: 1, tags: ['enem'], suspended: false });
    const cloze = await newCard(ana, deck.id, {
      kind: 'cloze',
      front: '{{c1::Na}} é sódio, {{c2::K}} é potássio e {{c1::Cl}} cloro',
    });
    expect(cloze.items).toBe(2);

    const noDeletion = await call<Problem>(ana, 'POST', `/decks/${deck.id}/cards`, {
      kind: 'cloze',
      front: 'sem lacunas',
    });
    expect(noDeletion).toMatchObject({ status: 400, body: { code: 'cloze_without_deletion' } });

    const long = 'x'.repeat(10_001);
    const tooLong = await call<Problem>(ana, 'POST', `/decks/${deck.id}/cards`, {
      kind: 'basic',
      front: 'ok',
      back: long,
    });
    expect(tooLong).toMatchObject({ status: 413, body: { code: 'card_side_too_long' } });
    expect(tooLong.body.errors?.[0]).toMatchObject({ path: 'back', maximum: 10_000 });
    const exact = await newCard(ana, deck.id, { front: 'y'.repeat(10_000) });
    expect(exact.front).toHaveLength(10_000);

    const batch = await call<Problem>(ana, 'POST', `/decks/${deck.id}/cards/batch`, {
      cards: [
        { kind: 'basic', front: 'um' },
        { kind: 'cloze', front: 'sem lacuna' },
      ],
    });
    expect(batch).toMatchObject({ status: 400, body: { code: 'cloze_without_deletion' } });
    expect(batch.body.errors?.map((e) => e.path)).toEqual(['cards.1.front']);
    const count = await call<DeckDetail>(ana, 'GET', `/decks/${deck.id}`);
    expect(count.body.card_count).toBe(3);
  });

  it('a card may name a skill of the catalogue; an unknown skill is 400 on its field', async () => {
    const deck = await newDeck(ana, 'Geometria');
    const made = await call<Card>(ana, 'POST', `/decks/${deck.id}/cards`, {
      kind: 'basic',
      front: 'a² + b² = ?',
      back: 'c²',
      skill_id: 'bncc-ef09ma14',
    });
    expect(made).toMatchObject({ status: 201, body: { skill_id: 'bncc-ef09ma14' } });
    const unknown = await call<Problem>(ana, 'POST', `/decks/${deck.id}/cards/batch`, {
      cards: [
        { kind: 'basic', front: 'ok', back: 'ok' },
        { kind: 'basic', front: 'x', back: 'y', skill_id: 'no-such-skill' },
      ],
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: {
        code: 'validation_failed',
        errors: [{ path: 'cards.1.skill_id', code: 'unknown_skill' }],
      },
    });
    const badEdit = await call<Problem>(ana, 'PUT', `/cards/${made.body.id}`, { skill_id: 'nope' });
    expect(badEdit).toMatchObject({ status: 400, body: { errors: [{ path: 'skill_id' }] } });
    const cleared = await call<Card>(ana, 'PUT', `/cards/${made.body.id}`, { skill_id: null });
    expect(cleared).toMatchObject({ status: 200, body: { skill_id: null } });
    const cards = await call<Page<Card>>(ana, 'GET', `/decks/${deck.id}/cards`);
    expect(cards.body.items).toHaveLength(1);
  });

  it('deck_full: the 20,000-card limit is one conditional update of the counter', async () => {
    const deck = await newDeck(ana, 'Cheio');
    await newCards(ana, deck.id, 2);
    // Stand in for 19,997 more cards: the counter is what the limit reads.
    await t.db.db
      .updateTable('decks')
      .set({ card_count: 19_999 })
      .where('id', '=', deck.id)
      .execute();
    const two = await call<Problem>(ana, 'POST', `/decks/${deck.id}/cards/batch`, {
      cards: [
        { kind: 'basic', front: 'a' },
        { kind: 'basic', front: 'b' },
      ],
    });
    expect(two).toMatchObject({ status: 409, body: { code: 'deck_full' } });
    await newCard(ana, deck.id, { front: 'the 20,000th' });
    const over = await call<Problem>(ana, 'POST', `/decks/${deck.id}/cards`, {
      kind: 'basic',
      front: 'one too many',
    });
    expect(over).toMatchObject({ status: 409, body: { code: 'deck_full' } });
    const cards = await call<Page<Card>>(ana, 'GET', `/decks/${deck.id}/cards`);
    expect(cards.body.items.map((c) => c.front)).toEqual([
      'the 20,000th',
      'Pergunta 2',
      'Pergunta 1',
    ]);
  });

  it('edits a cloze card: its items follow the numbers', async () => {
    const deck = await newDeck(ana, 'Lacunas');
    const card = await newCard(ana, deck.id, { kind: 'cloze', front: '{{c1::a}} {{c2::b}}' });
    const edited = await call<Card>(ana, 'PUT', `/cards/${card.id}`, {
      front: '{{c1::a}} {{c3::c}} {{c4::d}}',
    });
    expect(edited).toMatchObject({ status: 200, body: { items: 3, content_version: 1 } });
    const ords = (await queue(ana, deck.id)).items.map((i) => i.ord).sort();
    expect(ords).toEqual([1, 3, 4]);
  });

  it('moves a card with its progress; suspends; deletes softly and restores within 24 h', async () => {
    const from = await newDeck(ana, 'Origem');
    const to = await newDeck(ana, 'Destino');
    const [card] = await newCards(ana, from.id, 1);
    const item = (await queue(ana, from.id)).items[0]!;
    expect((await review(ana, item.item_id, 3)).status).toBe(201);
    const moved = await call<Card>(ana, 'POST', `/cards/${card!.id}/move`, { deck_id: to.id });
    expect(moved).toMatchObject({ status: 200, body: { deck_id: to.id } });
    const state = await t.db.db
      .selectFrom('flashcard_states')
      .select(['deck_id', 'state'])
      .where('user_id', '=', ana.id)
      .where('item_id', '=', item.item_id)
      .executeTakeFirstOrThrow();
    expect(state).toEqual({ deck_id: to.id, state: 'learning' });
    expect((await call<DeckDetail>(ana, 'GET', `/decks/${from.id}`)).body.card_count).toBe(0);
    expect((await call<DeckDetail>(ana, 'GET', `/decks/${to.id}`)).body.card_count).toBe(1);
    const strangers = await newDeck(caio, 'Alheio');
    expect(
      (await call(ana, 'POST', `/cards/${card!.id}/move`, { deck_id: strangers.id })).status,
    ).toBe(404);

    // Suspend: out of the queue for its owner; back when unsuspended.
    const [fresh] = await newCards(ana, to.id, 1, 'Nova');
    const s = await call<Card>(ana, 'POST', `/cards/${fresh!.id}/suspend`, { suspended: true });
    expect(s.body.suspended).toBe(true);
    expect((await queue(ana, to.id)).items.map((i) => i.card_id)).not.toContain(fresh!.id);
    await call(ana, 'POST', `/cards/${fresh!.id}/suspend`, { suspended: false });
    expect((await queue(ana, to.id)).items.map((i) => i.card_id)).toContain(fresh!.id);

    // Soft delete, restore (the undo toast), and not after 24 h.
    expect((await call(ana, 'DELETE', `/cards/${fresh!.id}`)).status).toBe(204);
    expect((await call(ana, 'PUT', `/cards/${fresh!.id}`, { front: 'x' })).status).toBe(404);
    expect((await queue(ana, to.id)).items.map((i) => i.card_id)).not.toContain(fresh!.id);
    const restored = await call<Card>(ana, 'POST', `/cards/${fresh!.id}/restore`);
    expect(restored).toMatchObject({ status: 200, body: { id: fresh!.id } });
    expect((await queue(ana, to.id)).items.map((i) => i.card_id)).toContain(fresh!.id);
    await call(ana, 'DELETE', `/cards/${fresh!.id}`);
    time.advance(24 * 3600_000 + 1000);
    expect((await call(ana, 'POST', `/cards/${fresh!.id}/restore`)).status).toBe(404);
  });

  it('searches front, back and tags, accent- and case-insensitive, every word', async () => {
    const deck = await newDeck(ana, 'Busca');
    await newCard(ana, deck.id, {
      front: 'O CORAÇÃO bombeia',
      back: 'sangue',
      tags: ['fisiologia'],
    });
    await newCard(ana, deck.id, { front: 'Pulmão', back: 'troca gasosa', tags: ['Respiração'] });
    await newCard(ana, deck.id, { front: '100% de 50_', back: 'coracao?' });
    const search = async (q: string) =>
      (
        await call<Page<Card>>(ana, 'GET', `/decks/${deck.id}/cards?q=${encodeURIComponent(q)}`)
      ).body.items.map((c) => c.front);
    expect(await search('coracao')).toEqual(['100% de 50_', 'O CORAÇÃO bombeia']);
    expect(await search('Coração sangue')).toEqual(['O CORAÇÃO bombeia']);
    expect(await search('respiracao')).toEqual(['Pulmão']);
    expect(await search('corações pulmões')).toEqual([]);
    expect(await search('pulmões')).toEqual(['Pulmão']);
    expect(await search('%')).toEqual(['100% de 50_']);
    expect(await search('nada disso')).toEqual([]);

    // Pages, newest first, each card once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: Page<Card> } = await call<Page<Card>>(
        ana,
        'GET',
        `/decks/${deck.id}/cards?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.body.items.map((c) => c.front));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['100% de 50_', 'Pulmão', 'O CORAÇÃO bombeia']);
    const bad = await call<Problem>(ana, 'GET', `/decks/${deck.id}/cards?cursor=nonsense`);
    expect(bad.status).toBe(400);
  });

  it('a stranger gets 404 on every route', async () => {
    const deck = await newDeck(ana, 'Privado');
    const [card] = await newCards(ana, deck.id, 1);
    const item = (await queue(ana, deck.id)).items[0]!;
    const r = await review(ana, item.item_id, 3);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/decks/${deck.id}`],
      ['PUT', `/decks/${deck.id}`, { title: 'x' }],
      ['DELETE', `/decks/${deck.id}`],
      ['POST', `/decks/${deck.id}/copy`],
      ['POST', `/decks/${deck.id}/shares`, { class_id: 'abc' }],
      ['DELETE', `/decks/${deck.id}/shares/abc`],
      ['GET', `/decks/${deck.id}/cards`],
      ['POST', `/decks/${deck.id}/cards`, { kind: 'basic', front: 'x' }],
      ['POST', `/decks/${deck.id}/cards/batch`, { cards: [{ kind: 'basic', front: 'x' }] }],
      ['GET', `/decks/${deck.id}/queue`],
      ['GET', `/cards/${card!.id}`],
      ['PUT', `/cards/${card!.id}`, { front: 'x' }],
      ['POST', `/cards/${card!.id}/move`, { deck_id: deck.id }],
      ['POST', `/cards/${card!.id}/suspend`, { suspended: true }],
      ['DELETE', `/cards/${card!.id}`],
      ['POST', `/cards/${card!.id}/restore`],
      ['POST', `/reviews/${r.body.review_id}/undo`],
    ];
    for (const [method, path, body] of routes) {
      const res = await call<Problem>(caio, method, path, body);
      expect([method, path, res.status, res.body?.code]).toEqual([method, path, 404, 'not_found']);
    }
    const rev = await review(caio, item.item_id, 3);
    expect(rev.status).toBe(404);
    const list = await call<Page<DeckSummary>>(caio, 'GET', '/decks');
    expect(list.body.items.map((d) => d.id)).not.toContain(deck.id);
  });

  it('class decks: members read, study and copy; only the owner edits; shares need a class she teaches', async () => {
    const deck = await newDeck(ana, 'Genética');
    const [card] = await newCards(ana, deck.id, 2);
    const klass = await newClass(ana, { students: [bia], teachers: [davi] });
    const other = await newClass(davi, { students: [ana] }, 'Turma do Davi');

    expect((await call<Problem>(bia, 'GET', `/decks/${deck.id}`)).status).toBe(404);
    const notTeacher = await call<Problem>(ana, 'POST', `/decks/${deck.id}/shares`, {
      class_id: other.id,
    });
    expect(notTeacher).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const notMember = await call<Problem>(ana, 'POST', `/decks/${deck.id}/shares`, {
      class_id: 'no-such-class',
    });
    expect(notMember).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const share = await call(ana, 'POST', `/decks/${deck.id}/shares`, { class_id: klass.id });
    expect(share).toEqual({ status: 201, body: { class_id: klass.id, title: 'Turma 3A' } });
    expect(
      (await call<Problem>(ana, 'POST', `/decks/${deck.id}/shares`, { class_id: klass.id })).status,
    ).toBe(409);

    for (const reader of [bia, davi]) {
      const detail = await call<DeckDetail>(reader, 'GET', `/decks/${deck.id}`);
      expect(detail.body).toMatchObject({
        can_edit: false,
        source: 'class',
        shares: [{ class_id: klass.id, title: 'Turma 3A' }],
      });
      expect(
        (await call<Page<Card>>(reader, 'GET', `/decks/${deck.id}/cards`)).body.items,
      ).toHaveLength(2);
      const q = await queue(reader, deck.id);
      expect((await review(reader, q.items[0]!.item_id, 3)).status).toBe(201);
      for (const [method, path, body] of [
        ['PUT', `/decks/${deck.id}`, { title: 'x' }],
        ['DELETE', `/decks/${deck.id}`],
        ['POST', `/decks/${deck.id}/cards`, { kind: 'basic', front: 'x' }],
        ['PUT', `/cards/${card!.id}`, { front: 'x' }],
        ['DELETE', `/cards/${card!.id}`],
        ['POST', `/decks/${deck.id}/shares`, { class_id: klass.id }],
        ['DELETE', `/decks/${deck.id}/shares/${klass.id}`],
      ] as const) {
        const res = await call<Problem>(reader, method, path, body);
        expect([method, path, res.status, res.body.code]).toEqual([
          method,
          path,
          403,
          'owner_only',
        ]);
      }
    }
    const mine = await call<Page<DeckSummary>>(bia, 'GET', '/decks');
    expect(mine.body.items.find((d) => d.id === deck.id)).toMatchObject({
      source: 'class',
      classes: [{ id: klass.id, title: 'Turma 3A' }],
      counts: { new: 1, learning: 1 },
    });

    // A copy is the student's own deck: same cards, no progress.
    const copy = await call<Deck>(bia, 'POST', `/decks/${deck.id}/copy`);
    expect(copy).toMatchObject({
      status: 201,
      body: { owner_id: bia.id, title: 'Genética', card_count: 2 },
    });
    const copied = await call<DeckDetail>(bia, 'GET', `/decks/${copy.body.id}`);
    expect(copied.body).toMatchObject({ can_edit: true, counts: { new: 2, learning: 0 } });
    expect((await call(bia, 'PUT', `/decks/${copy.body.id}`, { title: 'Minha' })).status).toBe(200);

    // A reader's suspension is their own.
    const suspended = await call<Card>(bia, 'POST', `/cards/${card!.id}/suspend`, {
      suspended: true,
    });
    expect(suspended).toMatchObject({ status: 200, body: { suspended: true } });
    expect((await queue(bia, deck.id)).items.map((i) => i.card_id)).not.toContain(card!.id);
    expect((await queue(ana, deck.id)).items.map((i) => i.card_id)).toContain(card!.id);
    expect((await call<Card>(ana, 'GET', `/cards/${card!.id}`)).body.suspended).toBe(false);

    const owners = await call<DeckDetail>(ana, 'GET', `/decks/${deck.id}`);
    expect(owners.body.shares).toEqual([{ class_id: klass.id, title: 'Turma 3A' }]);
    expect((await call(ana, 'DELETE', `/decks/${deck.id}/shares/${klass.id}`)).status).toBe(204);
    expect((await call(bia, 'GET', `/decks/${deck.id}`)).status).toBe(404);
  });

  it('class deck edits: students keep progress unless reset; a deleted card is gone for everyone', async () => {
    const deck = await newDeck(ana, 'Ecologia');
    const klass = await newClass(ana, { students: [bia] }, 'Turma Eco');
    await call(ana, 'POST', `/decks/${deck.id}/shares`, { class_id: klass.id });
    const [one, two] = await newCards(ana, deck.id, 2);
    const itemOf = async (cardId: string) =>
      (await queue(bia, deck.id)).items.find((i) => i.card_id === cardId)!.item_id;
    const item1 = await itemOf(one!.id);
    const item2 = await itemOf(two!.id);
    await review(bia, item1, 3);
    await review(bia, item2, 4);
    const stateOf = (itemId: string) =>
      t.db.db
        .selectFrom('flashcard_states')
        .select(['state', 'reps'])
        .where('user_id', '=', bia.id)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
    expect(await stateOf(item2)).toEqual({ state: 'review', reps: 1 });

    const kept = await call<Card>(ana, 'PUT', `/cards/${two!.id}`, {
      front: 'Pergunta 2 (revisada)',
    });
    expect(kept.body.content_version).toBe(1);
    expect(await stateOf(item2)).toEqual({ state: 'review', reps: 1 });

    const reset = await call<Card>(ana, 'PUT', `/cards/${two!.id}`, {
      back: 'outra resposta',
      reset_progress: true,
    });
    expect(reset.body.content_version).toBe(2);
    expect(await stateOf(item2)).toBeUndefined();
    expect((await queue(bia, deck.id)).items.find((i) => i.item_id === item2)?.state).toBe('new');

    expect((await call(ana, 'DELETE', `/cards/${one!.id}`)).status).toBe(204);
    expect((await queue(bia, deck.id)).items.map((i) => i.card_id)).not.toContain(one!.id);
    const list = await call<Page<Card>>(bia, 'GET', `/decks/${deck.id}/cards`);
    expect(list.body.items.map((c) => c.id)).toEqual([two!.id]);
    expect((await review(bia, item1, 3)).status).toBe(404);
    expect((await call(bia, 'GET', `/cards/${one!.id}`)).status).toBe(404);
  });
});
