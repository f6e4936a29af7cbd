import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 16 (point 3), decision 0032: "Minhas Turmas" (`GET /classes/mine`, `/classes/teaching`)
 * read in index order, with the teachers' names on the class row.
 *
 * - `class_members.class_created_at`: a copy of the class's `created_at` (which never changes), so
 *   that the index (user_id, class_created_at, class_id, role) hands out a user's memberships
 *   already in the list's order (created_at desc, id desc): the page stops after limit + 1 rows,
 *   no temporary B-tree sorting every membership first. Filled by the app on insert; triggers fill
 *   it for any other writer (PostgreSQL: BEFORE INSERT; SQLite: AFTER INSERT when left null) and
 *   follow a class's `created_at` if it is ever changed.
 * - `classes.teacher_names`: the class's teachers as a JSON array of `[joined_at, name]` (the list
 *   sorts them, as before), kept by triggers on `class_members` (a teacher joins, leaves, changes
 *   role or joining time) and on `user` (a teacher's name changes) — instead of a correlated
 *   subquery over class_members and user for every class of every page.
 *
 * The triggers are named `class_…`, before the cache triggers (`z_cache_…`) in PostgreSQL's name
 * order (decision 0018's lock order: version rows are locked last). A class row they rewrite
 * with the same value is not written (no cache version bumped for nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = detectPostgres(db);
  await db.schema.alterTable('class_members').addColumn('class_created_at', 'text').execute();
  await db.schema
    .alterTable('classes')
    .addColumn('teacher_names', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await backfillClassLists(db);
  if (postgres) {
    await sql
      .raw(`ALTER TABLE class_members ALTER COLUMN class_created_at SET NOT NULL`)
      .execute(db);
    for (const statement of POSTGRES_UP) await sql.raw(statement).execute(db);
  } else {
    for (const statement of SQLITE_UP) await sql.raw(statement).execute(db);
  }
  await db.schema
    .createIndex('class_members_user_created_idx')
    .on('class_members')
    .columns(['user_id', 'class_created_at', 'class_id', 'role'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = detectPostgres(db);
  for (const statement of postgres ? POSTGRES_DOWN : SQLITE_DOWN) {
    await sql.raw(statement).execute(db);
  }
  await db.schema.dropIndex('class_members_user_created_idx').ifExists().execute();
  await db.schema.alterTable('class_members').dropColumn('class_created_at').execute();
  await db.schema.alterTable('classes').dropColumn('teacher_names').execute();
}

/**
 * Fills both copies from the rows as they are (after a bulk load that skipped the triggers, e.g.
 * the benchmarks' seeders on PostgreSQL).
 */
export async function backfillClassLists(db: Kysely<unknown>): Promise<void> {
  const postgres = detectPostgres(db);
  await sql
    .raw(
      `UPDATE class_members SET class_created_at =
         (SELECT c.created_at FROM classes c WHERE c.id = class_members.class_id)`,
    )
    .execute(db);
  await sql
    .raw(
      `UPDATE classes SET teacher_names = ${teachersOf('classes.id', postgres)}
        WHERE EXISTS (SELECT 1 FROM class_members t
                       WHERE t.class_id = classes.id AND t.role = 'teacher')`,
    )
    .execute(db);
}

/** The class's teachers as JSON text `[[joined_at, name], …]` (`[]`: none). */
function teachersOf(classId: string, postgres: boolean): string {
  return postgres
    ? `(SELECT coalesce(json_agg(json_build_array(t.joined_at, u.name)
                                 ORDER BY t.joined_at, u.name), '[]'::json)::text
          FROM class_members t JOIN "user" u ON u.id = t.user_id
         WHERE t.class_id = ${classId} AND t.role = 'teacher')`
    : `(SELECT json_group_array(json_array(t.joined_at, u.name))
          FROM class_members t JOIN "user" u ON u.id = t.user_id
         WHERE t.class_id = ${classId} AND t.role = 'teacher')`;
}

/** SQLite: rewrite one class's teachers, only when they changed. */
const sqliteRefresh = (classId: string) =>
  `UPDATE classes SET teacher_names = ${teachersOf(classId, false)}
    WHERE id = ${classId} AND teacher_names IS NOT ${teachersOf(classId, false)};`;

const SQLITE_UP = [
  `CREATE TRIGGER class_members_created_at_insert AFTER INSERT ON class_members
     WHEN new.class_created_at IS NULL BEGIN
     UPDATE class_members SET class_created_at =
       (SELECT created_at FROM classes WHERE id = new.class_id)
      WHERE class_id = new.class_id AND user_id = new.user_id;
   END`,
  `CREATE TRIGGER class_members_created_at_update AFTER UPDATE OF class_id ON class_members BEGIN
     UPDATE class_members SET class_created_at =
       (SELECT created_at FROM classes WHERE id = new.class_id)
      WHERE class_id = new.class_id AND user_id = new.user_id;
   END`,
  `CREATE TRIGGER class_created_at_copies AFTER UPDATE OF created_at ON classes
     WHEN new.created_at IS NOT old.created_at BEGIN
     UPDATE class_members SET class_created_at = new.created_at WHERE class_id = new.id;
   END`,
  `CREATE TRIGGER class_teachers_insert AFTER INSERT ON class_members
     WHEN new.role = 'teacher' BEGIN ${sqliteRefresh('new.class_id')} END`,
  `CREATE TRIGGER class_teachers_delete AFTER DELETE ON class_members
     WHEN old.role = 'teacher' BEGIN ${sqliteRefresh('old.class_id')} END`,
  `CREATE TRIGGER class_teachers_update AFTER UPDATE OF role, joined_at, class_id, user_id
     ON class_members WHEN old.role = 'teacher' OR new.role = 'teacher' BEGIN
     ${sqliteRefresh('old.class_id')} ${sqliteRefresh('new.class_id')}
   END`,
  `CREATE TRIGGER class_teachers_user_name AFTER UPDATE OF name ON "user"
     WHEN new.name IS NOT old.name BEGIN
     UPDATE classes SET teacher_names = ${teachersOf('classes.id', false)}
      WHERE id IN (SELECT class_id FROM class_members WHERE user_id = new.id AND role = 'teacher');
   END`,
];

const SQLITE_DOWN = [
  'class_members_created_at_insert',
  'class_members_created_at_update',
  'class_created_at_copies',
  'class_teachers_insert',
  'class_teachers_delete',
  'class_teachers_update',
  'class_teachers_user_name',
].map((name) => `DROP TRIGGER IF EXISTS ${name}`);

const POSTGRES_UP = [
  `CREATE FUNCTION aprenda_class_teachers(cid text) RETURNS text
     LANGUAGE sql STABLE AS $$ SELECT ${teachersOf('cid', true)} $$`,
  `CREATE FUNCTION aprenda_class_teachers_refresh(cid text) RETURNS void
     LANGUAGE plpgsql AS $$
     DECLARE names text := aprenda_class_teachers(cid);
     BEGIN
       UPDATE classes SET teacher_names = names
        WHERE id = cid AND teacher_names IS DISTINCT FROM names;
     END $$`,
  `CREATE FUNCTION aprenda_class_members_created_at() RETURNS trigger
     LANGUAGE plpgsql AS $$ BEGIN
       IF NEW.class_created_at IS NULL OR TG_OP = 'UPDATE' THEN
         NEW.class_created_at := (SELECT created_at FROM classes WHERE id = NEW.class_id);
       END IF;
       RETURN NEW;
     END $$`,
  `CREATE TRIGGER class_members_created_at BEFORE INSERT OR UPDATE OF class_id ON class_members
     FOR EACH ROW EXECUTE FUNCTION aprenda_class_members_created_at()`,
  `CREATE FUNCTION aprenda_class_created_at_copies() RETURNS trigger
     LANGUAGE plpgsql AS $$ BEGIN
       UPDATE class_members SET class_created_at = NEW.created_at WHERE class_id = NEW.id;
       RETURN NULL;
     END $$`,
  `CREATE TRIGGER class_created_at_copies AFTER UPDATE OF created_at ON classes
     FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
     EXECUTE FUNCTION aprenda_class_created_at_copies()`,
  `CREATE FUNCTION aprenda_class_teachers_member() RETURNS trigger
     LANGUAGE plpgsql AS $$ BEGIN
       IF TG_OP <> 'INSERT' THEN PERFORM aprenda_class_teachers_refresh(OLD.class_id); END IF;
       IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.class_id <> OLD.class_id) THEN
         PERFORM aprenda_class_teachers_refresh(NEW.class_id);
       END IF;
       RETURN NULL;
     END $$`,
  `CREATE TRIGGER class_teachers_insert AFTER INSERT ON class_members
     FOR EACH ROW WHEN (NEW.role = 'teacher') EXECUTE FUNCTION aprenda_class_teachers_member()`,
  `CREATE TRIGGER class_teachers_delete AFTER DELETE ON class_members
     FOR EACH ROW WHEN (OLD.role = 'teacher') EXECUTE FUNCTION aprenda_class_teachers_member()`,
  `CREATE TRIGGER class_teachers_update AFTER UPDATE OF role, joined_at, class_id, user_id
     ON class_members FOR EACH ROW WHEN (OLD.role = 'teacher' OR NEW.role = 'teacher')
     EXECUTE FUNCTION aprenda_class_teachers_member()`,
  `CREATE FUNCTION aprenda_class_teachers_user() RETURNS trigger
     LANGUAGE plpgsql AS $$ BEGIN
       UPDATE classes SET teacher_names = aprenda_class_teachers(classes.id)
        WHERE id IN (SELECT class_id FROM class_members
                      WHERE user_id = NEW.id AND role = 'teacher');
       RETURN NULL;
     END $$`,
  `CREATE TRIGGER class_teachers_user_name AFTER UPDATE OF name ON "user"
     FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
     EXECUTE FUNCTION aprenda_class_teachers_user()`,
];

const POSTGRES_DOWN = [
  `DROP TRIGGER IF EXISTS class_members_created_at ON class_members`,
  `DROP TRIGGER IF EXISTS class_created_at_copies ON classes`,
  `DROP TRIGGER IF EXISTS class_teachers_insert ON class_members`,
  `DROP TRIGGER IF EXISTS class_teachers_delete ON class_members`,
  `DROP TRIGGER IF EXISTS class_teachers_update ON class_members`,
  `DROP TRIGGER IF EXISTS class_teachers_user_name ON "user"`,
  `DROP FUNCTION IF EXISTS aprenda_class_members_created_at()`,
  `DROP FUNCTION IF EXISTS aprenda_class_created_at_copies()`,
  `DROP FUNCTION IF EXISTS aprenda_class_teachers_member()`,
  `DROP FUNCTION IF EXISTS aprenda_class_teachers_user()`,
  `DROP FUNCTION IF EXISTS aprenda_class_teachers_refresh(text)`,
  `DROP FUNCTION IF EXISTS aprenda_class_teachers(text)`,
];

function detectPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
