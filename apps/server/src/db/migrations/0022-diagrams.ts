import type { Kysely } from 'kysely';

/**
 * Issue 15 (diagrams): saved Mermaid diagrams (docs/api/diagrams.md).
 *
 * - `diagrams` — one owner; `title` and `description` (the web renders them as Mermaid's
 *   `accTitle`/`accDescr`), the Mermaid `code` (≤ 50,000 characters, checked by the service) and
 *   `kind`, the diagram type read from the code's first meaningful line when it was saved
 *   (`flowchart`, `sequence`, `mindmap`, … or null).
 * - `diagram_shares` — a diagram shared read-only with a class (its members and teachers read it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('diagrams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('diagrams_owner_idx')
    .on('diagrams')
    .columns(['owner_id', 'updated_at', 'id'])
    .execute();

  await db.schema
    .createTable('diagram_shares')
    .addColumn('diagram_id', 'text', (c) =>
      c.notNull().references('diagrams.id').onDelete('cascade'),
    )
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('diagram_shares_pk', ['diagram_id', 'class_id'])
    .execute();
  await db.schema
    .createIndex('diagram_shares_class_idx')
    .on('diagram_shares')
    .columns(['class_id', 'diagram_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('diagram_shares').ifExists().execute();
  await db.schema.dropTable('diagrams').ifExists().execute();
}
