import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Issue 12: flashcards (docs/api/flashcards.md).
 *
 * - `decks` — one owner; settings; `card_count` (cards not deleted, kept by the service: the
 *   20,000-card limit is one conditional UPDATE) and `item_seq` (the last `position` handed to an
 *   item of the deck: new cards are studied in that order).
 * - `deck_shares` — a deck shared with a class (its members read and study it).
 * - `flashcards` — the cards; `search` is the folded (lower case, no accents) front, back and tags
 *   that GET /decks/{id}/cards?q= matches with LIKE; `deleted_at` is the soft delete (undo toast).
 *   `skill_id` points to `skills` (migration 0015) without a foreign key.
 * - `flashcard_items` — what is reviewed: one per basic card (ord 0), one per cloze number;
 *   `deck_id` and `deleted` (the card's) are copied so "the next new items of this deck" is one
 *   walk of (deck_id, deleted, position).
 * - `flashcard_states` — one student's FSRS memory of one item. `deck_id`, `card_id` copied; `queue`
 *   is what the study queue reads: 1 learning/relearning, 2 review, 0 new, -1 suspended, -2 card
 *   deleted — so the queue and the due counts are range scans of (user_id, deck_id, queue, due).
 *   An item without a row is new for that student.
 * - `flashcard_progress` — per student and deck, `new_after`: every item of the deck whose
 *   position is ≤ it has a state row for that student (or is deleted). The walk for new items
 *   starts there, so it does not re-read the thousands already seen.
 * - `flashcard_reviews` — the review log (primary key (user_id, id): the client's id makes a
 *   submit idempotent); `state_before`/`state_after` are the whole FSRS card as JSON; `prev_state`
 *   the state name before (today's new and review counts); `content_version` of the card at the
 *   time (a progress reset starts a new history).
 * - `fsrs_parameters` — per student: fitted `weights` (JSON, null until fitted), `review_count`
 *   (counted reviews, kept by submit and undo), `fitted_reviews` (the count at the last fit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const float = isPostgres(db) ? 'double precision' : 'real';

  await db.schema
    .createTable('decks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('desired_retention', float, (c) => c.notNull())
    .addColumn('new_per_day', 'integer', (c) => c.notNull())
    .addColumn('reviews_per_day', 'integer', (c) => c.notNull())
    .addColumn('card_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('item_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('decks_owner_idx')
    .on('decks')
    .columns(['owner_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('deck_shares')
    .addColumn('deck_id', 'text', (c) => c.notNull().references('decks.id').onDelete('cascade'))
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('shared_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deck_shares_pk', ['deck_id', 'class_id'])
    .execute();
  await db.schema
    .createIndex('deck_shares_class_idx')
    .on('deck_shares')
    .columns(['class_id', 'deck_id'])
    .execute();

  await db.schema
    .createTable('flashcards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('deck_id', 'text', (c) => c.notNull().references('decks.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('front', 'text', (c) => c.notNull())
    .addColumn('back', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('skill_id', 'text')
    .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('search', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flashcards_deck_list_idx')
    .on('flashcards')
    .columns(['deck_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('flashcard_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) =>
      c.notNull().references('flashcards.id').onDelete('cascade'),
    )
    .addColumn('deck_id', 'text', (c) => c.notNull())
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('flashcard_items_card_ord_idx')
    .on('flashcard_items')
    .columns(['card_id', 'ord'])
    .unique()
    .execute();
  await db.schema
    .createIndex('flashcard_items_new_idx')
    .on('flashcard_items')
    .columns(['deck_id', 'deleted', 'position'])
    .execute();

  await db.schema
    .createTable('flashcard_states')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) =>
      c.notNull().references('flashcard_items.id').onDelete('cascade'),
    )
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('deck_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('queue', 'integer', (c) => c.notNull())
    .addColumn('due', 'text', (c) => c.notNull())
    .addColumn('stability', float, (c) => c.notNull())
    .addColumn('difficulty', float, (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'text')
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('flashcard_states_pk', ['user_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('flashcard_states_queue_idx')
    .on('flashcard_states')
    .columns(['user_id', 'deck_id', 'queue', 'due'])
    .execute();
  await db.schema
    .createIndex('flashcard_states_card_idx')
    .on('flashcard_states')
    .columns(['card_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('flashcard_states_item_idx')
    .on('flashcard_states')
    .columns(['item_id'])
    .execute();

  await db.schema
    .createTable('flashcard_progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('deck_id', 'text', (c) => c.notNull().references('decks.id').onDelete('cascade'))
    .addColumn('new_after', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('flashcard_progress_pk', ['user_id', 'deck_id'])
    .execute();
  await db.schema
    .createIndex('flashcard_progress_deck_idx')
    .on('flashcard_progress')
    .columns(['deck_id'])
    .execute();

  await db.schema
    .createTable('flashcard_reviews')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('deck_id', 'text', (c) => c.notNull().references('decks.id').onDelete('cascade'))
    .addColumn('content_version', 'integer', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('prev_state', 'text', (c) => c.notNull())
    .addColumn('state_before', 'text', (c) => c.notNull())
    .addColumn('state_after', 'text', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('client_time', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text', (c) => c.notNull())
    .addColumn('undone_at', 'text')
    .addPrimaryKeyConstraint('flashcard_reviews_pk', ['user_id', 'id'])
    .execute();
  // Today's counts and "the latest review of this deck" (undo), from the index alone.
  await db.schema
    .createIndex('flashcard_reviews_user_deck_idx')
    .on('flashcard_reviews')
    .columns(['user_id', 'deck_id', 'reviewed_at', 'prev_state', 'undone_at'])
    .execute();
  // Replay and parameter fitting: a student's history item by item.
  await db.schema
    .createIndex('flashcard_reviews_user_item_idx')
    .on('flashcard_reviews')
    .columns(['user_id', 'item_id', 'reviewed_at'])
    .execute();
  // Moving a card: its log rows follow it.
  await db.schema
    .createIndex('flashcard_reviews_card_idx')
    .on('flashcard_reviews')
    .columns(['card_id'])
    .execute();

  await db.schema
    .createTable('fsrs_parameters')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('weights', 'text')
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fitted_reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fitted_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'fsrs_parameters',
    'flashcard_reviews',
    'flashcard_progress',
    'flashcard_states',
    'flashcard_items',
    'flashcards',
    'deck_shares',
    'decks',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
