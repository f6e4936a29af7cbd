/**
 * Seed generator for the exercises benchmark (issue 13, point 10): writes straight into a migrated
 * database (SQLite file or PostgreSQL; the tables of migration 0018 and the classes of 0001/0002)
 * — 2,000 students and 40 teachers; each teacher owns one class of 50 students (student k is in
 * class ⌊k / 50⌋), so a student's practice pool is the public items plus the items of one teacher.
 *
 * 5,000 items over 10 skills of the starter list (migration 0015): half of them (2,500) in the
 * measured skill `bncc-ef07ma18` (Equações do 1º grau), the rest in nine others with falling
 * shares. 20 % are public, the others written by the 40 teachers in turn (so the heavy student's
 * pool in the measured skill is ~550 items: the ~500 public ones and ~50 of their teacher's, and
 * the (skill_id, difficulty) range walk of "next" skips the other teachers' ~1,950). Kinds: 50 %
 * `single` with 4 choices (guess 0.25), 35 % `numeric` (a tenth of them templates with a formula),
 * 15 % `text` (guess 0). `spec` is stored exactly as items.service.ts `rowValues` does
 * (`{ choices, numeric, text, expression, template }`), so the server grades the seeded items.
 *
 * Difficulties ~N(0, 1.2), as if calibrated: `answer_count` is the item's answers in the log plus
 * 200 answers of earlier cohorts (not in the log), so the items' difficulties no longer move much.
 *
 * The answer log (`item_answers`, 200,000 rows): the heavy student (the flashcards bench's
 * HEAVY_EMAIL, student 0, true ability 0.8) answered 2,000 items of the measured skill and 100 in
 * each of two other skills; the other 1,999 students share the rest evenly (~99 each) over one to
 * three skills of their pool (the measured skill half of the time). Each answer is simulated: an
 * item drawn from the student's pool in the skill, right with the model's own probability for the
 * student's true ability (~N(0, 1)), and the student's estimate moved by the server's Elo update
 * (apps/server/src/modules/learner/elo.ts) — so `ability_before/after` chain up and each
 * `learner_abilities` row (ability, answer count, last five results, mastery level) is what the
 * server would have stored after that log. Answers are from the 200 days before the seed's fixed
 * "now" (2026-11-01), never within the 15 minutes "next" leaves out.
 *
 * Deterministic: one seeded PRNG; only session tokens are random (bench/seed-lib.ts).
 *
 * CLI: `node bench/seed-exercises.ts <DATABASE_URL>` (migrates first). BENCH_SCALE=0.05 (or
 * `small`) seeds 5 % of the sizes (for trying things out).
 */
import { drawVariables, variantSeed } from '../apps/server/src/modules/exercises/templates.ts';
import { masteryLevel, predictCorrect, updateElo } from '../apps/server/src/modules/learner/elo.ts';
import { HEAVY_EMAIL } from './seed-flashcards.ts';
import {
  DAY_MS,
  isPostgres,
  iso,
  loadPostgres,
  loadSqlite,
  prng,
  seedCli,
  uuidv7,
  type InsertRows,
  type Rng,
} from './seed-lib.ts';

export interface SeedSizes {
  students: number;
  /** Teachers, one class each; the students are split evenly over the classes. */
  teachers: number;
  items: number;
  /** item_answers rows in all. */
  answers: number;
  /** The heavy student's answers in the measured skill. */
  heavyAnswers: number;
}

/** BENCH_SCALE: a fraction of the sizes (`small` = 0.05). */
export function benchScale(raw = process.env.BENCH_SCALE): number {
  if (raw === 'small') return 0.05;
  const n = Number(raw ?? 1);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

export function seedSizes(scale = benchScale()): SeedSizes {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return {
    students: n(2_000),
    teachers: n(40),
    items: n(5_000),
    answers: n(200_000),
    heavyAnswers: n(2_000),
  };
}

/** Bump when the generated data changes shape (part of the bench cache key). */
export const SEED_VERSION = 1;

/** The skill "next" and "submit" are measured in. */
export const MEASURED_SKILL = 'bncc-ef07ma18';

/** The skills of the items (starter list ids) and their shares of the items. */
const SKILLS: ReadonlyArray<readonly [id: string, name: string, share: number]> = [
  [MEASURED_SKILL, 'Equações do 1º grau', 0.5],
  ['bncc-ef06ma13', 'Porcentagem', 0.1],
  ['bncc-ef07ma04', 'Operações com números inteiros', 0.08],
  ['bncc-ef07ma13', 'Variáveis e expressões algébricas', 0.07],
  ['bncc-ef08ma06', 'Valor numérico de expressões algébricas', 0.06],
  ['bncc-ef06ma07', 'Frações: comparação e equivalência', 0.05],
  ['bncc-ef08ma19', 'Área de figuras planas', 0.04],
  ['bncc-ef09ma14', 'Teorema de Pitágoras: aplicações', 0.04],
  ['bncc-ef07ma35', 'Média estatística', 0.03],
  ['bncc-ef08ma22', 'Probabilidade e espaço amostral', 0.03],
];

/** The seed's "now": fixed, so the cached file never goes stale (answers are all in the past). */
export const SEED_NOW = Date.UTC(2026, 10, 1);
/** Earlier cohorts' answers behind each item's difficulty (not in the log). */
const CALIBRATION_ANSWERS = 200;
const SHARE_PUBLIC = 0.2;
const HEAVY_ABILITY = 0.8;

const POLYGONS = [
  'triângulo', 'quadrilátero', 'pentágono', 'hexágono', 'heptágono', 'octógono', 'eneágono',
  'decágono',
]; // prettier-ignore

const BATCH = 20_000;

const COLS = {
  user: ['id', 'name', 'email', 'emailVerified', 'image', 'createdAt', 'updatedAt', 'role'],
  classes: ['id', 'title', 'description', 'code', 'owner_id', 'archived', 'created_at', 'updated_at'],
  // class_created_at: migration 0024's copy of the class's created_at (the load skips triggers).
  class_members: ['class_id', 'user_id', 'role', 'joined_at', 'class_created_at'],
  exercise_items: [
    'id', 'author_id', 'skill_id', 'kind', 'stem', 'explanation', 'spec', 'public', 'search',
    'difficulty', 'guess', 'answer_count', 'created_at', 'updated_at', 'deleted_at',
  ],
  learner_abilities: [
    'user_id', 'skill_id', 'ability', 'answer_count', 'recent', 'level', 'updated_at',
  ],
  item_answers: [
    'id', 'user_id', 'item_id', 'skill_id', 'context', 'attempt_id', 'response', 'correct', 'score',
    'ability_before', 'ability_after', 'duration_ms', 'created_at',
  ],
} as const; // prettier-ignore
type Table = keyof typeof COLS;

export const LOAD_TABLES = Object.keys(COLS) as Table[];

/** Batches per table, flushed at BATCH rows. */
function buffers(insert: InsertRows) {
  const rows = new Map<Table, unknown[][]>();
  return {
    async add(table: Table, row: unknown[]) {
      let list = rows.get(table);
      if (!list) rows.set(table, (list = []));
      list.push(row);
      if (list.length >= BATCH) {
        await insert(table, [...COLS[table]], list);
        rows.set(table, []);
      }
    },
    async flush() {
      for (const table of LOAD_TABLES) {
        const list = rows.get(table);
        if (list && list.length > 0) await insert(table, [...COLS[table]], list);
        rows.set(table, []);
      }
    },
  };
}

/** Lower case without accents (the `search` column, as items.service.ts folds it). */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** A standard normal draw (Box–Muller). */
function normal(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

interface SeedItem {
  id: string;
  author: string;
  skill: string;
  kind: 'single' | 'numeric' | 'text';
  stem: string;
  explanation: string;
  spec: string;
  public: boolean;
  difficulty: number;
  guess: number;
  created: number;
  answers: number;
}

/** One item of `skill`: its kind's stem, explanation and spec (as `rowValues` stores it). */
function makeItem(rng: Rng, n: number, skillName: string) {
  const roll = rng.next();
  const intro = `(${skillName}) Questão ${n + 1}. Leia com atenção e responda.`;
  if (roll < 0.5) {
    const a = 2 + rng.int(40);
    const b = 2 + rng.int(40);
    const answer = a + b;
    const correctAt = rng.int(4);
    const values = [answer - 2, answer - 1, answer + 1, answer + 2];
    values.splice(correctAt, 0, answer);
    const choices = ['a', 'b', 'c', 'd'].map((id, i) => ({
      id,
      text: String(values[i]),
      correct: i === correctAt,
      feedback: i === correctAt ? 'Isso mesmo.' : `Confira a soma: ${a} + ${b}.`,
      misconception: i === correctAt ? '' : 'erro-de-calculo',
    }));
    return {
      kind: 'single' as const,
      stem: `${intro}\n\nUm estudante somou ${a} e ${b}. Qual é o resultado correto?`,
      explanation: `Somando ${a} com ${b} obtemos ${answer}.`,
      spec: { choices, numeric: null, text: null, expression: null, template: null },
      guess: 0.25,
    };
  }
  if (roll < 0.85) {
    if (rng.next() < 0.1) {
      // A template: each student gets their own a, b, c; the answer is the formula's.
      return {
        kind: 'numeric' as const,
        stem: `${intro}\n\nResolva a equação {{a}}x + {{b}} = {{c}}. Dê x com duas casas decimais.`,
        explanation: 'Subtraia {{b}} dos dois lados e divida por {{a}}.',
        spec: {
          choices: [],
          numeric: {
            answer: null,
            formula: '(c - b) / a',
            tolerance: 0.01,
            tolerance_kind: 'absolute',
          },
          text: null,
          expression: null,
          template: {
            variables: [
              { name: 'a', min: 2, max: 9, step: 1 },
              { name: 'b', min: 1, max: 20, step: 1 },
              { name: 'c', min: 21, max: 60, step: 1 },
            ],
          },
        },
        guess: 0,
      };
    }
    const a = 2 + rng.int(9);
    const x = rng.int(25) - 5;
    const b = 1 + rng.int(30);
    return {
      kind: 'numeric' as const,
      stem: `${intro}\n\nResolva a equação ${a}x + ${b} = ${a * x + b}. Quanto vale x?`,
      explanation: `Subtraindo ${b} dos dois lados, ${a}x = ${a * x}; logo x = ${x}.`,
      spec: {
        choices: [],
        numeric: { answer: x, formula: null, tolerance: 0, tolerance_kind: 'absolute' },
        text: null,
        expression: null,
        template: null,
      },
      guess: 0,
    };
  }
  const sides = 3 + rng.int(POLYGONS.length);
  const name = POLYGONS[sides - 3]!;
  return {
    kind: 'text' as const,
    stem: `${intro}\n\nComo se chama o polígono de ${sides} lados?`,
    explanation: `Um polígono de ${sides} lados é um ${name}.`,
    spec: {
      choices: [],
      numeric: null,
      text: { accepted: [name] },
      expression: null,
      template: null,
    },
    guess: 0,
  };
}

/** The stored parts of an item `responseFor` reads. */
export interface GradableItem {
  id: string;
  kind: string;
  spec: string;
}

/**
 * A right (or wrong) response to a seeded item, as the client sends it: the correct choice (or
 * the next one), the number (plus one), the accepted text (or another word). A template item's
 * answer is computed from the student's own variant (the server's `drawVariables`, seeded by
 * student and item): the only template formula the seed writes is `(c - b) / a`.
 */
export function responseFor(
  item: GradableItem,
  userId: string,
  right: boolean,
): { choice: string } | { value: string } {
  const spec = JSON.parse(item.spec) as {
    choices: Array<{ id: string; correct: boolean }>;
    numeric: { answer: number | null; formula: string | null } | null;
    text: { accepted: string[] } | null;
    template: Parameters<typeof drawVariables>[0] | null;
  };
  if (item.kind === 'single') {
    const at = spec.choices.findIndex((c) => c.correct);
    return { choice: spec.choices[right ? at : (at + 1) % spec.choices.length]!.id };
  }
  if (item.kind === 'text') return { value: right ? spec.text!.accepted[0]! : 'círculo' };
  let answer = spec.numeric!.answer ?? 0;
  if (spec.template) {
    const v = drawVariables(spec.template, variantSeed(userId, item.id));
    answer = (v.c! - v.b!) / v.a!;
  }
  return { value: String(Number((answer + (right ? 0 : 1)).toFixed(2))).replace('.', ',') };
}

async function generate(insert: InsertRows, sizes: SeedSizes) {
  const rng = prng(20261101);
  const out = buffers(insert);
  const counts = { users: 0, classes: 0, memberships: 0, items: 0, abilities: 0, answers: 0 };

  // Users: the heavy student first, the other students, then the teachers.
  const students: string[] = [];
  const teachers: string[] = [];
  const total = sizes.students + sizes.teachers;
  for (let i = 0; i < total; i++) {
    const teacher = i >= sizes.students;
    const ms = SEED_NOW - 500 * DAY_MS + i * 60_000;
    const id = uuidv7(ms, rng);
    (teacher ? teachers : students).push(id);
    const k = teacher ? i - sizes.students : i;
    const email =
      i === 0
        ? HEAVY_EMAIL
        : `ex-${teacher ? 'teacher' : 'student'}${String(k).padStart(5, '0')}@bench.aprenda.dev`;
    const name = `${teacher ? 'Professor' : 'Estudante'} ${k}`;
    await out.add('user', [id, name, email, true, null, iso(ms), iso(ms), teacher ? 'teacher' : 'student']); // prettier-ignore
    counts.users++;
  }

  // Classes: one per teacher, the students split evenly (student s in class ⌊s · T / S⌋).
  const classOf = (s: number) => Math.floor((s * sizes.teachers) / sizes.students);
  for (const [t, teacher] of teachers.entries()) {
    const ms = SEED_NOW - 400 * DAY_MS + t * DAY_MS;
    const id = uuidv7(ms, rng);
    const code = `EX${String(t).padStart(6, '0')}`;
    await out.add('classes', [id, `Matemática — 7º ano, turma ${t + 1}`, null, code, teacher, 0, iso(ms), iso(ms)]); // prettier-ignore
    await out.add('class_members', [id, teacher, 'teacher', iso(ms), iso(ms)]);
    counts.classes++;
    counts.memberships++;
    for (let s = 0; s < sizes.students; s++) {
      if (classOf(s) !== t) continue;
      await out.add('class_members', [id, students[s], 'student', iso(ms + DAY_MS), iso(ms)]);
      counts.memberships++;
    }
  }

  // Items (kept in memory: their answer counts are known after the log).
  const items: SeedItem[] = [];
  /** Per skill: the public items, and each teacher's. */
  const publicOf = new Map<string, SeedItem[]>();
  const byTeacher = new Map<string, SeedItem[]>();
  let skill = 0;
  let quota = Math.round(sizes.items * SKILLS[0]![2]);
  for (let n = 0; n < sizes.items; n++) {
    while (n >= quota && skill < SKILLS.length - 1) {
      skill++;
      quota += Math.round(sizes.items * SKILLS[skill]![2]);
    }
    const [skillId, skillName] = SKILLS[skill]!;
    const made = makeItem(rng, n, skillName);
    const isPublic = rng.next() < SHARE_PUBLIC;
    const author = isPublic ? teachers[rng.int(teachers.length)]! : teachers[n % teachers.length]!;
    const created = SEED_NOW - 380 * DAY_MS + Math.floor((n / sizes.items) * 150 * DAY_MS);
    const item: SeedItem = {
      id: uuidv7(created, rng),
      author,
      skill: skillId,
      ...made,
      spec: JSON.stringify(made.spec),
      public: isPublic,
      difficulty: Number((normal(rng) * 1.2).toFixed(4)),
      created,
      answers: 0,
    };
    items.push(item);
    const key = isPublic ? skillId : `${author} ${skillId}`;
    const map = isPublic ? publicOf : byTeacher;
    if (!map.has(key)) map.set(key, []);
    map.get(key)!.push(item);
  }

  /** `count` simulated answers of student `s` in `skillId`, then their ability row. */
  const practise = async (s: number, skillId: string, count: number, trueAbility: number) => {
    const pub = publicOf.get(skillId) ?? [];
    const own = byTeacher.get(`${teachers[classOf(s)]} ${skillId}`) ?? [];
    const poolSize = pub.length + own.length;
    if (poolSize === 0 || count <= 0) return 0;
    const user = students[s]!;
    let ability = 0;
    let answers = 0;
    let recent: number[] = [];
    // Oldest first, spread over the 200 days before the seed's now (never the last hour).
    const start = SEED_NOW - 200 * DAY_MS + rng.int(20 * DAY_MS);
    const step = Math.floor((180 * DAY_MS - 3_600_000) / count);
    let at = start;
    for (let k = 0; k < count; k++) {
      const r = rng.int(poolSize);
      const item = r < pub.length ? pub[r]! : own[r - pub.length]!;
      const right = rng.next() < predictCorrect(trueAbility, item.difficulty, item.guess);
      const update = updateElo({
        ability,
        abilityAnswers: answers,
        difficulty: item.difficulty,
        itemAnswers: CALIBRATION_ANSWERS + item.answers,
        correct: right,
        guess: item.guess,
      });
      at += 1 + rng.int(step);
      await out.add('item_answers', [
        uuidv7(at, rng), user, item.id, skillId, 'practice', null,
        JSON.stringify(responseFor(item, user, right)),
        right ? 1 : 0, right ? 1 : 0, ability, update.ability, 3000 + rng.int(60_000), iso(at),
      ]); // prettier-ignore
      counts.answers++;
      item.answers++;
      ability = update.ability;
      answers++;
      recent = [...recent, right ? 1 : 0].slice(-5);
    }
    const level = masteryLevel({
      ability,
      answers,
      recentCorrect: recent.reduce((a, b) => a + b, 0),
      recentCount: recent.length,
    });
    await out.add('learner_abilities', [user, skillId, ability, answers, JSON.stringify(recent), level, iso(at)]); // prettier-ignore
    counts.abilities++;
    return count;
  };

  // The heavy student: the measured skill, and a little of two others.
  const side = Math.round(sizes.heavyAnswers / 20);
  let heavy = await practise(0, MEASURED_SKILL, sizes.heavyAnswers, HEAVY_ABILITY);
  heavy += await practise(0, SKILLS[1]![0], side, 0.2);
  heavy += await practise(0, SKILLS[2]![0], side, -0.3);

  // The others: the rest of the log, evenly, over one to three skills each.
  const others = sizes.students - 1;
  const left = Math.max(0, sizes.answers - heavy);
  for (let s = 1; s < sizes.students; s++) {
    const mine = Math.floor(left / others) + (s - 1 < left % others ? 1 : 0);
    const skills = new Set<string>([rng.next() < 0.5 ? MEASURED_SKILL : rng.pick(SKILLS)[0]]);
    const wanted = 1 + rng.int(3);
    while (skills.size < wanted) skills.add(rng.pick(SKILLS)[0]);
    const list = [...skills];
    const trueAbility = normal(rng);
    let done = 0;
    for (const [k, skillId] of list.entries()) {
      const n = k === list.length - 1 ? mine - done : Math.floor(mine / list.length);
      done += await practise(s, skillId, n, trueAbility + normal(rng) * 0.3);
    }
  }

  for (const item of items) {
    await out.add('exercise_items', [
      item.id, item.author, item.skill, item.kind, item.stem, item.explanation, item.spec,
      item.public ? 1 : 0, fold(item.stem), item.difficulty, item.guess,
      CALIBRATION_ANSWERS + item.answers, iso(item.created), iso(item.created), null,
    ]); // prettier-ignore
    counts.items++;
  }
  await out.flush();
  return { ...counts, heavyAnswers: heavy };
}

export type SeedCounts = Awaited<ReturnType<typeof generate>>;

export interface SeedResult {
  ms: number;
  counts: SeedCounts;
}

/**
 * Fill a freshly migrated database (seed-lib's bulk loads: secondary indexes dropped during the
 * load and re-created afterwards, then ANALYZE — PostgreSQL: VACUUM ANALYZE).
 */
export async function seedExercises(url: string, sizes = seedSizes()): Promise<SeedResult> {
  const started = performance.now();
  const counts = isPostgres(url)
    ? await loadPostgres(url, LOAD_TABLES, (insert) => generate(insert, sizes))
    : await loadSqlite(url, LOAD_TABLES, (insert) => generate(insert, sizes));
  return { ms: performance.now() - started, counts };
}

seedCli('bench/seed-exercises.ts', '<DATABASE_URL>', async (url) => {
  const result = await seedExercises(url);
  const c = result.counts;
  console.log(
    `[seed] ${c.users} users, ${c.classes} classes, ${c.memberships} memberships, ${c.items} ` +
      `items, ${c.abilities} abilities, ${c.answers} answers (heavy student ${c.heavyAnswers}) ` +
      `in ${(result.ms / 1000).toFixed(1)} s`,
  );
});
