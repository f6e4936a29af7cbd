import type { AppContext } from '../../context.ts';
import type { Trx } from '../../db/types.ts';
import { userMemberships } from '../classes/public.ts';
import { copyMediaToDeck, mediaOwners } from '../media/public.ts';
import { selectReadableDecks } from './card-media.queries.ts';

/** What re-pointing a card's images needs of the context (`env`: the API prefix of the links). */
export type MediaCtx = Pick<AppContext, 'db' | 'clock' | 'env'>;

/**
 * A card's images travel with it. Cards name images as markdown links `/api/media/<id>`, and a
 * medium is readable by whoever can read ITS deck (media.service.ts). So when a card is written
 * into a deck — a deck copy, a moved card, a card created, edited, batch-saved or imported from
 * rows — every medium it names that belongs to another deck the user may read (their own decks,
 * class decks) is copied into the target deck (the same bytes once per deck) and the link is
 * rewritten to the copy. The readers of the target deck then see the image whatever happens to
 * the other deck (unshared, deleted).
 *
 * A link to a medium the user may not read — or that does not exist, which must look the same —
 * is left as it is, not refused: it shows as a broken image, as it did to that user before, and
 * a card or an import never fails over a link to someone else's image (an old CSV export, text
 * pasted from elsewhere). It is never copied, so no one gains access through it.
 */

const ID = '[A-Za-z0-9_-]{1,128}';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `<prefix>/media/<id>` in a text: the id is the first group. */
function linkPattern(prefix: string): RegExp {
  return new RegExp(`(?<=${escape(prefix)}/media/)(${ID})(?![A-Za-z0-9_-])`, 'g');
}

/** The media ids a text links to (in order of first appearance, once each). */
function mediaLinks(prefix: string, text: string): string[] {
  return [...new Set(Array.from(text.matchAll(linkPattern(prefix)), (m) => m[1]!))];
}

export interface CardText {
  front: string;
  back: string;
}

/** Re-points cards' images into one deck, inside the caller's transaction (see above). */
export type MediaRelinker = <T extends CardText>(trx: Trx, cards: readonly T[]) => Promise<T[]>;

/**
 * A relinker for cards `userId` writes into `deckId` (a deck they own). `texts`, when given, are
 * what will be relinked: none links to a medium → nothing is read at all. The user's classes are
 * read here, before the caller's transaction (on SQLite a read outside it would wait for it).
 */
export async function mediaRelinker(
  ctx: MediaCtx,
  userId: string,
  deckId: string,
  texts?: readonly CardText[],
): Promise<MediaRelinker> {
  const prefix = ctx.env.API_PREFIX;
  const linksOf = (card: CardText) => mediaLinks(prefix, `${card.front}\n${card.back}`);
  if (texts && !texts.some((card) => linksOf(card).length > 0)) {
    return async (_trx, cards) => [...cards];
  }
  const classIds = (await userMemberships(ctx, userId)).map((m) => m.class_id);
  /** Medium id → its id in the deck; null: left as it is (unknown, unreadable). */
  const resolved = new Map<string, string | null>();
  const readable = new Map<string, boolean>();
  const pattern = linkPattern(prefix);

  return async (trx, cards) => {
    const fresh = [...new Set(cards.flatMap(linksOf))].filter((id) => !resolved.has(id));
    if (fresh.length > 0) {
      const owners = await mediaOwners(trx, fresh);
      const unknownDecks = [...owners.values()]
        .map((o) => o.deckId)
        .filter((d): d is string => d !== null && d !== deckId && !readable.has(d));
      if (unknownDecks.length > 0) {
        const ok = await selectReadableDecks(trx, unknownDecks, userId, classIds);
        for (const d of new Set(unknownDecks)) readable.set(d, ok.has(d));
      }
      const toCopy: string[] = [];
      for (const id of fresh) {
        const owner = owners.get(id);
        if (!owner) resolved.set(id, null);
        else if (owner.deckId === deckId) resolved.set(id, id);
        else if (owner.deckId === null ? owner.ownerId === userId : readable.get(owner.deckId)) {
          toCopy.push(id);
        } else resolved.set(id, null);
      }
      const copies = await copyMediaToDeck(ctx, trx, { ids: toCopy, deckId, ownerId: userId });
      for (const id of toCopy) resolved.set(id, copies.get(id) ?? null);
    }
    const rewrite = (text: string) => text.replace(pattern, (id) => resolved.get(id) ?? id);
    return cards.map((card) => {
      const front = rewrite(card.front);
      const back = rewrite(card.back);
      return front === card.front && back === card.back ? card : { ...card, front, back };
    });
  };
}
