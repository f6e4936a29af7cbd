import { clozeNumbers } from '@aprenda/shared/cloze';
import type { FieldError } from '@aprenda/shared/errors';
import { CSV_HEADER, joinTags, splitTags, toCsv } from '@aprenda/shared/flashcards-csv';
import {
  CARD_SIDE_MAX,
  CARD_TAG_MAX,
  CARD_TAGS_MAX,
  DECK_TITLE_MAX,
  DESIRED_RETENTION_DEFAULT,
  NEW_PER_DAY_DEFAULT,
  REVIEWS_PER_DAY_DEFAULT,
  tagSchema,
  type ApkgImportResult,
  type CardKind,
  type ImportRow,
  type ImportRowsResult,
} from '@aprenda/shared/schemas/flashcards';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { sniffImage, storeMedia } from '../media/public.ts';
import { deckAccess, requireOwner, type ReadCtx } from './access.service.ts';
import { selectDeck } from './access.queries.ts';
import { ankiHtmlToText, ankiImageNames } from './anki-html.ts';
import { ApkgError, readApkg, type AnkiNote } from './apkg-reader.ts';
import { mediaRelinker, type MediaCtx } from './card-media.service.ts';
import { insertCardsIn, type CleanCard } from './cards.service.ts';
import { parseTags } from './cards.queries.ts';
import { selectExportRows } from './import.queries.ts';
import { insertDeck, toDeck } from './decks.queries.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'env'>;

// ── CSV/TSV rows ─────────────────────────────────────────────────────────────────────────────

/**
 * POST /decks/{id}/import/rows (owner): rows the web parsed and mapped → cards, every row or none.
 * A row is a cloze card when its front has `{{cN::…}}`, else basic. Every row at fault is named
 * (`rows.<i>.<field>`) in one 400 `validation_failed`: an empty front (`too_small`), a side over
 * CARD_SIDE_MAX (`too_big` with `maximum`), a tag with spaces or over CARD_TAG_MAX (`invalid_tag`),
 * more than CARD_TAGS_MAX tags (`too_big`). 409 `deck_full` when the deck would pass its limit.
 * Links to images of other decks the user may read (a CSV exported from one) are copied in.
 */
export async function importRows(
  ctx: MediaCtx,
  userId: string,
  deckId: string,
  rows: readonly ImportRow[],
): Promise<ImportRowsResult> {
  const access = await deckAccess(ctx, deckId, userId);
  requireOwner(access);
  const errors: FieldError[] = [];
  const cards: CleanCard[] = rows.map((row, i) => {
    const path = (field: string) => `rows.${i}.${field}`;
    const front = row.front.trim();
    const back = (row.back ?? '').trim();
    if (front === '') {
      errors.push({
        path: path('front'),
        code: 'too_small',
        message: 'the front is empty',
        minimum: 1,
      });
    }
    for (const [field, value] of [
      ['front', front],
      ['back', back],
    ] as const) {
      if (value.length > CARD_SIDE_MAX) {
        errors.push({
          path: path(field),
          code: 'too_big',
          message: `at most ${CARD_SIDE_MAX} characters`,
          maximum: CARD_SIDE_MAX,
        });
      }
    }
    const raw =
      row.tags === undefined ? [] : typeof row.tags === 'string' ? splitTags(row.tags) : row.tags;
    const tags = [...new Set(raw.map((t) => t.trim()).filter((t) => t !== ''))];
    if (tags.some((t) => !tagSchema.safeParse(t).success)) {
      errors.push({
        path: path('tags'),
        code: 'invalid_tag',
        message: `a tag has 1 to ${CARD_TAG_MAX} characters and no spaces`,
        maximum: CARD_TAG_MAX,
      });
    } else if (tags.length > CARD_TAGS_MAX) {
      errors.push({
        path: path('tags'),
        code: 'too_big',
        message: `at most ${CARD_TAGS_MAX} tags`,
        maximum: CARD_TAGS_MAX,
      });
    }
    const kind: CardKind = clozeNumbers(front).length > 0 ? 'cloze' : 'basic';
    return { kind, front, back, tags, skill_id: null };
  });
  if (errors.length > 0) throw badRequest('Some rows cannot become cards', errors);
  const relink = await mediaRelinker(ctx, userId, access.deck.id, cards);
  const inserted = await inTransaction(ctx.db, async (trx) =>
    insertCardsIn(trx, access.deck.id, await relink(trx, cards), ctx.clock.now()),
  );
  return { imported: inserted.length };
}

// ── CSV export ───────────────────────────────────────────────────────────────────────────────

/**
 * GET /decks/{id}/export.csv — for anyone who can read the deck: its cards (in the order added) as
 * RFC 4180 CSV with a `front,back,tags` header (packages/shared/src/flashcards-csv.ts), and the
 * file name to offer.
 */
export async function exportCsv(
  ctx: ReadCtx,
  userId: string,
  deckId: string,
): Promise<{ fileName: string; csv: string }> {
  const access = await deckAccess(ctx, deckId, userId);
  const rows = await selectExportRows(ctx.db.db, access.deck.id);
  const records: string[][] = [[...CSV_HEADER]];
  for (const row of rows) records.push([row.front, row.back, joinTags(parseTags(row.tags))]);
  return { fileName: `${access.deck.title}.csv`, csv: toCsv(records) };
}

// ── Anki packages ────────────────────────────────────────────────────────────────────────────

/**
 * POST /decks/import/apkg — a new own deck from an Anki package (docs/api/flashcards.md): basic
 * and cloze notes (fields turned from Anki HTML into markdown, `anki-html.ts`), their images
 * stored as the deck's media (sniffed: only PNG, JPEG, GIF, WebP; others dropped), no scheduling
 * history (every card starts new). Other note types, notes left empty, cloze notes whose
 * deletions did not survive and sides over CARD_SIDE_MAX are counted in `skipped`. The package is
 * read before anything is written; the deck, its media and cards are then written in one
 * transaction. Unreadable → 400 `import_invalid` (nothing saved); a package that would unpack
 * past the reader's limits → 413 `import_too_large`; over 20,000 cards → 409 `deck_full`.
 */
export async function importApkg(
  ctx: Ctx,
  userId: string,
  bytes: Uint8Array,
  fileName?: string,
): Promise<ApkgImportResult> {
  if (bytes.byteLength === 0)
    throw new AppError('import_invalid', 'The body must be an .apkg file');
  let pkg: ReturnType<typeof readApkg>;
  try {
    pkg = readApkg(bytes);
  } catch (err) {
    if (err instanceof ApkgError) {
      throw new AppError(
        err.problem === 'too_large' ? 'import_too_large' : 'import_invalid',
        `Not a readable Anki package: ${err.message}`,
      );
    }
    throw err;
  }

  const wanted = new Set<string>();
  for (const note of pkg.notes) {
    for (const name of [...ankiImageNames(note.front), ...ankiImageNames(note.back)])
      wanted.add(name);
  }
  const files = pkg.loadMedia(wanted);
  const images = new Map<
    string,
    { bytes: Uint8Array; mime: NonNullable<ReturnType<typeof sniffImage>> }
  >();
  for (const [name, data] of files) {
    const mime = sniffImage(data);
    if (mime) images.set(name, { bytes: data, mime });
  }

  const now = ctx.clock.now();
  const iso = now.toISOString();
  const title = deckTitle(pkg.deckName, fileName);
  const result = await inTransaction(ctx.db, async (trx) => {
    const deck = await insertDeck(trx, {
      id: uuidv7(now.getTime()),
      owner_id: userId,
      title,
      description: null,
      desired_retention: DESIRED_RETENTION_DEFAULT,
      new_per_day: NEW_PER_DAY_DEFAULT,
      reviews_per_day: REVIEWS_PER_DAY_DEFAULT,
      created_at: iso,
      updated_at: iso,
    });
    const urls = new Map<string, string>();
    const stored = new Set<string>();
    for (const [name, image] of images) {
      const media = await storeMedia(ctx, trx, {
        ownerId: userId,
        deckId: deck.id,
        bytes: image.bytes,
        mime: image.mime,
      });
      urls.set(name, media.url);
      stored.add(media.id);
    }
    const image = (src: string) => urls.get(src) ?? urls.get(safeDecode(src)) ?? null;
    const cards: CleanCard[] = [];
    let skipped = pkg.skipped;
    for (const note of pkg.notes) {
      const card = toCard(note, image);
      if (card) cards.push(card);
      else skipped++;
    }
    await insertCardsIn(trx, deck.id, cards, now);
    const row = await selectDeck(trx, deck.id);
    return { deck: toDeck(row ?? deck), imported: cards.length, skipped, media: stored.size };
  });
  return result;
}

/** A note → a card, or null when nothing usable is left of it. */
function toCard(note: AnkiNote, image: (src: string) => string | null): CleanCard | null {
  const front = ankiHtmlToText(note.front, image);
  const back = ankiHtmlToText(note.back, image);
  if (front === '' || front.length > CARD_SIDE_MAX || back.length > CARD_SIDE_MAX) return null;
  if (note.kind === 'cloze' && clozeNumbers(front).length === 0) return null;
  return { kind: note.kind, front, back, tags: ankiTags(note.tags), skill_id: null };
}

/**
 * Anki tags have no spaces but may be long (`a::b::c`): cut to CARD_TAG_MAX, the first
 * CARD_TAGS_MAX distinct ones kept.
 */
function ankiTags(tags: readonly string[]): string[] {
  const out = new Set<string>();
  for (const tag of tags) {
    const cut = [...tag.trim()].slice(0, CARD_TAG_MAX).join('');
    if (cut !== '' && tagSchema.safeParse(cut).success) out.add(cut);
    if (out.size >= CARD_TAGS_MAX) break;
  }
  return [...out];
}

/** The package's deck name, else the file's name, else "Anki". */
function deckTitle(deckName: string | null, fileName: string | undefined): string {
  const fromFile = fileName
    ?.replace(/\.(apkg|colpkg|zip)$/i, '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  // Anki's default deck says nothing about the package: the file's name says more.
  const named =
    deckName?.trim() && deckName.trim().toLowerCase() !== 'default' ? deckName.trim() : '';
  const title = (named || fromFile || 'Anki').replace(/\s+/g, ' ');
  return [...title].slice(0, DECK_TITLE_MAX).join('').trim() || 'Anki';
}

function safeDecode(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
