import { Hono } from 'hono';
import {
  cardBatchSchema,
  cardInputSchema,
  createDeckSchema,
  deckQuerySchema,
  listCardsQuerySchema,
  listDecksQuerySchema,
  moveCardSchema,
  queueQuerySchema,
  shareDeckSchema,
  submitReviewSchema,
  suspendCardSchema,
  undoReviewQuerySchema,
  updateCardSchema,
  updateDeckSchema,
} from '@aprenda/shared/schemas/flashcards';
import type { AppContext, AppEnv } from '../../context.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { idParams as params, zv } from '../../middleware/validate.ts';
import { cardAccess, deckAccess } from './access.service.ts';
import { deleteCard, restoreCard, suspendCard } from './card-status.service.ts';
import {
  cardAnswer,
  createCard,
  createCards,
  listCards,
  moveCard,
  updateCard,
} from './cards.service.ts';
import {
  copyDeck,
  createDeck,
  deckDetail,
  deleteDeck,
  listDecks,
  shareDeck,
  unshareDeck,
  updateDeck,
} from './decks.service.ts';
import { submitReview, undoReview } from './reviews.service.ts';
import { studyQueue } from './study.service.ts';

/**
 * Decks, cards, studying and reviews under the API prefix (docs/api/flashcards.md). Every route
 * needs a session; what the caller may do comes from the deck (its owner, or the classes it is
 * shared with) — anyone else gets 404. Import, export and media have their own routes
 * (import.routes.ts, media module); /flashcards/generate too (generate.routes.ts).
 */
export function flashcardsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  for (const path of ['/decks', '/decks/*', '/cards/*', '/reviews', '/reviews/*']) {
    r.use(path, requireUser);
  }

  // ── Decks ──
  r.get('/decks', zv('query', listDecksQuerySchema), async (c) =>
    c.json(await listDecks(ctx, currentUser(c).id, c.req.valid('query'))),
  );

  r.post('/decks', zv('json', createDeckSchema), async (c) =>
    c.json(await createDeck(ctx, currentUser(c).id, c.req.valid('json')), 201),
  );

  r.get('/decks/:id', params('id'), zv('query', deckQuerySchema), async (c) => {
    const access = await deckAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await deckDetail(ctx, access, c.req.valid('query').tz));
  });

  r.put('/decks/:id', params('id'), zv('json', updateDeckSchema), async (c) => {
    const access = await deckAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await updateDeck(ctx, access, c.req.valid('json')));
  });

  r.delete('/decks/:id', params('id'), async (c) => {
    await deleteDeck(ctx, await deckAccess(ctx, c.req.valid('param').id, currentUser(c).id));
    return c.body(null, 204);
  });

  r.post('/decks/:id/copy', params('id'), async (c) => {
    const access = await deckAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await copyDeck(ctx, access), 201);
  });

  r.post('/decks/:id/shares', params('id'), zv('json', shareDeckSchema), async (c) => {
    const access = await deckAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await shareDeck(ctx, access, c.req.valid('json').class_id), 201);
  });

  r.delete('/decks/:id/shares/:classId', params('id', 'classId'), async (c) => {
    const { id, classId } = c.req.valid('param');
    await unshareDeck(ctx, await deckAccess(ctx, id, currentUser(c).id), classId);
    return c.body(null, 204);
  });

  // ── Cards ──
  r.get('/decks/:id/cards', params('id'), zv('query', listCardsQuerySchema), async (c) => {
    const access = await deckAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await listCards(ctx, access, c.req.valid('query')));
  });

  r.post('/decks/:id/cards', params('id'), zv('json', cardInputSchema), async (c) => {
    const access = await deckAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await createCard(ctx, access, c.req.valid('json')), 201);
  });

  r.post('/decks/:id/cards/batch', params('id'), zv('json', cardBatchSchema), async (c) => {
    const access = await deckAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json({ items: await createCards(ctx, access, c.req.valid('json').cards) }, 201);
  });

  r.get('/cards/:id', params('id'), async (c) => {
    const access = await cardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await cardAnswer(ctx, access));
  });

  r.put('/cards/:id', params('id'), zv('json', updateCardSchema), async (c) => {
    const access = await cardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await updateCard(ctx, access, c.req.valid('json')));
  });

  r.post('/cards/:id/move', params('id'), zv('json', moveCardSchema), async (c) => {
    const access = await cardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await moveCard(ctx, access, c.req.valid('json').deck_id));
  });

  r.post('/cards/:id/suspend', params('id'), zv('json', suspendCardSchema), async (c) => {
    const access = await cardAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await suspendCard(ctx, access, c.req.valid('json').suspended));
  });

  r.delete('/cards/:id', params('id'), async (c) => {
    await deleteCard(ctx, await cardAccess(ctx, c.req.valid('param').id, currentUser(c).id));
    return c.body(null, 204);
  });

  r.post('/cards/:id/restore', params('id'), async (c) => {
    const user = currentUser(c);
    const access = await cardAccess(ctx, c.req.valid('param').id, user.id, 'allow');
    return c.json(await restoreCard(ctx, access));
  });

  // ── Studying ──
  r.get('/decks/:id/queue', params('id'), zv('query', queueQuerySchema), async (c) =>
    c.json(await studyQueue(ctx, c.req.valid('param').id, currentUser(c).id, c.req.valid('query'))),
  );

  r.post('/reviews', zv('json', submitReviewSchema), async (c) => {
    const { created, result } = await submitReview(ctx, currentUser(c).id, c.req.valid('json'));
    return c.json(result, created ? 201 : 200);
  });

  r.post('/reviews/:id/undo', params('id'), zv('query', undoReviewQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await undoReview(ctx, currentUser(c).id, id, c.req.valid('query').tz));
  });

  return r;
}
