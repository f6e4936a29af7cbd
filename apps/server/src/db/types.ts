import type { Generated, Kysely } from 'kysely';

/**
 * Tables owned by the app (Better Auth owns `user`, `session`, `account`, `verification`,
 * created by its own migrations; see db/migrate.ts). Times are ISO-8601 UTC strings with
 * milliseconds (`2026-01-02T03:04:05.678Z`) in both SQLite and PostgreSQL: they sort
 * lexicographically, so range queries are plain comparisons on either engine.
 */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  role: string;
  createdAt: unknown;
  updatedAt: unknown;
}

export interface ClassTable {
  id: string;
  title: string;
  description: string | null;
  code: string | null;
  owner_id: string;
  archived: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ClassMemberTable {
  class_id: string;
  user_id: string;
  role: string;
  joined_at: string;
}

export interface UserActionTable {
  id: string;
  user_id: string;
  action: string;
  /** JSON text, or null. */
  context: string | null;
  timestamp: string;
}

export interface UserApiKeyTable {
  id: string;
  user_id: string;
  provider: string;
  /** base64(iv ‖ tag ‖ ciphertext), AES-256-GCM. Never the plain key. */
  api_key: string;
  /** Masked form for display, e.g. `sk-…a1b2`. */
  masked: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  user: UserTable;
  classes: ClassTable;
  class_members: ClassMemberTable;
  user_actions: UserActionTable;
  user_api_keys: UserApiKeyTable;
}

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';
