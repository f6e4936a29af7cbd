import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync as unzip, zipSync } from 'fflate';
import type { FieldError } from '@aprenda/shared/errors';
import { unguardCell } from '@aprenda/shared/flashcards-csv';
import type {
  ApkgImportResult,
  Deck,
  ImportRowsResult,
  MediaUploadResult,
} from '@aprenda/shared/schemas/flashcards';
import { CARD_SIDE_MAX, MEDIA_MAX_BYTES } from '@aprenda/shared/schemas/flashcards';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  ORIGIN,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';
import { buildApkg, PNG_1X1, zstd, zstdRaw } from './fixtures/build-apkg.ts';

/**
 * Issue 12, point 5: CSV rows import (all or nothing, per-row errors), CSV export (RFC 4180,
 * round trip), Anki packages (current zstd `collection.anki21b` and legacy `collection.anki2`,
 * built by test/fixtures/build-apkg.ts — never downloaded), images as media, malformed packages
 * refused with nothing saved, size limits, and who may read a deck's images.
 */

type Problem = { code: string; errors?: FieldError[] };

/** The import limit of this suite: 1 MiB (the fixtures are a few KB). */
const IMPORT_MAX_MB = '1';

/** A minimal RFC 4180 reader (the server writes, this reads it back independently). */
function parseCsv(text: string): string[][] {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe.each(dialects)('flashcards import and export (%s)', (dialect) => {
  let t: TestApp;
  let owner: SignedUp;
  let student: SignedUp;
  let stranger: SignedUp;
  let classId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { FLASHCARD_IMPORT_MAX_MB: IMPORT_MAX_MB });
    owner = await signUp(t, { role: 'teacher', name: 'Helena' });
    student = await signUp(t, { role: 'student', name: 'Lucas' });
    stranger = await signUp(t, { role: 'student', name: 'Estranho' });
    const klass = await call<ClassDetail>(owner, 'POST', '/classes', { title: 'Biologia' });
    expect(klass.status).toBe(201);
    classId = klass.body.id;
    const joined = await call(student, 'POST', '/classes/join', { code: klass.body.code });
    expect(joined.status).toBe(200);
  });
  afterAll(async () => t?.close());

  async function call<T = unknown>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t, method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, res };
  }

  /** Raw bytes to a route (the .apkg and image uploads). */
  async function raw<T = unknown>(
    u: SignedUp | null,
    method: string,
    path: string,
    bytes: Uint8Array,
    type = 'application/octet-stream',
  ) {
    const res = await t.app.request(`/api${path}`, {
      method,
      headers: { origin: ORIGIN, 'content-type': type, ...(u ? bearer(u) : {}) },
      body: bytes,
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, body: body as T, res };
  }

  async function get(u: SignedUp | null, path: string, headers: Record<string, string> = {}) {
    return t.app.request(`/api${path}`, { headers: { ...(u ? bearer(u) : {}), ...headers } });
  }

  async function newDeck(title = 'Biologia celular'): Promise<Deck> {
    const res = await call<Deck>(owner, 'POST', '/decks', { title });
    expect(res.status).toBe(201);
    return res.body;
  }

  /** A deck's cards in the order they were added (their first item's position). */
  async function cardsOf(deckId: string) {
    const cards = await t.db.db
      .selectFrom('flashcards')
      .select(['id', 'kind', 'front', 'back', 'tags'])
      .where('deck_id', '=', deckId)
      .execute();
    const items = await t.db.db
      .selectFrom('flashcard_items')
      .select(['card_id', 'position'])
      .where('deck_id', '=', deckId)
      .execute();
    const first = new Map<string, number>();
    for (const i of items) {
      const p = Number(i.position);
      if (!first.has(i.card_id) || p < first.get(i.card_id)!) first.set(i.card_id, p);
    }
    return cards.sort((a, b) => first.get(a.id)! - first.get(b.id)!);
  }

  const count = async (table: 'flashcards' | 'decks' | 'media' | 'flashcard_items') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const ownDecks = async (userId: string) =>
    Number(
      (
        await t.db.db
          .selectFrom('decks')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('owner_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  // ── CSV rows ─────────────────────────────────────────────────────────────────────────────

  describe('POST /decks/{id}/import/rows', () => {
    it('imports every row: basic and cloze (from its front), tags as text or a list', async () => {
      const deck = await newDeck();
      const res = await call<ImportRowsResult>(owner, 'POST', `/decks/${deck.id}/import/rows`, {
        rows: [
          {
            front: 'Onde ocorre a fotossíntese?',
            back: 'Nos cloroplastos',
            tags: 'biologia, enem',
          },
          { front: 'A {{c1::mitocôndria}} produz {{c2::ATP}}.', tags: ['biologia'] },
          { front: '  Só frente  ' },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ imported: 3 });
      const cards = await cardsOf(deck.id);
      expect(cards.map((c) => [c.kind, c.front, c.back, JSON.parse(c.tags)])).toEqual([
        ['basic', 'Onde ocorre a fotossíntese?', 'Nos cloroplastos', ['biologia', 'enem']],
        ['cloze', 'A {{c1::mitocôndria}} produz {{c2::ATP}}.', '', ['biologia']],
        ['basic', 'Só frente', '', []],
      ]);
      const items = await t.db.db
        .selectFrom('flashcard_items')
        .select('card_id')
        .where('deck_id', '=', deck.id)
        .execute();
      expect(items).toHaveLength(4); // 1 + 2 cloze numbers + 1
      const detail = await call<Deck>(owner, 'GET', `/decks/${deck.id}`);
      expect(detail.body.card_count).toBe(3);
    });

    it('names every row at fault (rows.<i>.<field>) and saves nothing', async () => {
      const deck = await newDeck();
      const before = await count('flashcards');
      const res = await call<Problem>(owner, 'POST', `/decks/${deck.id}/import/rows`, {
        rows: [
          { front: 'Certo', back: 'ok' },
          { front: '   ', back: 'sem frente' },
          { front: 'Longo', back: 'x'.repeat(CARD_SIDE_MAX + 1) },
          { front: 'Tags', tags: ['uma-tag', 'x'.repeat(41)] },
          { front: 'Muitas tags', tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(' ') },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      const paths = res.body.errors!.map((e) => e.path).sort();
      expect(paths).toEqual(['rows.1.front', 'rows.2.back', 'rows.3.tags', 'rows.4.tags']);
      expect(res.body.errors!.find((e) => e.path === 'rows.2.back')).toMatchObject({
        code: 'too_big',
        maximum: CARD_SIDE_MAX,
      });
      expect(await count('flashcards')).toBe(before);
      expect(await cardsOf(deck.id)).toHaveLength(0);
    });

    it('takes a body larger than the default JSON limit (1 MiB)', async () => {
      const deck = await newDeck();
      const rows = Array.from({ length: 300 }, (_, i) => ({
        front: `Pergunta ${i} ${'é'.repeat(2000)}`,
        back: `Resposta ${i} ${'á'.repeat(2000)}`,
      }));
      expect(JSON.stringify({ rows }).length).toBeGreaterThan(1024 * 1024);
      const res = await call<ImportRowsResult>(owner, 'POST', `/decks/${deck.id}/import/rows`, {
        rows,
      });
      expect(res.status).toBe(201);
      expect(res.body.imported).toBe(300);
    });

    it('a deck that would pass 20,000 cards: 409 deck_full, nothing saved', async () => {
      const deck = await newDeck();
      await t.db.db
        .updateTable('decks')
        .set({ card_count: 19_999 })
        .where('id', '=', deck.id)
        .execute();
      const res = await call<Problem>(owner, 'POST', `/decks/${deck.id}/import/rows`, {
        rows: [{ front: 'um' }, { front: 'dois' }],
      });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('deck_full');
      expect(await cardsOf(deck.id)).toHaveLength(0);
    });

    it('only the owner imports: a class reader 403 owner_only, anyone else 404', async () => {
      const deck = await newDeck();
      expect(
        (await call(owner, 'POST', `/decks/${deck.id}/shares`, { class_id: classId })).status,
      ).toBe(201);
      const body = { rows: [{ front: 'x' }] };
      const asStudent = await call<Problem>(student, 'POST', `/decks/${deck.id}/import/rows`, body);
      expect(asStudent.status).toBe(403);
      expect(asStudent.body.code).toBe('owner_only');
      const asStranger = await call<Problem>(
        stranger,
        'POST',
        `/decks/${deck.id}/import/rows`,
        body,
      );
      expect(asStranger.status).toBe(404);
      expect(await cardsOf(deck.id)).toHaveLength(0);
    });
  });

  // ── CSV export ───────────────────────────────────────────────────────────────────────────

  describe('GET /decks/{id}/export.csv', () => {
    const tricky = [
      {
        front: 'Vírgula, "aspas" e\nquebra de linha',
        back: 'Resposta com ""aspas duplas""',
        tags: ['a', 'b'],
      },
      { front: '=SUM(A1:A3)', back: '-5 + 3', tags: ['fórmula'] },
      { front: 'A {{c1::célula}} é a unidade da vida.', back: 'Linha 1\r\nLinha 2', tags: [] },
      { front: ' espaços nas pontas ', back: 'R$ 10,00 $x^2$', tags: ['enem'] },
    ];

    it('RFC 4180 with a BOM, CRLF and a header; an attachment named after the deck', async () => {
      const deck = await newDeck('Revisão: Biologia/ENEM');
      await t.db.db
        .updateTable('decks')
        .set({ title: 'Revisão "Bio"' })
        .where('id', '=', deck.id)
        .execute();
      const cards = await call(owner, 'POST', `/decks/${deck.id}/cards/batch`, {
        cards: tricky.map((c) => ({ kind: c.front.includes('{{c1::') ? 'cloze' : 'basic', ...c })),
      });
      expect(cards.status).toBe(201);
      const res = await get(owner, `/decks/${deck.id}/export.csv`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const disposition = res.headers.get('content-disposition')!;
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(disposition).not.toContain('"Bio"');
      expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Revisão "Bio".csv');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a UTF-8 BOM, for spreadsheets
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text.startsWith(`\ufeff${'front,back,tags'}\r\n`)).toBe(true);
      expect(text.endsWith('\r\n')).toBe(true);
      const rows = parseCsv(text);
      expect(rows[0]).toEqual(['front', 'back', 'tags']);
      // Formula-looking cells carry a leading ' (spreadsheets show text, never run it).
      expect(rows[2]).toEqual(["'=SUM(A1:A3)", "'-5 + 3", 'fórmula']);
      expect(rows.slice(1).map((r) => r.map(unguardCell))).toEqual(
        tricky.map((c) => [c.front, c.back, c.tags.join(' ')]),
      );
    });

    it('round trip: exported, imported into another deck, exported again — the same file', async () => {
      const source = await newDeck('Origem');
      await call(owner, 'POST', `/decks/${source.id}/cards/batch`, {
        cards: tricky.map((c) => ({ kind: c.front.includes('{{c1::') ? 'cloze' : 'basic', ...c })),
      });
      const first = await (await get(owner, `/decks/${source.id}/export.csv`)).text();
      const rows = parseCsv(first).slice(1);
      const target = await newDeck('Origem');
      const imported = await call<ImportRowsResult>(
        owner,
        'POST',
        `/decks/${target.id}/import/rows`,
        {
          rows: rows.map(([front, back, tags]) => ({
            front: unguardCell(front!),
            back: unguardCell(back!),
            tags: unguardCell(tags!),
          })),
        },
      );
      expect(imported.status).toBe(201);
      // The server trims what it imports; the export keeps what is stored.
      const second = await (await get(owner, `/decks/${target.id}/export.csv`)).text();
      expect(parseCsv(second).map((r) => r.map((c) => unguardCell(c).trim()))).toEqual(
        parseCsv(first).map((r) => r.map((c) => unguardCell(c).trim())),
      );
      const kinds = (await cardsOf(target.id)).map((c) => c.kind);
      expect(kinds).toEqual(['basic', 'basic', 'cloze', 'basic']);
    });

    it('class readers may export; anyone else 404', async () => {
      const deck = await newDeck();
      await call(owner, 'POST', `/decks/${deck.id}/shares`, { class_id: classId });
      await call(owner, 'POST', `/decks/${deck.id}/import/rows`, {
        rows: [{ front: 'f', back: 'b' }],
      });
      const asStudent = await get(student, `/decks/${deck.id}/export.csv`);
      expect(asStudent.status).toBe(200);
      expect(parseCsv(await asStudent.text())).toEqual([
        ['front', 'back', 'tags'],
        ['f', 'b', ''],
      ]);
      expect((await get(stranger, `/decks/${deck.id}/export.csv`)).status).toBe(404);
      expect((await get(null, `/decks/${deck.id}/export.csv`)).status).toBe(401);
    });
  });

  // ── Anki packages ────────────────────────────────────────────────────────────────────────

  describe('POST /decks/import/apkg', () => {
    const variants = [
      { name: 'anki21b (zstd, schema 18)', bytes: () => buildApkg({ format: 'modern' }) },
      {
        name: 'anki21b with raw zstd blocks',
        bytes: () => buildApkg({ format: 'modern', rawZstd: true }),
      },
      {
        name: 'legacy anki2 (schema 11)',
        bytes: () => buildApkg({ format: 'legacy', deckName: 'ENEM::Revisão' }),
      },
    ];

    for (const variant of variants) {
      it(`${variant.name}: basic and cloze notes, images, others skipped, cards start new`, async () => {
        const res = await raw<ApkgImportResult>(
          owner,
          'POST',
          '/decks/import/apkg?filename=x.apkg',
          variant.bytes(),
        );
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ imported: 4, skipped: 2, media: 1 });
        const deck = res.body.deck;
        expect(deck).toMatchObject({ title: 'ENEM::Revisão', owner_id: owner.id, card_count: 4 });
        const cards = await cardsOf(deck.id);
        expect(cards.map((c) => c.kind)).toEqual(['basic', 'basic', 'basic', 'cloze']);
        expect(cards[0]).toMatchObject({
          front: 'Qual é a capital do Brasil?',
          back: '**Brasília**',
        });
        expect(JSON.parse(cards[0]!.tags)).toEqual(['geografia', 'enem']);
        // The image became a medium of the deck, referenced in markdown.
        const m = /^Que organela é esta\?\n!\[\]\(\/api\/media\/([A-Za-z0-9_-]+)\)$/.exec(
          cards[1]!.front,
        );
        expect(m, cards[1]!.front).not.toBeNull();
        const image = await get(owner, `/media/${m![1]}`);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
        expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG_1X1);
        // HTML: maths kept, `$` escaped, script gone, list as markdown.
        expect(cards[2]!.front).toBe(
          'Fórmula de Bhaskara\n\\(x = \\frac{-b \\pm \\sqrt{\\Delta}}{2a}\\)',
        );
        expect(cards[2]!.back).toBe('Custa R\\$ 10 & *mais*\n- um\n- dois');
        expect(cards[3]).toMatchObject({
          front: 'A {{c1::fotossíntese}} ocorre nos {{c2::cloroplastos}}.',
          back: 'Biologia celular',
        });
        const items = await t.db.db
          .selectFrom('flashcard_items')
          .select('ord')
          .where('card_id', '=', cards[3]!.id)
          .orderBy('ord')
          .execute();
        expect(items.map((i) => Number(i.ord))).toEqual([1, 2]);
        // No scheduling history: no states, no review log; the queue shows them as new.
        const states = await t.db.db
          .selectFrom('flashcard_states')
          .select('item_id')
          .where('deck_id', '=', deck.id)
          .execute();
        expect(states).toHaveLength(0);
        const reviews = await t.db.db
          .selectFrom('flashcard_reviews')
          .select('id')
          .where('deck_id', '=', deck.id)
          .execute();
        expect(reviews).toHaveLength(0);
        const detail = await call<{ counts: { new: number; review: number } }>(
          owner,
          'GET',
          `/decks/${deck.id}`,
        );
        expect(detail.body.counts).toMatchObject({ new: 5, review: 0 });
      });
    }

    it('the file name titles the deck when the package has only "Default"', async () => {
      const res = await raw<ApkgImportResult>(
        owner,
        'POST',
        `/decks/import/apkg?filename=${encodeURIComponent('Química orgânica.apkg')}`,
        buildApkg({
          format: 'legacy',
          deckName: 'Default',
          notes: [{ type: 'basic', fields: ['a', 'b'] }],
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body.deck.title).toBe('Química orgânica');
      expect(res.body).toMatchObject({ imported: 1, skipped: 0, media: 0 });
    });

    const malformed: Array<[string, () => Uint8Array]> = [
      ['not a zip', () => new TextEncoder().encode('isto não é um zip')],
      ['a truncated zip', () => buildApkg({ format: 'legacy' }).slice(0, 200)],
      [
        'a zip without a collection',
        () => buildApkg({ format: 'modern', withoutCollection: true }),
      ],
      [
        'a collection.anki21b that is not zstd',
        () =>
          zipSync({
            'collection.anki21b': new TextEncoder().encode('não é zstd'),
            media: zstd(new Uint8Array()),
          }),
      ],
      [
        'a broken zstd frame',
        () => {
          const good = zstdRaw(new TextEncoder().encode('SQLite format 3\0'.repeat(100)));
          return zipSync({ 'collection.anki21b': good.slice(0, good.length - 50) });
        },
      ],
      [
        'a collection that is not SQLite',
        () => zipSync({ 'collection.anki2': new TextEncoder().encode('SQLite? não') }),
      ],
      [
        'a notes table without fields',
        () => buildApkg({ format: 'legacy', breakNotesTable: true }),
      ],
      [
        'a modern notes table without fields',
        () => buildApkg({ format: 'modern', breakNotesTable: true }),
      ],
      [
        'a media list that is not JSON',
        () => {
          const ok = buildApkg({ format: 'legacy' });
          return zipSync({ ...unzip(ok), media: new TextEncoder().encode('{não json') });
        },
      ],
      ['an empty body', () => new Uint8Array()],
    ];

    for (const [name, bytes] of malformed) {
      it(`${name}: 400 import_invalid, no deck, no media`, async () => {
        const decks = await ownDecks(owner.id);
        const media = await count('media');
        const res = await raw<Problem>(owner, 'POST', '/decks/import/apkg', bytes());
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('import_invalid');
        expect(await ownDecks(owner.id)).toBe(decks);
        expect(await count('media')).toBe(media);
      });
    }

    it('over FLASHCARD_IMPORT_MAX_MB: 413 import_too_large, nothing saved', async () => {
      const decks = await ownDecks(owner.id);
      const big = new Uint8Array(Number(IMPORT_MAX_MB) * 1024 * 1024 + 1);
      const res = await raw<Problem>(owner, 'POST', '/decks/import/apkg', big);
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('import_too_large');
      expect(await ownDecks(owner.id)).toBe(decks);
    });

    it('raw bytes only as a package type; signed-in users only', async () => {
      const bytes = buildApkg({ format: 'legacy' });
      const text = await raw<Problem>(owner, 'POST', '/decks/import/apkg', bytes, 'text/plain');
      expect(text.status).toBe(415);
      const zip = await raw<ApkgImportResult>(
        owner,
        'POST',
        '/decks/import/apkg',
        bytes,
        'application/zip',
      );
      expect(zip.status).toBe(201);
      const anonymous = await raw<Problem>(null, 'POST', '/decks/import/apkg', bytes);
      expect(anonymous.status).toBe(401);
    });
  });

  // ── Media ────────────────────────────────────────────────────────────────────────────────

  describe('media', () => {
    const GIF = Uint8Array.from([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0, 0x3b]);
    const JPEG = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9,
    ]);
    const WEBP = Uint8Array.from([
      ...new TextEncoder().encode('RIFF'),
      26,
      0,
      0,
      0,
      ...new TextEncoder().encode('WEBPVP8L'),
      13,
      0,
      0,
      0,
      0x2f,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ]);

    it('upload: the bytes decide the type; the same bytes once per deck', async () => {
      const deck = await newDeck();
      const cases: Array<[Uint8Array, string]> = [
        [PNG_1X1, 'image/png'],
        [GIF, 'image/gif'],
        [JPEG, 'image/jpeg'],
        [WEBP, 'image/webp'],
      ];
      for (const [bytes, type] of cases) {
        // Declared as something else on purpose: the server sniffs.
        const res = await raw<MediaUploadResult>(
          owner,
          'POST',
          `/decks/${deck.id}/media`,
          bytes,
          'image/png',
        );
        expect(res.status).toBe(201);
        expect(res.body.url).toBe(`/api/media/${res.body.id}`);
        const back = await get(owner, `/media/${res.body.id}`);
        expect(back.status).toBe(200);
        expect(back.headers.get('content-type')).toBe(type);
        expect(new Uint8Array(await back.arrayBuffer())).toEqual(bytes);
      }
      const first = await raw<MediaUploadResult>(owner, 'POST', `/decks/${deck.id}/media`, PNG_1X1);
      const again = await raw<MediaUploadResult>(
        owner,
        'POST',
        `/decks/${deck.id}/media`,
        PNG_1X1,
        'image/png',
      );
      expect(again.body.id).toBe(first.body.id);
    });

    it('served with its type, nosniff, private immutable caching and an ETag', async () => {
      const deck = await newDeck();
      const up = await raw<MediaUploadResult>(
        owner,
        'POST',
        `/decks/${deck.id}/media`,
        PNG_1X1,
        'image/png',
      );
      const res = await get(owner, `/media/${up.body.id}`);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(res.headers.get('content-length')).toBe(String(PNG_1X1.length));
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const cached = await get(owner, `/media/${up.body.id}`, { 'if-none-match': etag });
      expect(cached.status).toBe(304);
    });

    it('refuses what is not a raster image (SVG, HTML) whatever its declared type', async () => {
      const deck = await newDeck();
      const svg = new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      );
      const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
      for (const bytes of [svg, html]) {
        const res = await raw<Problem>(
          owner,
          'POST',
          `/decks/${deck.id}/media`,
          bytes,
          'image/png',
        );
        expect(res.status).toBe(415);
        expect(res.body.code).toBe('media_type_unsupported');
      }
      const asSvgType = await raw<Problem>(
        owner,
        'POST',
        `/decks/${deck.id}/media`,
        PNG_1X1,
        'image/svg+xml',
      );
      expect(asSvgType.status).toBe(415);
      const asHtmlType = await raw<Problem>(
        owner,
        'POST',
        `/decks/${deck.id}/media`,
        PNG_1X1,
        'text/html',
      );
      expect(asHtmlType.status).toBe(415);
    });

    it('over 2 MB: 413 media_too_large', async () => {
      const deck = await newDeck();
      const big = new Uint8Array(MEDIA_MAX_BYTES + 1);
      big.set(PNG_1X1);
      const res = await raw<Problem>(owner, 'POST', `/decks/${deck.id}/media`, big, 'image/png');
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('media_too_large');
      const exact = new Uint8Array(MEDIA_MAX_BYTES);
      exact.set(PNG_1X1);
      expect((await raw(owner, 'POST', `/decks/${deck.id}/media`, exact, 'image/png')).status).toBe(
        201,
      );
    });

    it('readable by whoever reads the deck: class student yes, stranger 404; uploads owner only', async () => {
      const deck = await newDeck();
      const up = await raw<MediaUploadResult>(
        owner,
        'POST',
        `/decks/${deck.id}/media`,
        PNG_1X1,
        'image/png',
      );
      expect(up.status).toBe(201);
      expect((await get(student, `/media/${up.body.id}`)).status).toBe(404);
      expect(
        (await call(owner, 'POST', `/decks/${deck.id}/shares`, { class_id: classId })).status,
      ).toBe(201);
      const asStudent = await get(student, `/media/${up.body.id}`);
      expect(asStudent.status).toBe(200);
      expect(new Uint8Array(await asStudent.arrayBuffer())).toEqual(PNG_1X1);
      const asStranger = await get(stranger, `/media/${up.body.id}`);
      expect(asStranger.status).toBe(404);
      expect((await get(null, `/media/${up.body.id}`)).status).toBe(401);
      expect((await get(owner, '/media/no-such-image')).status).toBe(404);

      const studentUpload = await raw<Problem>(
        student,
        'POST',
        `/decks/${deck.id}/media`,
        PNG_1X1,
        'image/png',
      );
      expect(studentUpload.status).toBe(403);
      expect(studentUpload.body.code).toBe('owner_only');
      const strangerUpload = await raw<Problem>(
        stranger,
        'POST',
        `/decks/${deck.id}/media`,
        PNG_1X1,
        'image/png',
      );
      expect(strangerUpload.status).toBe(404);

      // Unshared: gone for the student again.
      expect((await call(owner, 'DELETE', `/decks/${deck.id}/shares/${classId}`)).status).toBe(204);
      expect((await get(student, `/media/${up.body.id}`)).status).toBe(404);
    });

    it("an imported package's images follow the deck: deleting it deletes them", async () => {
      const res = await raw<ApkgImportResult>(
        owner,
        'POST',
        '/decks/import/apkg',
        buildApkg({ format: 'modern' }),
      );
      expect(res.status).toBe(201);
      const ids = await t.db.db
        .selectFrom('media')
        .select('id')
        .where('deck_id', '=', res.body.deck.id)
        .execute();
      expect(ids).toHaveLength(1);
      expect((await call(owner, 'DELETE', `/decks/${res.body.deck.id}`)).status).toBe(204);
      expect((await get(owner, `/media/${ids[0]!.id}`)).status).toBe(404);
    });
  });
});
