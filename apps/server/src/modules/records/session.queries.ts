import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { ReadLane } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Executor, UserTable } from '../../db/types.ts';

/** A session and its user, with the `sessions` data version of the same snapshot. */
export type SignedSessionRow = Pick<Selectable<UserTable>, 'name' | 'email' | 'image'> & {
  sessions_version: number | string | null;
  session_id: string;
  expires_at: string | Date;
  user_id: string;
  role: string | null;
  email_verified: number | boolean | null;
};

/** The statement of selectSignedSession, prepared once per database handle (decision 0032). */
const signedSession = preparedQuery<{ scope: string; token: string }, SignedSessionRow>((db, arg) =>
  sql<SignedSessionRow>`
    select (select version from cache_versions where scope = ${arg('scope')}) as sessions_version,
           s.id as session_id, s."expiresAt" as expires_at, u.id as user_id, u.name, u.email,
           u.role, u.image, u."emailVerified" as email_verified
      from "session" s join "user" u on u.id = s."userId"
     where s.token = ${arg('token')}`.compile(db),
);

/**
 * The signed-bearer fast path's one query (middleware/session.ts): Better Auth's session by its
 * token, its user, and the `sessions` version in the same statement (one snapshot) as the session
 * it vouches for. Run on every request with a bearer token: a prepared statement kept by
 * reference (db/prepared.ts); `lane`: a write's check runs on the write pool (decision 0045).
 */
export async function selectSignedSession(
  db: Executor,
  sessionsScope: string,
  token: string,
  lane?: ReadLane,
): Promise<SignedSessionRow | undefined> {
  return signedSession.first(db, { scope: sessionsScope, token }, lane);
}
