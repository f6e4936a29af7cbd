import type { Kysely } from 'kysely';

/**
 * Issue 3: join by code on/off, invites (token hash only), class events (with an overlap index),
 * personal calendar feeds, and covering indexes for the membership lists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('classes')
    .addColumn('join_by_code', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // Membership lists: "my classes" (user → role, class) and "the teachers of these classes"
  // (class, role → user) are answered from the index alone.
  await db.schema.dropIndex('class_members_user_idx').ifExists().execute();
  await db.schema
    .createIndex('class_members_user_role_class_idx')
    .on('class_members')
    .columns(['user_id', 'role', 'class_id'])
    .execute();
  await db.schema
    .createIndex('class_members_class_role_idx')
    .on('class_members')
    .columns(['class_id', 'role', 'joined_at', 'user_id'])
    .execute();
  await db.schema
    .createIndex('classes_created_idx')
    .on('classes')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('class_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    /** hex SHA-256 of the raw token; the token itself is never stored. */
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('student'))
    .addColumn('email', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'text')
    .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('class_invites_class_idx')
    .on('class_invites')
    .columns(['class_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('class_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text')
    /** Exclusive end used by range queries: ends_at, or starts_at (instant), or day after (all-day). */
    .addColumn('range_end', 'text', (c) => c.notNull())
    .addColumn('all_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location', 'text')
    .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('class_events_class_start_idx')
    .on('class_events')
    .columns(['class_id', 'starts_at', 'id'])
    .execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    /** Random nonce; the token is HMAC(APP_SECRET, user, nonce) — useless without the secret. */
    .addColumn('nonce', 'text', (c) => c.notNull())
    /** hex SHA-256 of the token, for the lookup of GET /calendar/{token}.ics. */
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['calendar_feeds', 'class_events', 'class_invites']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.dropIndex('classes_created_idx').ifExists().execute();
  await db.schema.dropIndex('class_members_class_role_idx').ifExists().execute();
  await db.schema.dropIndex('class_members_user_role_class_idx').ifExists().execute();
  await db.schema
    .createIndex('class_members_user_idx')
    .on('class_members')
    .columns(['user_id', 'role', 'joined_at'])
    .execute();
  await db.schema.alterTable('classes').dropColumn('join_by_code').execute();
}
