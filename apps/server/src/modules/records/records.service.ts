import type { AiProvider } from '@aprenda/shared/constants';
import type { MaskedApiKey, UserAction } from '@aprenda/shared/schemas/records';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/types.ts';
import { decryptApiKey, encryptApiKey, maskApiKey } from '../../lib/crypto.ts';
import { uuidv7 } from '../../lib/ids.ts';
import {
  deleteApiKeyRow,
  insertUserAction,
  selectEncryptedApiKey,
  selectKeyProviders,
  selectMaskedApiKey,
  selectMaskedApiKeys,
  upsertApiKey,
} from './records.queries.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;

/** The `user_actions` row of an action: the user and the ISO timestamp come from the server. */
export function userActionRow(
  ctx: Pick<Ctx, 'clock'>,
  userId: string,
  input: { action: string; context: unknown },
) {
  const now = ctx.clock.now();
  return {
    id: uuidv7(now.getTime()),
    user_id: userId,
    action: input.action,
    context:
      input.context === null || input.context === undefined ? null : JSON.stringify(input.context),
    timestamp: now.toISOString(),
  };
}

/**
 * Record a user action — in the caller's transaction when given one (`db`), so that the action
 * and what it records commit together, in one commit.
 */
export async function createUserAction(
  ctx: Ctx,
  userId: string,
  input: { action: string; context: unknown },
  db: Executor = ctx.db.db,
): Promise<UserAction> {
  const row = userActionRow(ctx, userId, input);
  await insertUserAction(db, row);
  return {
    id: row.id,
    user: userId,
    action: row.action,
    context: input.context ?? null,
    timestamp: row.timestamp,
  };
}

/** Create or replace the user's key for a provider (one per user and provider). */
export async function putApiKey(
  ctx: Ctx,
  userId: string,
  provider: AiProvider,
  plain: string,
): Promise<MaskedApiKey> {
  const now = ctx.clock.now().toISOString();
  const encrypted = encryptApiKey(ctx.secret, plain, { userId, provider });
  const masked = maskApiKey(plain);
  await upsertApiKey(ctx.db.db, {
    id: uuidv7(),
    user_id: userId,
    provider,
    api_key: encrypted,
    masked,
    created_at: now,
    updated_at: now,
  });
  return { provider, masked, updated_at: now };
}

/** The masked form of one key, or null. */
export async function getApiKey(
  ctx: Ctx,
  userId: string,
  provider: AiProvider,
): Promise<MaskedApiKey | null> {
  return selectMaskedApiKey(ctx.db.db, userId, provider);
}

/** Every key of the user, masked, by provider name. */
export async function listApiKeys(ctx: Ctx, userId: string): Promise<MaskedApiKey[]> {
  return selectMaskedApiKeys(ctx.db.db, userId);
}

/** Remove a key; false when there was none. */
export async function deleteApiKey(
  ctx: Ctx,
  userId: string,
  provider: AiProvider,
): Promise<boolean> {
  return deleteApiKeyRow(ctx.db.db, userId, provider);
}

/**
 * The plain key of a user for a provider, or null — for server-side use only (the AI tutor).
 * Never send it to a client or a log.
 */
export async function getDecryptedApiKey(
  ctx: Ctx,
  userId: string,
  provider: AiProvider,
): Promise<string | null> {
  const encrypted = await selectEncryptedApiKey(ctx.db.db, userId, provider);
  if (encrypted === undefined) return null;
  return decryptApiKey(ctx.secret, encrypted, { userId, provider });
}

/** The providers this user stored a key for (no key is read or decrypted). */
export function apiKeyProviders(ctx: Pick<AppContext, 'db'>, userId: string): Promise<string[]> {
  return selectKeyProviders(ctx.db.db, userId);
}
