import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 14: daily rollups of study activity (docs/api/metrics.md), kept in the same transaction as
 * the flashcard rating or the graded answer they count, so metrics and analytics never scan the
 * logs at read time.
 *
 * A `day` is a study day, `YYYY-MM-DD`: from 04:00 to the next 04:00 (as flashcards' "today") in
 * the time zone the student's request carried when the activity happened (UTC when none).
 *
 * - `activity_days` — one student's day, all of their activity: flashcard ratings (`reviews`,
 *   `reviews_passed` = rating above "De novo"), Anki's true retention counters (ratings of cards
 *   that were in review before the rating: `young_*` when their interval was under 21 days,
 *   `mature_*` otherwise), graded answers of practice and assignments (`answers`,
 *   `answers_correct`), the time spent (`study_ms`: review and answer durations) and `cleared` = 1
 *   once a rating that day left no card due before the day ends in any deck the student can
 *   study (docs/api/metrics.md).
 *   An undone rating is subtracted from the day it was counted in.
 * - `class_activity_days` — the part of a student's day that belongs to one class: ratings of a
 *   deck shared with the class, answers to the class's assignments. Read by that class's teachers
 *   only; no row is shared by two students (no hot row).
 *
 * `flashcard_reviews.study_day` (additive, nullable): the study day a rating was counted in, so an
 * undo subtracts from that day whatever time zone the undo arrives with. Rows from before this
 * migration have none: their day is the UTC study day of `reviewed_at`, as the backfill counts them.
 *
 * Backfill: both tables are filled from the logs that exist (reviews not undone, every graded
 * answer) by UTC study days; class rows from the deck's current shares with classes the reviewer is
 * a member of (not the deck's owner) and from the assignment's class.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_days')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reviews_passed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('young_reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('young_passed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mature_reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mature_passed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answers_correct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('study_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cleared', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('activity_days_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('class_activity_days')
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reviews_passed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answers_correct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('study_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('class_activity_days_pk', ['class_id', 'day', 'user_id'])
    .execute();
  await db.schema
    .createIndex('class_activity_days_user_idx')
    .on('class_activity_days')
    .columns(['user_id', 'class_id', 'day'])
    .execute();

  await db.schema.alterTable('flashcard_reviews').addColumn('study_day', 'text').execute();
  // Teacher analytics (missed skills): a class's students' answers of the last days, by time.
  await db.schema
    .createIndex('item_answers_user_time_idx')
    .on('item_answers')
    .columns(['user_id', 'created_at'])
    .execute();
  await backfillRollups(db);
}

/** The UTC study day (04:00 to 04:00) of an ISO instant column, as `YYYY-MM-DD`. */
function utcDay(db: Kysely<unknown>, column: string) {
  return isPostgres(db)
    ? sql.raw(
        `to_char((${column}::timestamptz at time zone 'UTC') - interval '4 hours', 'YYYY-MM-DD')`,
      )
    : sql.raw(`date(${column}, '-4 hours')`);
}

/**
 * Fill both rollup tables from the logs by UTC study days (`cleared` stays 0: it is known only at
 * the time of a rating). Exported for the metrics suite, which checks it against the logs.
 */
export async function backfillRollups(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const interval = pg
    ? sql.raw(`cast(r.state_before as json)->>'scheduled_days' as double precision`)
    : sql.raw(`json_extract(r.state_before, '$.scheduled_days')`);
  const scheduled = pg ? sql`cast(${interval})` : interval;
  const least = sql.raw(pg ? 'least' : 'min');
  const reviewDay = utcDay(db, 'r.reviewed_at');
  const answerDay = utcDay(db, 'a.created_at');
  await sql`
    insert into activity_days (user_id, day, reviews, reviews_passed, young_reviews, young_passed,
      mature_reviews, mature_passed, answers, answers_correct, study_ms)
    select user_id, day, sum(reviews), sum(passed), sum(young), sum(young_passed), sum(mature),
      sum(mature_passed), sum(answers), sum(correct), ${least}(sum(ms), 86400000)
    from (
      select r.user_id, ${reviewDay} as day, 1 as reviews,
        case when r.rating > 1 then 1 else 0 end as passed,
        case when r.prev_state = 'review' and ${scheduled} < 21 then 1 else 0 end as young,
        case when r.prev_state = 'review' and ${scheduled} < 21 and r.rating > 1 then 1 else 0 end
          as young_passed,
        case when r.prev_state = 'review' and ${scheduled} >= 21 then 1 else 0 end as mature,
        case when r.prev_state = 'review' and ${scheduled} >= 21 and r.rating > 1 then 1 else 0 end
          as mature_passed,
        0 as answers, 0 as correct, r.duration_ms as ms
      from flashcard_reviews r where r.undone_at is null
      union all
      select a.user_id, ${answerDay} as day, 0, 0, 0, 0, 0, 0, 1, a.correct, a.duration_ms
      from item_answers a
    ) x
    group by user_id, day
  `.execute(db);
  await sql`
    insert into class_activity_days (class_id, user_id, day, reviews, reviews_passed, answers,
      answers_correct, study_ms)
    select class_id, user_id, day, sum(reviews), sum(passed), sum(answers), sum(correct),
      ${least}(sum(ms), 86400000)
    from (
      select ds.class_id, r.user_id, ${reviewDay} as day, 1 as reviews,
        case when r.rating > 1 then 1 else 0 end as passed, 0 as answers, 0 as correct,
        r.duration_ms as ms
      from flashcard_reviews r
      join decks d on d.id = r.deck_id and d.owner_id <> r.user_id
      join deck_shares ds on ds.deck_id = r.deck_id
      join class_members m on m.class_id = ds.class_id and m.user_id = r.user_id
      where r.undone_at is null
      union all
      select s.class_id, a.user_id, ${answerDay} as day, 0, 0, 1, a.correct, a.duration_ms
      from item_answers a
      join assignment_attempts t on t.id = a.attempt_id
      join assignments s on s.id = t.assignment_id
      where a.context = 'assignment'
    ) x
    group by class_id, user_id, day
  `.execute(db);
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('item_answers_user_time_idx').ifExists().execute();
  await db.schema.alterTable('flashcard_reviews').dropColumn('study_day').execute();
  await db.schema.dropTable('class_activity_days').ifExists().execute();
  await db.schema.dropTable('activity_days').ifExists().execute();
}
