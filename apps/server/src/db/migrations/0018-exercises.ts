import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Issue 13: exercise items and the learner model (docs/api/exercises.md, docs/learner-model.md).
 *
 * - `classes.practice_target` — the share of right answers adaptive practice aims at for the
 *   class's students (0.70–0.90; default 0.80).
 *
 * - `exercise_items` — one author (a teacher); `kind` (single, multiple, numeric, text,
 *   expression); `stem` and `explanation` in markdown; `spec` the JSON of everything a student
 *   must never receive before answering (choices with their correct flags and feedback, the numeric
 *   answer and tolerance, the accepted texts, the expression, the template). `public` = 1 puts the
 *   item in every student's practice pool; otherwise it is in the pools of the author's classes.
 *   `difficulty` and `answer_count` are the item's side of the Elo model (learner module), `guess`
 *   its guessing floor (from its kind and choices, kept at write) — so practice picks the next
 *   item from an index range of (skill_id, difficulty) around the student's ability without
 *   reading the pool's specs.
 *   `skill_id` points to `skills` without a foreign key (as flashcards do). `deleted_at`: soft
 *   delete (answers keep pointing to the item).
 * - `learner_abilities` — one student's ability in one skill (`skill_id` '*' is the overall
 *   ability, used for items without a skill), the number of answers behind it, the last answers'
 *   results (`recent`, JSON, newest last) and the mastery level as last computed.
 * - `item_answers` — every graded answer (practice now, assignments later): primary key
 *   (user_id, id) with the client's id, so a submit is idempotent. `response` is the student's own
 *   answer (JSON; for the teacher's results, never in `user_actions`); `ability_before/after` let
 *   "por que mudou?" show what moved a skill. `attempt_id` ties an assignment's answers to the
 *   attempt (null for practice).
 * - `exercise_sets` — a teacher's set: `entries` (JSON) are items chosen by hand (`item_id`) or
 *   draws of N items from a skill's pool (`skill_id`, `count`), resolved per student.
 * - `assignments` — a set given to a class: a copy of the set's entries at that moment, open and
 *   due dates, attempts allowed (0: no limit), shuffle, when feedback shows, the class event of the
 *   due date.
 * - `assignment_attempts` — one student's attempt: the items they got (`item_ids`, in the order
 *   shown), when it started and was submitted, the score (0–1) and whether it came late.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const float = isPostgres(db) ? 'double precision' : 'real';

  await db.schema
    .alterTable('classes')
    .addColumn('practice_target', float, (c) => c.notNull().defaultTo(0.8))
    .execute();

  await db.schema
    .createTable('exercise_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('skill_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('stem', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addColumn('spec', 'text', (c) => c.notNull())
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search', 'text', (c) => c.notNull())
    .addColumn('difficulty', float, (c) => c.notNull().defaultTo(0))
    .addColumn('guess', float, (c) => c.notNull().defaultTo(0))
    .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('exercise_items_author_idx')
    .on('exercise_items')
    .columns(['author_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('exercise_items_skill_idx')
    .on('exercise_items')
    .columns(['skill_id', 'difficulty'])
    .execute();

  await db.schema
    .createTable('learner_abilities')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('skill_id', 'text', (c) => c.notNull())
    .addColumn('ability', float, (c) => c.notNull())
    .addColumn('answer_count', 'integer', (c) => c.notNull())
    .addColumn('recent', 'text', (c) => c.notNull())
    .addColumn('level', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('learner_abilities_pk', ['user_id', 'skill_id'])
    .execute();

  await db.schema
    .createTable('item_answers')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('skill_id', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('attempt_id', 'text')
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('score', float, (c) => c.notNull())
    .addColumn('ability_before', float, (c) => c.notNull())
    .addColumn('ability_after', float, (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_answers_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('item_answers_user_skill_idx')
    .on('item_answers')
    .columns(['user_id', 'skill_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('item_answers_user_item_idx')
    .on('item_answers')
    .columns(['user_id', 'item_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('item_answers_attempt_idx')
    .on('item_answers')
    .columns(['attempt_id', 'item_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('exercise_sets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('entries', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('exercise_sets_author_idx')
    .on('exercise_sets')
    .columns(['author_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('set_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('entries', 'text', (c) => c.notNull())
    .addColumn('open_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('attempts_allowed', 'integer', (c) => c.notNull())
    .addColumn('shuffle', 'integer', (c) => c.notNull())
    .addColumn('feedback', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assignments_class_idx')
    .on('assignments')
    .columns(['class_id', 'due_at', 'id'])
    .execute();

  await db.schema
    .createTable('assignment_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('item_ids', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('score', float)
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('assignment_attempts_number_uq', ['assignment_id', 'user_id', 'number'])
    .execute();
  await db.schema
    .createIndex('assignment_attempts_user_idx')
    .on('assignment_attempts')
    .columns(['user_id', 'assignment_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assignment_attempts').execute();
  await db.schema.dropTable('assignments').execute();
  await db.schema.dropTable('exercise_sets').execute();
  await db.schema.dropTable('item_answers').execute();
  await db.schema.dropTable('learner_abilities').execute();
  await db.schema.dropTable('exercise_items').execute();
  await db.schema.alterTable('classes').dropColumn('practice_target').execute();
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
