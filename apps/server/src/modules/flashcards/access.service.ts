import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { userMemberships } from '../classes/public.ts';
import {
  selectCardWithDeck,
  selectDeck,
  selectDeckSharesIn,
  type CardRow,
  type DeckRow,
} from './access.queries.ts';

/** What the read-only jobs of the module need of the context. */
export type ReadCtx = Pick<AppContext, 'db' | 'clock'>;
/** What the jobs that record user actions or log need of the context. */
export type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret' | 'logger'>;

/**
 * Who may do what with a deck (docs/api/flashcards.md, "Permissions"): its owner everything; a
 * member (teacher or student) of a class it is shared with reads and studies it; anyone else
 * gets 404 — a deck you cannot read does not exist for you.
 */
export interface DeckAccess {
  deck: DeckRow;
  userId: string;
  isOwner: boolean;
  /** Not the owner: the caller's classes the deck is shared with (id and title). */
  viaClasses: Array<{ id: string; title: string }>;
}

/** The deck as the user may see it, or 404. */
export async function deckAccess(
  ctx: ReadCtx,
  deckId: string,
  userId: string,
): Promise<DeckAccess> {
  const deck = await selectDeck(ctx.db.db, deckId);
  if (!deck) throw notFound('No such deck');
  return accessTo(ctx, deck, userId);
}

/** Access to a deck already read. */
export async function accessTo(ctx: ReadCtx, deck: DeckRow, userId: string): Promise<DeckAccess> {
  if (deck.owner_id === userId) return { deck, userId, isOwner: true, viaClasses: [] };
  const memberships = await userMemberships(ctx, userId);
  const shared = new Set(
    await selectDeckSharesIn(
      ctx.db.db,
      deck.id,
      memberships.map((m) => m.class_id),
    ),
  );
  if (shared.size === 0) throw notFound('No such deck');
  return {
    deck,
    userId,
    isOwner: false,
    viaClasses: memberships
      .filter((m) => shared.has(m.class_id))
      .map((m) => ({ id: m.class_id, title: m.title })),
  };
}

/** 403 `owner_only` unless the caller owns the deck (readers of a class deck cannot edit it). */
export function requireOwner(access: DeckAccess): void {
  if (!access.isOwner) throw forbidden('Only the owner of this deck may do this', 'owner_only');
}

export interface CardAccess extends DeckAccess {
  card: CardRow;
}

/**
 * A card as the user may see it, or 404 (also when it is deleted, unless `deleted` is
 * 'allow' — the restore of the undo toast).
 */
export async function cardAccess(
  ctx: ReadCtx,
  cardId: string,
  userId: string,
  deleted: 'hide' | 'allow' = 'hide',
): Promise<CardAccess> {
  const found = await selectCardWithDeck(ctx.db.db, cardId);
  if (!found || (deleted === 'hide' && found.card.deleted_at !== null)) {
    throw notFound('No such card');
  }
  const access = await accessTo(ctx, found.deck, userId);
  return { ...access, card: found.card };
}
