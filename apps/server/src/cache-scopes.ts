import { sessionsScope } from './auth.ts';
import type { CacheScope } from './lib/cache-scopes.ts';
import { classesScope } from './modules/classes/public.ts';
import { conversationsScope } from './modules/conversations/public.ts';

/**
 * Every data version the response cache checks (decision 0022), in the order a signed-in request
 * reads them. Migrate generates their triggers from this list; the session middleware reads them
 * all in one query. A module's cached answer declares its scopes in `<area>.cache.ts` and lists
 * them here.
 */
export const CACHE_SCOPES: readonly CacheScope[] = [
  sessionsScope,
  classesScope,
  conversationsScope,
];
