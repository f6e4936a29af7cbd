/**
 * Seed generator for the classes benchmark: writes straight into a migrated database (SQLite file
 * or PostgreSQL) — 10,000 teachers, 100,000 classes (each owned by a teacher who is its `teacher`
 * member), 90,000 students in 5–15 classes each (10 on average, some popular classes much larger):
 * 1,000,000 memberships. Users are inserted directly (no passwords: they never sign in by
 * password); `createSessions` then inserts Better Auth sessions for random students and returns
 * their signed bearer tokens. Deterministic: one seeded PRNG; only session tokens are random.
 *
 * CLI: `node bench/seed-classes.ts <DATABASE_URL> [sessions]` (migrates first). BENCH_SCALE=0.01
 * seeds 1 % of the sizes (for trying things out).
 */
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH } from '@aprenda/shared/schemas/classes';
import {
  BASE_MS,
  DAY_MS,
  isPostgres,
  iso,
  insertSessions,
  loadPostgres,
  loadSqlite,
  prng,
  readRows,
  seedCli,
  uuidv7,
} from './seed-lib.ts';

export interface SeedSizes {
  teachers: number;
  classes: number;
  students: number;
  /** Average classes per student (each student is in avg−5 … avg+5). */
  classesPerStudent: number;
}

export function seedSizes(scale = Number(process.env.BENCH_SCALE ?? 1)): SeedSizes {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return { teachers: n(10_000), classes: n(100_000), students: n(90_000), classesPerStudent: 10 };
}

/** Bump when the generated data or its statistics change (part of the bench cache key). */
export const SEED_VERSION = 2;

const FIRST = [
  'Ana', 'Beatriz', 'Carla', 'Daniel', 'Eduardo', 'Fernanda', 'Gabriel', 'Helena', 'Igor', 'Joana',
  'Lucas', 'Mariana', 'Nicolas', 'Olívia', 'Pedro', 'Rafaela', 'Sofia', 'Thiago', 'Valentina', 'Vitor',
]; // prettier-ignore
const LAST = [
  'Almeida', 'Barbosa', 'Cardoso', 'Costa', 'Dias', 'Ferreira', 'Gomes', 'Lima', 'Martins', 'Melo',
  'Nascimento', 'Oliveira', 'Pereira', 'Ribeiro', 'Rocha', 'Santos', 'Silva', 'Souza', 'Teixeira',
]; // prettier-ignore
const SUBJECTS = [
  'Matemática', 'Português', 'História', 'Geografia', 'Ciências', 'Física', 'Química', 'Biologia',
  'Inglês', 'Artes', 'Educação Física', 'Filosofia', 'Sociologia', 'Redação',
]; // prettier-ignore

/** Where rows go: a table, its columns, and batches of rows in that column order. */
interface Sink {
  insert(table: string, columns: string[], rows: unknown[][]): Promise<void>;
}

const BATCH = 20_000;
const CODE_CHARS = [...CLASS_CODE_ALPHABET];

/**
 * Generates the data set into `sink`, batch by batch. Returns the row counts. `copies`: the schema
 * has migration 0024's `class_members.class_created_at` (given here, as the app gives it).
 */
async function generate(sink: Sink, sizes: SeedSizes, copies: boolean) {
  const rng = prng(20260101);
  const counts = { users: 0, classes: 0, memberships: 0 };
  let batch: unknown[][] = [];
  const flush = async (table: string, columns: string[], force = false) => {
    if (batch.length >= BATCH || (force && batch.length > 0)) {
      await sink.insert(table, columns, batch);
      batch = [];
    }
  };

  // Users: teachers then students, created over ~3 years before BASE.
  const userCols = [
    'id',
    'name',
    'email',
    'emailVerified',
    'image',
    'createdAt',
    'updatedAt',
    'role',
  ];
  const teacherIds: string[] = [];
  const studentIds: string[] = [];
  const totalUsers = sizes.teachers + sizes.students;
  for (let i = 0; i < totalUsers; i++) {
    const teacher = i < sizes.teachers;
    const ms = BASE_MS - 1100 * DAY_MS + Math.floor((i / totalUsers) * 300 * DAY_MS);
    const id = uuidv7(ms, rng);
    (teacher ? teacherIds : studentIds).push(id);
    const n = teacher ? i : i - sizes.teachers;
    const email = `${teacher ? 'teacher' : 'student'}${String(n).padStart(6, '0')}@bench.aprenda.dev`;
    const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    batch.push([id, name, email, true, null, iso(ms), iso(ms), teacher ? 'teacher' : 'student']);
    counts.users++;
    await flush('user', userCols);
  }
  await flush('user', userCols, true);

  // Classes: created over the 2 years before BASE, each owned by a teacher (10 each on average).
  const classCols = [
    'id',
    'title',
    'description',
    'code',
    'owner_id',
    'archived',
    'created_at',
    'updated_at',
  ];
  const memberCols = ['class_id', 'user_id', 'role', 'joined_at'];
  if (copies) memberCols.push('class_created_at');
  const classIds: string[] = [];
  const classMs: number[] = [];
  const codes = new Set<string>();
  const owners: string[] = [];
  for (let j = 0; j < sizes.classes; j++) {
    const ms =
      BASE_MS - 730 * DAY_MS + Math.floor((j / sizes.classes) * 730 * DAY_MS) + rng.int(60_000);
    const id = uuidv7(ms, rng);
    let code: string;
    do {
      code = '';
      for (let k = 0; k < CLASS_CODE_LENGTH; k++) code += rng.pick(CODE_CHARS);
    } while (codes.has(code));
    codes.add(code);
    const owner = teacherIds[rng.int(teacherIds.length)]!;
    const subject = rng.pick(SUBJECTS);
    const title = `${subject} — ${6 + rng.int(4)}º ano ${'ABCDE'[rng.int(5)]}`;
    const description =
      rng.next() < 0.2
        ? null
        : `${subject}: conteúdo do semestre, exercícios semanais e revisão antes das provas. Turma ${j + 1}.`;
    classIds.push(id);
    classMs.push(ms);
    owners.push(owner);
    batch.push([id, title, description, code, owner, 0, iso(ms), iso(ms)]);
    counts.classes++;
    await flush('classes', classCols);
  }
  await flush('classes', classCols, true);

  // Memberships: the owner as teacher, then students. A student is in avg±5 classes (pairs of
  // students balance out, so the total is exact); 25 % of picks go to the 5 % "popular" classes.
  for (let j = 0; j < sizes.classes; j++) {
    batch.push(
      [classIds[j], owners[j], 'teacher', iso(classMs[j]!), iso(classMs[j]!)].slice(
        0,
        memberCols.length,
      ),
    );
    counts.memberships++;
    await flush('class_members', memberCols);
  }
  const popular = Math.max(1, Math.floor(sizes.classes * 0.05));
  let delta = 0;
  for (let s = 0; s < sizes.students; s++) {
    if (s % 2 === 0) delta = rng.int(6);
    const wanted = Math.min(
      sizes.classes,
      sizes.classesPerStudent + (s % 2 === 0 ? delta : -delta),
    );
    const mine = new Set<number>();
    while (mine.size < wanted) {
      // popular classes: every 20th class
      mine.add(
        rng.next() < 0.25 ? (rng.int(popular) * 20) % sizes.classes : rng.int(sizes.classes),
      );
    }
    for (const j of mine) {
      const joined = classMs[j]! + rng.int(30 * DAY_MS);
      batch.push(
        [classIds[j], studentIds[s], 'student', iso(joined), iso(classMs[j]!)].slice(
          0,
          memberCols.length,
        ),
      );
      counts.memberships++;
      await flush('class_members', memberCols);
    }
  }
  await flush('class_members', memberCols, true);
  return counts;
}

const LOAD_TABLES = ['user', 'classes', 'class_members'];

export interface SeedResult {
  ms: number;
  counts: { users: number; classes: number; memberships: number };
}

/**
 * Fill a freshly migrated database. Secondary (non-unique) indexes of the loaded tables are dropped
 * during the load and re-created from their own definitions afterwards; then ANALYZE (PostgreSQL:
 * VACUUM ANALYZE, so index-only scans see an up-to-date visibility map, as autovacuum would leave it).
 */
export async function seedClasses(url: string, sizes = seedSizes()): Promise<SeedResult> {
  const started = performance.now();
  const copies = await hasClassListCopies(url);
  const counts = isPostgres(url)
    ? await seedPostgres(url, sizes, copies)
    : await loadSqlite(url, LOAD_TABLES, (insert) => generate({ insert }, sizes, copies));
  return { ms: performance.now() - started, counts };
}

/** Whether the schema has migration 0024's copies (the bench also runs older checkouts). */
async function hasClassListCopies(url: string): Promise<boolean> {
  const rows = await readRows<{ n: number | string }>(
    url,
    isPostgres(url)
      ? `select count(*) as n from information_schema.columns where table_schema = current_schema()
          and table_name = 'class_members' and column_name = 'class_created_at'`
      : `select count(*) as n from pragma_table_info('class_members') where name = 'class_created_at'`,
  );
  return Number(rows[0]!.n) > 0;
}

/**
 * The bulk load skips triggers on PostgreSQL (session_replication_role = replica), so what the
 * app's triggers would have left is filled afterwards, in the same transaction (SQLite's triggers
 * fill it during the load): the teachers' names that migration 0024 keeps on each class, and the
 * per-user `classes:<user>` data versions (decision 0035) — a database grown through the app has
 * one per member. Without them `cache_versions` starts with two rows, PostgreSQL keeps a generic
 * plan that scans it, and that plan stays while the school-day writes grow the table.
 */
function seedPostgres(url: string, sizes: SeedSizes, copies: boolean) {
  return loadPostgres(url, LOAD_TABLES, async (insert, client) => {
    const counts = await generate({ insert }, sizes, copies);
    await client.query(
      `insert into cache_versions (scope, version)
         select 'classes:' || user_id, count(*) from class_members group by user_id
       on conflict (scope) do nothing`,
    );
    if (copies) {
      await client.query(
        `update classes set teacher_names = coalesce((
           select json_agg(json_build_array(t.joined_at, u.name) order by t.joined_at, u.name)::text
             from class_members t join "user" u on u.id = t.user_id
            where t.class_id = classes.id and t.role = 'teacher'), '[]')`,
      );
    }
    return counts;
  });
}

/**
 * Better Auth sessions (7 days) for `count` distinct students (every k-th by email: deterministic),
 * inserted directly; returns their signed bearer tokens (bench/seed-lib.ts insertSessions).
 */
export function createSessions(
  url: string,
  secret: string,
  count: number,
): Promise<{ tokens: string[]; userIds: string[] }> {
  return insertSessions(url, secret, async (query) => {
    const ids = (
      await query<{ id: string }>(
        `select id from "user" where role = 'student' order by email limit ${count * 40}`,
      )
    ).map((r) => r.id);
    const step = Math.max(1, Math.floor(ids.length / count));
    return ids.filter((_, i) => i % step === 0).slice(0, count);
  });
}

seedCli('bench/seed-classes.ts', '<DATABASE_URL> [sessions]', async (url, secret, args) => {
  const result = await seedClasses(url);
  console.log(
    `[seed] ${result.counts.users} users, ${result.counts.classes} classes, ` +
      `${result.counts.memberships} memberships in ${(result.ms / 1000).toFixed(1)} s`,
  );
  const sessions = Number(args[0] ?? 0);
  if (sessions > 0) {
    const { tokens } = await createSessions(url, secret, sessions);
    console.log(`[seed] ${tokens.length} sessions (APP_SECRET must match the server's)`);
  }
});
