import { CARD_RESTORE_WINDOW_MS, type Card } from '@aprenda/shared/schemas/flashcards';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { requireOwner, type CardAccess, type ReadCtx } from './access.service.ts';
import {
  deleteUserNewStates,
  insertStateRows,
  selectUserStatesOfCard,
  setCardDeleted,
  setUserSuspended,
} from './card-status.queries.ts';
import {
  lowerNewMark,
  releaseFromDeck,
  reserveInDeck,
  selectItemsOfCard,
} from './cards.queries.ts';
import { cardAnswer } from './cards.service.ts';
import { emptyMemory } from './fsrs-adapter.ts';

/** A card's status: each reader's suspension of it, the owner's soft delete and its undo. */

/**
 * POST /cards/{id}/suspend — the caller's own studying (owner or reader of a class deck: it
 * touches only their states). An item never studied gets a state row that only says
 * "suspended"; unsuspended, that row goes and the item is new again.
 */
export async function suspendCard(
  ctx: ReadCtx,
  access: CardAccess,
  suspended: boolean,
): Promise<Card> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const userId = access.userId;
  const card = access.card;
  await inTransaction(ctx.db, async (trx) => {
    const items = await selectItemsOfCard(trx, card.id);
    if (suspended) {
      const have = new Set(
        (await selectUserStatesOfCard(trx, userId, card.id)).map((s) => s.item_id),
      );
      const fresh = emptyMemory(now);
      await insertStateRows(
        trx,
        items
          .filter((i) => !have.has(i.id))
          .map((i) => ({
            user_id: userId,
            item_id: i.id,
            card_id: card.id,
            deck_id: card.deck_id,
            state: 'new',
            queue: -1,
            due: fresh.due.toISOString(),
            stability: fresh.stability,
            difficulty: fresh.difficulty,
            elapsed_days: fresh.elapsed_days,
            scheduled_days: fresh.scheduled_days,
            learning_steps: fresh.learning_steps,
            reps: fresh.reps,
            lapses: fresh.lapses,
            last_review: null,
            suspended: 1,
            deleted: 0,
            updated_at: nowIso,
          })),
      );
      await setUserSuspended(trx, userId, card.id, true, nowIso);
    } else {
      await deleteUserNewStates(trx, userId, card.id);
      await setUserSuspended(trx, userId, card.id, false, nowIso);
      if (items.length > 0) {
        await lowerNewMark(trx, card.deck_id, Math.min(...items.map((i) => i.position)), userId);
      }
    }
  });
  return cardAnswer(ctx, { ...access, card });
}

/** DELETE /cards/{id} (owner): soft delete — gone from every list and queue at once. */
export async function deleteCard(ctx: ReadCtx, access: CardAccess): Promise<void> {
  requireOwner(access);
  const nowIso = ctx.clock.now().toISOString();
  await inTransaction(ctx.db, async (trx) => {
    await setCardDeleted(trx, access.card.id, nowIso);
    await releaseFromDeck(trx, access.card.deck_id, 1, nowIso);
  });
}

/** POST /cards/{id}/restore (owner, within 24 h of the delete): the undo toast. */
export async function restoreCard(ctx: ReadCtx, access: CardAccess): Promise<Card> {
  requireOwner(access);
  const card = access.card;
  if (card.deleted_at === null) return cardAnswer(ctx, access);
  const now = ctx.clock.now();
  if (now.getTime() - Date.parse(card.deleted_at) > CARD_RESTORE_WINDOW_MS) {
    throw notFound('No such card');
  }
  const nowIso = now.toISOString();
  await inTransaction(ctx.db, async (trx) => {
    const last = await reserveInDeck(trx, card.deck_id, 1, 0, nowIso);
    if (last === undefined) throw conflict('The deck holds at most 20,000 cards', 'deck_full');
    await setCardDeleted(trx, card.id, null);
    const items = await selectItemsOfCard(trx, card.id);
    if (items.length > 0) {
      await lowerNewMark(trx, card.deck_id, Math.min(...items.map((i) => i.position)));
    }
  });
  return cardAnswer(ctx, { ...access, card: { ...card, deleted_at: null } });
}
