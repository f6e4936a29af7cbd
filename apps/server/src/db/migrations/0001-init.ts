import type { Kysely } from 'kysely';

/** App tables of the foundation: classes + memberships (read by /classes/mine), records service. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('classes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('code', 'text', (c) => c.unique())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('class_members')
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('student'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('class_members_pk', ['class_id', 'user_id'])
    .execute();
  // "my classes": by user, newest first.
  await db.schema
    .createIndex('class_members_user_idx')
    .on('class_members')
    .columns(['user_id', 'role', 'joined_at'])
    .execute();

  await db.schema
    .createTable('user_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('context', 'text')
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_actions_user_time_idx')
    .on('user_actions')
    .columns(['user_id', 'timestamp'])
    .execute();

  await db.schema
    .createTable('user_api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('masked', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_api_keys_user_provider_uq', ['user_id', 'provider'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['user_api_keys', 'user_actions', 'class_members', 'classes']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
