import { itemOrds } from '@aprenda/shared/cloze';
import type { FieldError } from '@aprenda/shared/errors';
import type { Page } from '@aprenda/shared/schemas/common';
import {
  cardInputErrors,
  type Card,
  type CardInput,
  type CardKind,
} from '@aprenda/shared/schemas/flashcards';
import { inTransaction } from '../../db/transaction.ts';
import type { Trx } from '../../db/types.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { findSkills } from '../skills/public.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { uuidv7 } from '../../lib/ids.ts';
import {
  deckAccess,
  requireOwner,
  type CardAccess,
  type DeckAccess,
  type ReadCtx,
} from './access.service.ts';
import type { CardRow } from './access.queries.ts';
import { mediaRelinker, type MediaCtx } from './card-media.service.ts';
import {
  deleteItems,
  deleteStatesOfCard,
  insertCardRows,
  insertItemRows,
  lowerNewMark,
  moveCardRows,
  releaseFromDeck,
  reserveInDeck,
  selectCardExtras,
  selectCardPage,
  selectItemsOfCard,
  toCard,
  updateCardRow,
} from './cards.queries.ts';
import { foldText, searchStem } from '../../lib/search-text.ts';

function searchText(front: string, back: string, tags: readonly string[]): string {
  return foldText(`${front}\n${back}\n${tags.join(' ')}`);
}

/** The words of a search (at most 8; symbols kept), cut to what singular and plural share. */
function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return foldText(q).split(/\s+/).filter(Boolean).slice(0, 8).map(searchStem);
}

/** A card as written, cleaned: trimmed tags without duplicates, back '' when absent. */
export interface CleanCard {
  kind: CardKind;
  front: string;
  back: string;
  tags: string[];
  skill_id: string | null;
}

export function cleanCard(input: CardInput): CleanCard {
  return {
    kind: input.kind,
    front: input.front,
    back: input.back ?? '',
    tags: [...new Set((input.tags ?? []).map((t) => t.trim()))],
    skill_id: input.skill_id ?? null,
  };
}

/**
 * The checks beyond the schema, for cards at `paths` (e.g. `cards.3.`): a side over 10,000
 * characters → 413 `card_side_too_long`; a cloze card without a deletion → 400
 * `cloze_without_deletion` — with every field at fault, so the web marks them all.
 */
export function checkCards(
  cards: ReadonlyArray<Partial<CleanCard>>,
  prefix: (i: number) => string,
) {
  const errors: FieldError[] = [];
  cards.forEach((card, i) => errors.push(...cardInputErrors(card, prefix(i))));
  if (errors.length === 0) return;
  const tooLong = errors.filter((e) => e.code === 'too_big');
  if (tooLong.length > 0) {
    throw new AppError('card_side_too_long', 'A card side is too long', tooLong);
  }
  throw new AppError('cloze_without_deletion', 'A cloze card has no {{cN::…}}', errors);
}

/** Every `skill_id` names a skill of the catalogue, else 400 with `<prefix>skill_id` `unknown_skill`. */
export async function checkSkills(
  ctx: Pick<ReadCtx, 'db'>,
  cards: ReadonlyArray<{ skill_id: string | null }>,
  prefix: (i: number) => string,
): Promise<void> {
  const ids = cards.flatMap((c) => (c.skill_id ? [c.skill_id] : []));
  if (ids.length === 0) return;
  const known = new Set((await findSkills(ctx, ids)).map((s) => s.id));
  const errors: FieldError[] = [];
  cards.forEach((card, i) => {
    if (card.skill_id && !known.has(card.skill_id)) {
      errors.push({
        path: `${prefix(i)}skill_id`,
        code: 'unknown_skill',
        message: 'No such skill',
      });
    }
  });
  if (errors.length > 0) throw badRequest('A card names a skill that does not exist', errors);
}

/**
 * Insert cards into a deck inside the caller's transaction (create, batch, copy, imports): all or
 * nothing; 409 `deck_full` when the deck would pass 20,000 cards. Checks are the caller's
 * (`checkCards`). Returns the inserted rows with their item counts.
 */
export async function insertCardsIn(
  trx: Trx,
  deckId: string,
  cards: readonly CleanCard[],
  now: Date,
  /** The cards' ids, when the caller needs them before (one per card, in order). */
  givenIds?: readonly string[],
): Promise<Array<{ row: CardRow; items: number }>> {
  if (cards.length === 0) return [];
  const ordsOf = cards.map((c) => itemOrds(c.kind, c.front));
  const itemTotal = ordsOf.reduce((n, o) => n + o.length, 0);
  const nowIso = now.toISOString();
  const lastPosition = await reserveInDeck(trx, deckId, cards.length, itemTotal, nowIso);
  if (lastPosition === undefined) {
    throw conflict('The deck holds at most 20,000 cards', 'deck_full');
  }
  let position = lastPosition - itemTotal;
  const t = now.getTime();
  const rows: CardRow[] = [];
  const items: Array<{
    id: string;
    card_id: string;
    deck_id: string;
    ord: number;
    position: number;
  }> = [];
  // Same created_at for a batch: ids drawn for the same millisecond, sorted, keep the input
  // order (uuidv7 is random within a millisecond).
  const ids = givenIds ?? cards.map(() => uuidv7(t)).sort();
  cards.forEach((c, k) => {
    const id = ids[k]!;
    rows.push({
      id,
      deck_id: deckId,
      kind: c.kind,
      front: c.front,
      back: c.back,
      tags: JSON.stringify(c.tags),
      skill_id: c.skill_id,
      content_version: 1,
      search: searchText(c.front, c.back, c.tags),
      deleted_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    });
    for (const ord of ordsOf[k]!) {
      items.push({ id: uuidv7(t), card_id: id, deck_id: deckId, ord, position: ++position });
    }
  });
  await insertCardRows(trx, rows);
  await insertItemRows(trx, items);
  return rows.map((row, k) => ({ row, items: ordsOf[k]!.length }));
}

/** GET /decks/{id}/cards: newest first, `q` accent- and case-insensitive in front, back, tags. */
export async function listCards(
  ctx: ReadCtx,
  access: DeckAccess,
  query: { q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<Page<Card>> {
  const after = query.cursor ? decodeCursor(query.cursor, 2) : null;
  const rows = await selectCardPage(
    ctx.db.db,
    access.deck.id,
    searchWords(query.q),
    after ? { created_at: after[0]!, id: after[1]! } : null,
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const extras = await selectCardExtras(
    ctx.db.db,
    access.userId,
    page.map((r) => r.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((r) => toCard(r, extras.get(r.id) ?? { suspended: false, items: 0 })),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.created_at, last.id]) : null,
  };
}

/** POST /decks/{id}/cards */
export async function createCard(
  ctx: MediaCtx,
  access: DeckAccess,
  input: CardInput,
): Promise<Card> {
  const [card] = await createCards(ctx, access, [input], () => '');
  return card!;
}

/**
 * POST /decks/{id}/cards/batch — all or nothing; errors name `cards.<i>.<field>`. Images of other
 * decks the user may read are copied into this one (card-media.service.ts).
 */
export async function createCards(
  ctx: MediaCtx,
  access: DeckAccess,
  inputs: readonly CardInput[],
  prefix: (i: number) => string = (i) => `cards.${i}.`,
): Promise<Card[]> {
  requireOwner(access);
  const cards = inputs.map(cleanCard);
  checkCards(cards, prefix);
  await checkSkills(ctx, cards, prefix);
  const relink = await mediaRelinker(ctx, access.userId, access.deck.id, cards);
  const inserted = await inTransaction(ctx.db, async (trx) =>
    insertCardsIn(trx, access.deck.id, await relink(trx, cards), ctx.clock.now()),
  );
  return inserted.map(({ row, items }) => toCard(row, { suspended: false, items }));
}

async function cardOut(ctx: ReadCtx, userId: string, row: CardRow): Promise<Card> {
  const extras = await selectCardExtras(ctx.db.db, userId, [row.id]);
  return toCard(row, extras.get(row.id) ?? { suspended: false, items: 0 });
}

/** GET-like answer for a card the caller may read. */
export function cardAnswer(ctx: ReadCtx, access: CardAccess): Promise<Card> {
  return cardOut(ctx, access.userId, access.card);
}

/**
 * PUT /cards/{id} (owner): progress is kept unless `reset_progress` (then every student's states
 * of its items go and `content_version` increases). A cloze card's items follow its numbers:
 * new numbers become new items (at the end of the deck's new-card order), removed ones go with
 * their states. Images of other decks the user may read are copied into the card's deck.
 */
export async function updateCard(
  ctx: MediaCtx,
  access: CardAccess,
  input: Partial<CardInput> & { reset_progress?: boolean | undefined },
): Promise<Card> {
  requireOwner(access);
  const old = access.card;
  const next: CleanCard = {
    kind: input.kind ?? (old.kind as CardKind),
    front: input.front ?? old.front,
    back: input.back ?? old.back,
    tags: input.tags ? [...new Set(input.tags.map((t) => t.trim()))] : parseTagsOf(old),
    skill_id: input.skill_id === undefined ? old.skill_id : input.skill_id,
  };
  checkCards([{ kind: next.kind, front: next.front, back: input.back }], () => '');
  if (input.skill_id) await checkSkills(ctx, [next], () => '');
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const relink = await mediaRelinker(ctx, access.userId, old.deck_id, [next]);
  const row = await inTransaction(ctx.db, async (trx) => {
    const [linked] = await relink(trx, [next]);
    next.front = linked!.front;
    next.back = linked!.back;
    const items = await selectItemsOfCard(trx, old.id);
    const wanted = itemOrds(next.kind, next.front);
    const removed = items.filter((i) => !wanted.includes(i.ord));
    const added = wanted.filter((ord) => !items.some((i) => i.ord === ord));
    await deleteItems(
      trx,
      removed.map((i) => i.id),
    );
    if (added.length > 0) {
      const last = await reserveInDeck(trx, old.deck_id, 0, added.length, nowIso);
      if (last === undefined) throw notFound('No such deck');
      let position = last - added.length;
      await insertItemRows(
        trx,
        added.map((ord) => ({
          id: uuidv7(now.getTime()),
          card_id: old.id,
          deck_id: old.deck_id,
          ord,
          position: ++position,
          deleted: 0,
        })),
      );
    }
    const reset = input.reset_progress === true;
    if (reset) {
      await deleteStatesOfCard(trx, old.id);
      const kept = items.filter((i) => wanted.includes(i.ord));
      if (kept.length > 0) {
        await lowerNewMark(trx, old.deck_id, Math.min(...kept.map((i) => i.position)));
      }
    }
    return updateCardRow(trx, old.id, {
      kind: next.kind,
      front: next.front,
      back: next.back,
      tags: JSON.stringify(next.tags),
      skill_id: next.skill_id,
      search: searchText(next.front, next.back, next.tags),
      content_version: Number(old.content_version) + (reset ? 1 : 0),
      updated_at: nowIso,
    });
  });
  return cardOut(ctx, access.userId, row);
}

function parseTagsOf(row: CardRow): string[] {
  return toCard(row, { suspended: false, items: 0 }).tags;
}

/**
 * POST /cards/{id}/move (owner of both decks): states and logs follow; 409 `deck_full`. Its images
 * are copied into the target deck and its links re-pointed (the readers of the target deck — a
 * class — may not read the old one).
 */
export async function moveCard(
  ctx: MediaCtx,
  access: CardAccess,
  targetDeckId: string,
): Promise<Card> {
  requireOwner(access);
  const target = await deckAccess(ctx, targetDeckId, access.userId);
  requireOwner(target);
  if (target.deck.id === access.card.deck_id) return cardOut(ctx, access.userId, access.card);
  const nowIso = ctx.clock.now().toISOString();
  const card = access.card;
  const relink = await mediaRelinker(ctx, access.userId, target.deck.id, [card]);
  const moved = await inTransaction(ctx.db, async (trx) => {
    const items = await selectItemsOfCard(trx, access.card.id);
    const last = await reserveInDeck(trx, target.deck.id, 1, items.length, nowIso);
    if (last === undefined) throw conflict('The deck holds at most 20,000 cards', 'deck_full');
    let position = last - items.length;
    await releaseFromDeck(trx, access.card.deck_id, 1, nowIso);
    await moveCardRows(
      trx,
      access.card.id,
      target.deck.id,
      items.map((i) => ({ id: i.id, position: ++position })),
      nowIso,
    );
    const [linked] = await relink(trx, [card]);
    if (linked === card) return { ...card, deck_id: target.deck.id, updated_at: nowIso };
    return updateCardRow(trx, card.id, {
      front: linked!.front,
      back: linked!.back,
      search: searchText(linked!.front, linked!.back, parseTagsOf(card)),
    });
  });
  return cardOut(ctx, access.userId, moved);
}
