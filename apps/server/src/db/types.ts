import type { Generated, Kysely, Transaction } from 'kysely';

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
  /** 1 = joining by code is on (POST /classes/join). */
  join_by_code: Generated<number>;
  /** 1 = conversations linked to the class answer in Socratic mode only (migration 0012). */
  require_socratic: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ClassMemberTable {
  class_id: string;
  user_id: string;
  role: string;
  joined_at: string;
}

export interface ClassInviteTable {
  id: string;
  class_id: string;
  /** hex SHA-256 of the raw token (the token is never stored). */
  token_hash: string;
  role: string;
  email: string | null;
  expires_at: string;
  max_uses: number | null;
  uses: Generated<number>;
  revoked_at: string | null;
  created_by: string | null;
  created_at: string;
}

export interface ClassEventTable {
  id: string;
  class_id: string;
  title: string;
  description: string | null;
  starts_at: string;
  ends_at: string | null;
  /** Exclusive end for range queries (ends_at; starts_at for an instant; next day for all-day). */
  range_end: string;
  all_day: number;
  location: string | null;
  created_by: string | null;
  created_at: string;
}

export interface CalendarFeedTable {
  user_id: string;
  nonce: string;
  token_hash: string;
  created_at: string;
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

export interface ConversationTable {
  id: string;
  user_id: string;
  title: Generated<string>;
  /** 'socratic' | 'direct' */
  mode: string;
  class_id: string | null;
  pinned: Generated<number>;
  created_at: string;
  updated_at: string;
  last_message_at: string | null;
  /** last_message_at ?? created_at (the list's sort key). */
  activity_at: string;
}

export interface MessageTable {
  id: string;
  conversation_id: string;
  /** Order inside the conversation (unique per conversation). */
  seq: number;
  /** 'user' | 'assistant' */
  role: string;
  text: string;
  /** 'complete' | 'streaming' | 'stopped' | 'failed' */
  status: string;
  error_code: string | null;
  model: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  user: UserTable;
  classes: ClassTable;
  class_members: ClassMemberTable;
  class_invites: ClassInviteTable;
  class_events: ClassEventTable;
  calendar_feeds: CalendarFeedTable;
  user_actions: UserActionTable;
  user_api_keys: UserApiKeyTable;
  conversations: ConversationTable;
  messages: MessageTable;
}

export type Db = Kysely<Database>;
/** What a query runs on: the database, or a transaction a service opened (db/transaction.ts). */
export type Executor = Kysely<Database> | Transaction<Database>;
/** An open transaction (services pass it to queries; only queries use it). */
export type Trx = Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';
