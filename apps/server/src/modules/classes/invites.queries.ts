import type { ClassInvite, InviteStatus } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import type { Selectable } from 'kysely';
import type { DbHandle } from '../../db/client.ts';
import type { ClassInviteTable, ClassTable, Executor, Trx } from '../../db/types.ts';
import { decodeCursor, keysetAfter, pageOf } from '../../lib/cursor.ts';
import { asRole } from './access.queries.ts';

const inviteColumns = [
  'id',
  'class_id',
  'role',
  'email',
  'expires_at',
  'max_uses',
  'uses',
  'revoked_at',
  'created_by',
  'created_at',
] as const;

/** An invite as stored, without its token hash. */
export type InviteRow = Pick<Selectable<ClassInviteTable>, (typeof inviteColumns)[number]>;

export function inviteStatus(row: InviteRow, nowIso: string): InviteStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at <= nowIso) return 'expired';
  if (row.max_uses !== null && Number(row.uses) >= Number(row.max_uses)) return 'used_up';
  return 'valid';
}

export function toInvite(row: InviteRow, nowIso: string): ClassInvite {
  return {
    id: row.id,
    class_id: row.class_id,
    role: asRole(row.role),
    email: row.email,
    expires_at: row.expires_at,
    max_uses: row.max_uses === null ? null : Number(row.max_uses),
    uses: Number(row.uses),
    revoked_at: row.revoked_at,
    created_by: row.created_by,
    created_at: row.created_at,
    status: inviteStatus(row, nowIso),
  };
}

export async function insertInvite(db: Executor, row: InviteRow, tokenHash: string): Promise<void> {
  await db
    .insertInto('class_invites')
    .values({ ...row, token_hash: tokenHash })
    .execute();
}

/** A page of the class's invites as stored, newest first (keyset on (created_at, id)). */
export async function selectInvitePage(
  db: Executor,
  classId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<InviteRow>> {
  let q = db
    .selectFrom('class_invites')
    .select([...inviteColumns])
    .where('class_id', '=', classId);
  if (page.cursor) {
    const [createdAt, id] = decodeCursor(page.cursor, 2) as [string, string];
    q = q.where((eb) =>
      keysetAfter(eb, 'desc', [
        ['created_at', createdAt],
        ['id', id],
      ]),
    );
  }
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const { rows: pageRows, nextCursor } = pageOf(rows, page.limit, (r) => [r.created_at, r.id]);
  return { items: pageRows, nextCursor };
}

/** The invite's class and whether it was revoked, if it exists. */
export async function selectInviteClass(
  db: Executor,
  inviteId: string,
): Promise<Pick<InviteRow, 'class_id' | 'revoked_at'> | undefined> {
  return db
    .selectFrom('class_invites')
    .select(['class_id', 'revoked_at'])
    .where('id', '=', inviteId)
    .executeTakeFirst();
}

export async function setInviteRevoked(
  db: Executor,
  inviteId: string,
  revokedAt: string,
): Promise<void> {
  await db
    .updateTable('class_invites')
    .set({ revoked_at: revokedAt })
    .where('id', '=', inviteId)
    .execute();
}

export async function selectInviteByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<InviteRow | undefined> {
  return db
    .selectFrom('class_invites')
    .select([...inviteColumns])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The invite of this token hash, locked until the transaction ends (PostgreSQL). */
export async function lockInviteByTokenHash(
  trx: Trx,
  engine: Pick<DbHandle, 'dialect'>,
  tokenHash: string,
): Promise<InviteRow | undefined> {
  let q = trx
    .selectFrom('class_invites')
    .select([...inviteColumns])
    .where('token_hash', '=', tokenHash);
  if (engine.dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Count one use of the invite unless it is used up; false when it was. */
export async function useInvite(db: Executor, inviteId: string): Promise<boolean> {
  const used = await db
    .updateTable('class_invites')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', inviteId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(used.numUpdatedRows) > 0;
}

/** What an invite page shows of its class. */
export async function selectClassHeading(
  db: Executor,
  classId: string,
): Promise<Pick<Selectable<ClassTable>, 'id' | 'title' | 'description'>> {
  return db
    .selectFrom('classes')
    .select(['id', 'title', 'description'])
    .where('id', '=', classId)
    .executeTakeFirstOrThrow();
}

/**
 * The class that takes this join code (joining by code on), if any, and whether it is archived
 * (then joining is refused with 409 `class_archived`).
 */
export async function selectClassIdByCode(
  db: Executor,
  code: string,
): Promise<{ id: string; archived: boolean } | undefined> {
  const klass = await db
    .selectFrom('classes')
    .select(['id', 'archived'])
    .where('code', '=', code)
    .where('join_by_code', '=', 1)
    .executeTakeFirst();
  return klass && { id: klass.id, archived: Boolean(klass.archived) };
}

/** Whether the class is archived (false when it is gone). */
export async function selectClassArchived(db: Executor, classId: string): Promise<boolean> {
  const klass = await db
    .selectFrom('classes')
    .select('archived')
    .where('id', '=', classId)
    .executeTakeFirst();
  return Boolean(klass?.archived);
}

/**
 * A usable invite of the class locked to this e-mail (lower case) with this role, if any: not
 * revoked, not expired, not used up.
 */
export async function selectUsableEmailInvite(
  db: Executor,
  classId: string,
  email: string,
  role: string,
  nowIso: string,
): Promise<Pick<InviteRow, 'id'> | undefined> {
  return db
    .selectFrom('class_invites')
    .select('id')
    .where('class_id', '=', classId)
    .where('email', '=', email)
    .where('role', '=', role)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
}
