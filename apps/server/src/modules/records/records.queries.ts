import type { AiProvider } from '@aprenda/shared/constants';
import type { MaskedApiKey } from '@aprenda/shared/schemas/records';
import type { Insertable, Selectable } from 'kysely';
import type { Executor, UserActionTable, UserApiKeyTable } from '../../db/types.ts';

/** A stored key as it may be shown: its provider and masked form, never the key. */
type MaskedKeyRow = Pick<Selectable<UserApiKeyTable>, 'provider' | 'masked' | 'updated_at'>;

const toMaskedApiKey = (row: MaskedKeyRow): MaskedApiKey => ({
  provider: row.provider as AiProvider,
  masked: row.masked,
  updated_at: row.updated_at,
});

export async function insertUserAction(
  db: Executor,
  row: Insertable<UserActionTable>,
): Promise<void> {
  await db.insertInto('user_actions').values(row).execute();
}

/** Insert the user's key for a provider, or replace the one there is (one per user and provider). */
export async function upsertApiKey(
  db: Executor,
  row: Pick<
    Selectable<UserApiKeyTable>,
    'id' | 'user_id' | 'provider' | 'api_key' | 'masked' | 'created_at' | 'updated_at'
  >,
): Promise<void> {
  await db
    .insertInto('user_api_keys')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'provider'])
        .doUpdateSet({ api_key: row.api_key, masked: row.masked, updated_at: row.updated_at }),
    )
    .execute();
}

/** The masked form of one key, or null. */
export async function selectMaskedApiKey(
  db: Executor,
  userId: string,
  provider: AiProvider,
): Promise<MaskedApiKey | null> {
  const row = await db
    .selectFrom('user_api_keys')
    .select(['provider', 'masked', 'updated_at'])
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return row ? toMaskedApiKey(row) : null;
}

/** Every key of the user, masked, by provider name. */
export async function selectMaskedApiKeys(db: Executor, userId: string): Promise<MaskedApiKey[]> {
  const rows = await db
    .selectFrom('user_api_keys')
    .select(['provider', 'masked', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('provider')
    .execute();
  return rows.map(toMaskedApiKey);
}

/** Remove a key; false when there was none. */
export async function deleteApiKeyRow(
  db: Executor,
  userId: string,
  provider: AiProvider,
): Promise<boolean> {
  const result = await db
    .deleteFrom('user_api_keys')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The encrypted key of a user for a provider (as stored), or undefined. */
export async function selectEncryptedApiKey(
  db: Executor,
  userId: string,
  provider: AiProvider,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_api_keys')
    .select(['api_key'])
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return row?.api_key;
}

/** The providers this user stored a key for. */
export async function selectKeyProviders(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_api_keys')
    .select('provider')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.provider);
}
