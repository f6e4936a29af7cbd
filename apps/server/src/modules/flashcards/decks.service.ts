import type { Page } from '@aprenda/shared/schemas/common';
import {
  DESIRED_RETENTION_DEFAULT,
  NEW_PER_DAY_DEFAULT,
  REVIEWS_PER_DAY_DEFAULT,
  type CardKind,
  type Counts,
  type CreateDeckInput,
  type Deck,
  type DeckDetail,
  type DeckShare,
  type DeckSummary,
  type UpdateDeckInput,
} from '@aprenda/shared/schemas/flashcards';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { classTitles, userMemberships } from '../classes/public.ts';
import { requireOwner, type DeckAccess, type ReadCtx } from './access.service.ts';
import { selectDeck, type DeckRow } from './access.queries.ts';
import { mediaRelinker, type MediaCtx } from './card-media.service.ts';
import { insertCardsIn, type CleanCard } from './cards.service.ts';
import { parseTags, selectLiveCardsAfter } from './cards.queries.ts';
import {
  deleteDeckRow,
  deleteShare,
  insertDeck,
  insertShare,
  selectClassDeckPage,
  selectSharesOf,
  toDeck,
  updateDeckRow,
} from './decks.queries.ts';
import { parametersOf } from './parameters.service.ts';
import { deckRetention } from './retention.service.ts';
import { countsOfDeck, countsOfDecks, ownDecksCounted } from './study.service.ts';

/** Cards read per statement when a deck is copied. */
const COPY_PAGE = 1000;

/**
 * GET /decks — the caller's own decks (newest first), then the decks shared with their classes
 * ("Da turma"), each with today's counts. The cursor says which of the two lists it continues
 * (`o`/`c`) and where.
 */
export async function listDecks(
  ctx: ReadCtx,
  userId: string,
  query: { tz?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<Page<DeckSummary>> {
  const cursor = query.cursor ? decodeCursor(query.cursor, 3) : null;
  const after = cursor ? { created_at: cursor[1]!, id: cursor[2]! } : null;
  const inClassList = cursor?.[0] === 'c';
  // Own decks with their counts and share counts: one statement.
  const own = inClassList
    ? []
    : await ownDecksCounted(ctx, userId, after, query.limit + 1, query.tz);
  const memberships = await userMemberships(ctx, userId);
  const classIds = memberships.map((m) => m.class_id);
  let klass: DeckRow[] = [];
  if (own.length <= query.limit) {
    klass = await selectClassDeckPage(
      ctx.db.db,
      userId,
      classIds,
      inClassList ? after : null,
      query.limit - own.length + 1,
    );
  }
  const rows = [
    ...own.map((o) => ({
      row: o.deck,
      source: 'own' as const,
      shared: o.shared,
      counts: o.counts,
    })),
    ...klass.map((row) => ({ row, source: 'class' as const, shared: true, counts: undefined })),
  ];
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor([last.source === 'own' ? 'o' : 'c', last.row.created_at, last.row.id])
      : null;

  const classDecks = page.filter((p) => p.source === 'class').map((p) => p.row);
  const sharedIds = page.filter((p) => p.shared).map((p) => p.row.id);
  const [classCounts, shares] = await Promise.all([
    classDecks.length > 0
      ? countsOfDecks(ctx, userId, classDecks, query.tz)
      : new Map<string, Counts>(),
    sharedIds.length > 0 ? selectSharesOf(ctx.db.db, sharedIds) : new Map<string, string[]>(),
  ]);
  const myClasses = new Map(memberships.map((m) => [m.class_id, m.title]));
  const ownShareIds = page
    .filter((p) => p.source === 'own')
    .flatMap((p) => shares.get(p.row.id) ?? []);
  const titles = await classTitles(ctx, [...new Set(ownShareIds)]);
  return {
    items: page.map(({ row, source, counts }) => {
      const shared = shares.get(row.id) ?? [];
      const classes =
        source === 'own'
          ? shared.filter((id) => titles.has(id)).map((id) => ({ id, title: titles.get(id)! }))
          : shared
              .filter((id) => myClasses.has(id))
              .map((id) => ({ id, title: myClasses.get(id)! }));
      return { ...toDeck(row), counts: counts ?? classCounts.get(row.id)!, source, classes };
    }),
    nextCursor,
  };
}

/**
 * GET /decks/{id}: settings, today's counts, who may edit, shares, the caller's parameters and
 * true retention.
 */
export async function deckDetail(
  ctx: ReadCtx,
  access: DeckAccess,
  tz: string | undefined,
): Promise<DeckDetail> {
  const [counts, parameters, retention, shares] = await Promise.all([
    countsOfDeck(ctx, access.userId, access.deck, tz),
    parametersOf(ctx, access.userId),
    deckRetention(ctx, access.userId, access.deck.id),
    access.isOwner
      ? deckShares(ctx, access.deck.id)
      : Promise.resolve(access.viaClasses.map((c) => ({ class_id: c.id, title: c.title }))),
  ]);
  return {
    ...toDeck(access.deck),
    counts,
    source: access.isOwner ? 'own' : 'class',
    can_edit: access.isOwner,
    shares,
    parameters,
    retention,
  };
}

async function deckShares(ctx: ReadCtx, deckId: string): Promise<DeckShare[]> {
  const ids = (await selectSharesOf(ctx.db.db, [deckId])).get(deckId) ?? [];
  const titles = await classTitles(ctx, ids);
  return ids.filter((id) => titles.has(id)).map((id) => ({ class_id: id, title: titles.get(id)! }));
}

/** POST /decks */
export async function createDeck(
  ctx: ReadCtx,
  userId: string,
  input: CreateDeckInput,
): Promise<Deck> {
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const row = await insertDeck(ctx.db.db, {
    id: uuidv7(now.getTime()),
    owner_id: userId,
    title: input.title.trim(),
    description: blankToNull(input.description),
    desired_retention: input.desired_retention ?? DESIRED_RETENTION_DEFAULT,
    new_per_day: input.new_per_day ?? NEW_PER_DAY_DEFAULT,
    reviews_per_day: input.reviews_per_day ?? REVIEWS_PER_DAY_DEFAULT,
    created_at: iso,
    updated_at: iso,
  });
  return toDeck(row);
}

function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** PUT /decks/{id} (owner): any subset of the settings. */
export async function updateDeck(
  ctx: ReadCtx,
  access: DeckAccess,
  input: UpdateDeckInput,
): Promise<Deck> {
  requireOwner(access);
  const row = await updateDeckRow(ctx.db.db, access.deck.id, {
    ...(input.title !== undefined ? { title: input.title.trim() } : {}),
    ...(input.description !== undefined ? { description: blankToNull(input.description) } : {}),
    ...(input.desired_retention !== undefined
      ? { desired_retention: input.desired_retention }
      : {}),
    ...(input.new_per_day !== undefined ? { new_per_day: input.new_per_day } : {}),
    ...(input.reviews_per_day !== undefined ? { reviews_per_day: input.reviews_per_day } : {}),
    updated_at: ctx.clock.now().toISOString(),
  });
  if (!row) throw notFound('No such deck');
  return toDeck(row);
}

/** DELETE /decks/{id} (owner): cards, items, states, logs, shares and progress go with it. */
export async function deleteDeck(ctx: ReadCtx, access: DeckAccess): Promise<void> {
  requireOwner(access);
  await deleteDeckRow(ctx.db.db, access.deck.id);
}

/**
 * POST /decks/{id}/copy — for anyone who can read the deck: a new own deck with the same
 * settings and cards (not deleted), no progress; one transaction. The images the cards show are
 * copied into the new deck and the links re-pointed (card-media.service.ts), so the copy keeps
 * them when the source is unshared or deleted.
 */
export async function copyDeck(ctx: MediaCtx, access: DeckAccess): Promise<Deck> {
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const source = access.deck;
  const deckId = uuidv7(now.getTime());
  const relink = await mediaRelinker(ctx, access.userId, deckId);
  const id = await inTransaction(ctx.db, async (trx) => {
    const deck = await insertDeck(trx, {
      id: deckId,
      owner_id: access.userId,
      title: source.title,
      description: source.description,
      desired_retention: source.desired_retention,
      new_per_day: source.new_per_day,
      reviews_per_day: source.reviews_per_day,
      created_at: iso,
      updated_at: iso,
    });
    let after: { created_at: string; id: string } | null = null;
    for (;;) {
      const rows = await selectLiveCardsAfter(trx, source.id, after, COPY_PAGE);
      const cards: CleanCard[] = rows.map((r) => ({
        kind: r.kind as CardKind,
        front: r.front,
        back: r.back,
        tags: parseTags(r.tags),
        skill_id: r.skill_id,
      }));
      await insertCardsIn(trx, deck.id, await relink(trx, cards), now);
      if (rows.length < COPY_PAGE) break;
      const last = rows.at(-1)!;
      after = { created_at: last.created_at, id: last.id };
    }
    return deck.id;
  });
  const row = await selectDeck(ctx.db.db, id);
  if (!row) throw notFound('No such deck');
  return toDeck(row);
}

/**
 * POST /decks/{id}/shares (owner; only to a class the owner teaches — 403 `forbidden` otherwise,
 * 409 when already shared).
 */
export async function shareDeck(
  ctx: ReadCtx,
  access: DeckAccess,
  classId: string,
): Promise<DeckShare> {
  requireOwner(access);
  const membership = (await userMemberships(ctx, access.userId)).find(
    (m) => m.class_id === classId,
  );
  if (!membership || membership.role !== 'teacher') {
    throw forbidden('A deck can be shared only with a class you teach');
  }
  const inserted = await insertShare(ctx.db.db, {
    deck_id: access.deck.id,
    class_id: classId,
    shared_by: access.userId,
    created_at: ctx.clock.now().toISOString(),
  });
  if (!inserted) throw conflict('The deck is already shared with this class');
  return { class_id: classId, title: membership.title };
}

/** DELETE /decks/{id}/shares/{classId} (owner); 404 when it was not shared. */
export async function unshareDeck(
  ctx: ReadCtx,
  access: DeckAccess,
  classId: string,
): Promise<void> {
  requireOwner(access);
  if (!(await deleteShare(ctx.db.db, access.deck.id, classId))) {
    throw notFound('The deck is not shared with this class');
  }
}
