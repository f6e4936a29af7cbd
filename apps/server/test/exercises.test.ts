import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@aprenda/shared/schemas/common';
import type {
  ItemDetail,
  PracticeAnswerResult,
  PracticeNext,
  PracticeSkill,
  PublicItem,
  SkillHistoryEntry,
} from '@aprenda/shared/schemas/exercises';
import { api, type Problem } from './flashcards-helpers.ts';
import { createTestApp, dialects, signUp, type SignedUp, type TestApp } from './helpers.ts';

/**
 * Issue 13, server core: items written by teachers (five kinds, templates), what a student
 * receives of them (never an answer), adaptive practice graded on the server with an idempotent
 * submit, the learner model moving per skill, pools and permissions — on both engines.
 */

const SKILL = 'bncc-ef07ma18'; // Equações do 1º grau
const SKILL_2 = 'bncc-ef06ma13'; // Porcentagem

const single = {
  kind: 'single',
  stem: 'Quanto é $2 + 3$?',
  explanation: 'Some as unidades: 2 + 3 = 5.',
  skill_id: SKILL,
  choices: [
    { id: 'a', text: '5', correct: true, feedback: 'Isso!' },
    {
      id: 'b',
      text: '6',
      correct: false,
      feedback: 'Você somou 1 a mais.',
      misconception: 'contagem',
    },
    { id: 'c', text: '23', correct: false, feedback: 'Você juntou os algarismos.' },
  ],
};
const numeric = {
  kind: 'numeric',
  stem: 'Metade de 5?',
  explanation: '5 ÷ 2 = 2,5.',
  skill_id: SKILL,
  numeric: { answer: 2.5, tolerance: 0.01, tolerance_kind: 'absolute' },
};
const text = {
  kind: 'text',
  stem: 'Capital do Brasil?',
  explanation: 'Brasília, desde 1960.',
  skill_id: SKILL,
  text: { accepted: ['Brasília'] },
};
const template = {
  kind: 'numeric',
  stem: 'Resolva $x + {{a}} = {{b}}$. Quanto vale $x$?',
  explanation: 'Subtraia {{a}} dos dois lados.',
  skill_id: SKILL,
  numeric: { formula: 'b - a', tolerance: 0 },
  template: {
    variables: [
      { name: 'a', min: 2, max: 40, step: 1 },
      { name: 'b', min: 50, max: 99, step: 1 },
    ],
  },
};
const expression = {
  kind: 'expression',
  stem: 'Escreva $2(x+1)$ de outro jeito.',
  skill_id: SKILL_2,
  expression: { answer: '2(x+1)' },
  public: true,
};

/** Keys that must never reach a student before they answer. */
const SECRET_KEYS = [
  'correct',
  'feedback',
  'misconception',
  'explanation',
  'numeric',
  'expression',
  'template',
  'accepted',
  'tolerance',
  'formula',
  'answer',
  'difficulty',
];

function keysDeep(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysDeep(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysDeep(v, out);
    }
  }
  return out;
}

describe.each(dialects)('exercises: items and adaptive practice (%s)', (dialect) => {
  let t: TestApp;
  let teacher: SignedUp;
  let otherTeacher: SignedUp;
  let student: SignedUp;
  let student2: SignedUp;
  let student3: SignedUp;
  let outsider: SignedUp;
  const a = api(() => t);
  const ids = {} as Record<'single' | 'numeric' | 'text' | 'template' | 'expression', string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    teacher = await signUp(t, { role: 'teacher' });
    otherTeacher = await signUp(t, { role: 'teacher' });
    student = await signUp(t, { role: 'student' });
    student2 = await signUp(t, { role: 'student' });
    student3 = await signUp(t, { role: 'student' });
    outsider = await signUp(t, { role: 'student' });
    await a.newClass(teacher, { students: [student, student2, student3] });
    for (const [name, body] of Object.entries({ single, numeric, text, template, expression })) {
      const res = await a.call<ItemDetail>(teacher, 'POST', '/items', body);
      expect(res.status, name).toBe(201);
      ids[name as keyof typeof ids] = res.body.id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  async function next(u: SignedUp, skillId: string | null = SKILL) {
    const res = await a.call<PracticeNext>(u, 'POST', '/practice/next', { skill_id: skillId });
    expect(res.status).toBe(200);
    return res.body;
  }

  async function answer(u: SignedUp, itemId: string, response: unknown, id = crypto.randomUUID()) {
    return a.call<PracticeAnswerResult>(u, 'POST', '/practice/answers', {
      id,
      item_id: itemId,
      response,
      duration_ms: 5000,
    });
  }

  it('teachers write items; the author reads everything, students cannot write', async () => {
    const got = await a.call<ItemDetail>(teacher, 'GET', `/items/${ids.single}`);
    expect(got.status).toBe(200);
    expect(got.body.choices.find((c) => c.id === 'a')?.correct).toBe(true);
    expect(got.body.difficulty).toBe(0);

    const byStudent = await a.call<Problem>(student, 'POST', '/items', single);
    expect(byStudent.status).toBe(403);
    expect(byStudent.body.code).toBe('teacher_account_required');

    const list = await a.call<Page<ItemDetail>>(teacher, 'GET', '/items?q=capital');
    expect(list.body.items.map((i) => i.id)).toEqual([ids.text]);
    const bySkill = await a.call<Page<ItemDetail>>(teacher, 'GET', `/items?skill_id=${SKILL_2}`);
    expect(bySkill.body.items.map((i) => i.id)).toEqual([ids.expression]);
  });

  it('an item at fault gets 400 with the field, in terms the web translates', async () => {
    const twoRight = await a.call<Problem>(teacher, 'POST', '/items', {
      ...single,
      choices: single.choices.map((c) => ({ ...c, correct: true })),
    });
    expect(twoRight.status).toBe(400);
    expect(twoRight.body.code).toBe('validation_failed');
    expect(twoRight.body.errors?.map((e) => e.path)).toContain('choices');

    const badFormula = await a.call<Problem>(teacher, 'POST', '/items', {
      ...template,
      numeric: { formula: 'b - z', tolerance: 0 },
    });
    expect(badFormula.status).toBe(400);
    expect(badFormula.body.errors?.[0]?.path).toBe('numeric.formula');

    const noSkill = await a.call<Problem>(teacher, 'POST', '/items', {
      ...numeric,
      skill_id: 'no-such-skill',
    });
    expect(noSkill.status).toBe(400);
    expect(noSkill.body.errors).toEqual([
      expect.objectContaining({ path: 'skill_id', code: 'unknown_skill' }),
    ]);
  });

  it('a choice item with two alternatives of the same text gets 400 on the repeat, created or edited', async () => {
    const same = (kind: 'single' | 'multiple', texts: string[]) => ({
      ...single,
      kind,
      choices: texts.map((text, i) => ({ id: 'abcd'[i]!, text, correct: i === 0 })),
    });
    const created = await a.call<Problem>(teacher, 'POST', '/items', same('single', ['7', '7']));
    expect(created.status).toBe(400);
    expect(created.body.code).toBe('validation_failed');
    expect(created.body.errors).toEqual([
      expect.objectContaining({ path: 'choices.1.text', code: 'duplicate_choice_text' }),
    ]);
    // Trimmed, case and runs of spaces ignored; multiple choice too.
    const loose = await a.call<Problem>(
      teacher,
      'POST',
      '/items',
      same('multiple', ['x + 1', 'y', ' X  +  1 ', 'Y']),
    );
    expect(loose.status).toBe(400);
    expect(loose.body.errors?.map((e) => [e.path, e.code])).toEqual([
      ['choices.2.text', 'duplicate_choice_text'],
      ['choices.3.text', 'duplicate_choice_text'],
    ]);
    // Editing an existing item into duplicates is refused as well, and the item stays as it was.
    const edited = await a.call<Problem>(
      teacher,
      'PUT',
      `/items/${ids.single}`,
      same('single', ['5', '6', '5']),
    );
    expect(edited.status).toBe(400);
    expect(edited.body.errors?.map((e) => e.path)).toEqual(['choices.2.text']);
    const kept = await a.call<ItemDetail>(teacher, 'GET', `/items/${ids.single}`);
    expect(kept.body.choices.map((c) => c.text)).toEqual(['5', '6', '23']);
  });

  it('another teacher and students get 404 for an item they did not write', async () => {
    for (const u of [otherTeacher, student]) {
      expect((await a.call(u, 'GET', `/items/${ids.single}`)).status).toBe(404);
      expect((await a.call(u, 'PUT', `/items/${ids.single}`, single)).status).toBe(404);
      expect((await a.call(u, 'DELETE', `/items/${ids.single}`)).status).toBe(404);
      expect(
        (await a.call(u, 'POST', `/items/${ids.single}/try`, { response: { choice: 'a' } })).status,
      ).toBe(404);
    }
  });

  it('practice never sends an answer: every item payload of the pool is inspected', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 30 && seen.size < 4; i++) {
      const n = await next(student);
      expect(n.item).not.toBeNull();
      const item = n.item!;
      seen.add(item.id);
      // Exactly these fields; a choice is its id and text (the item's `text` part never goes).
      expect(Object.keys(item).sort()).toEqual(['choices', 'id', 'kind', 'skill_id', 'stem']);
      for (const c of item.choices) expect(Object.keys(c).sort()).toEqual(['id', 'text']);
      const keys = keysDeep(n);
      for (const k of SECRET_KEYS) expect(keys.has(k), `${k} in ${JSON.stringify(n)}`).toBe(false);
      const raw = JSON.stringify(n);
      expect(raw).not.toContain('Brasília');
      expect(raw).not.toContain('Isso!');
      expect(raw).not.toContain('b - a');
      // Answer it so the next pick moves on.
      await answer(student, item.id, item.kind === 'single' ? { choice: 'b' } : { value: '0' });
    }
    expect(seen.size).toBe(4); // the four items of the skill (the expression is another skill)
  });

  it('grades on the server: decimal comma, accents and case, choices with their feedback', async () => {
    const half = await answer(student2, ids.numeric, { value: ' 2,5 ' });
    expect(half.status).toBe(201);
    expect(half.body.result).toMatchObject({
      correct: true,
      score: 1,
      explanation: '5 ÷ 2 = 2,5.',
    });
    expect(half.body.result.correct_answer).toEqual({ value: '2,5' });

    const city = await answer(student2, ids.text, { value: '  brasilia ' });
    expect(city.body.result.correct).toBe(true);

    const wrong = await answer(student2, ids.single, { choice: 'b' });
    expect(wrong.body.result.correct).toBe(false);
    expect(wrong.body.result.feedback).toEqual([
      { choice_id: 'b', text: 'Você somou 1 a mais.', misconception: 'contagem' },
    ]);
    expect(wrong.body.result.correct_answer).toEqual({ choices: ['a'] });

    const shape = await answer(student2, ids.numeric, { choice: 'a' });
    expect(shape.status).toBe(201);
    expect(shape.body.result.correct).toBe(false);
  });

  it('each student gets their own variant of a template item, graded with their numbers', async () => {
    const stems: string[] = [];
    for (const u of [student, student2, student3]) {
      // The variant is fixed per student and item: read it through the history of an answer.
      const res = await answer(u, ids.template, { value: '0' });
      expect(res.status).toBe(201);
      const history = await a.call<SkillHistoryEntry[]>(
        u,
        'GET',
        `/practice/skills/${SKILL}/history`,
      );
      const entry = history.body.find((h) => h.item_id === ids.template)!;
      const m = /x \+ (\d+) = (\d+)/.exec(entry.stem)!;
      expect(m, entry.stem).not.toBeNull();
      stems.push(entry.stem);
      const right = await answer(u, ids.template, { value: String(Number(m[2]) - Number(m[1])) });
      expect(right.body.result.correct).toBe(true);
      // The same student sees the same numbers again.
      const again = await a.call<SkillHistoryEntry[]>(
        u,
        'GET',
        `/practice/skills/${SKILL}/history`,
      );
      expect(
        again.body.filter((h) => h.item_id === ids.template).every((h) => h.stem === entry.stem),
      ).toBe(true);
    }
    // Three students with one of 1,950 variants each: not all the same (1 chance in 3.8 million).
    expect(new Set(stems).size).toBeGreaterThan(1);
  });

  it('a submit is idempotent by its client id; another answer under that id is 409', async () => {
    const id = crypto.randomUUID();
    const before = await a.call<ItemDetail>(teacher, 'GET', `/items/${ids.single}`);
    const first = await answer(student, ids.single, { choice: 'a' }, id);
    expect(first.status).toBe(201);
    const again = await answer(student, ids.single, { choice: 'a' }, id);
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual(first.body.result);
    const after = await a.call<ItemDetail>(teacher, 'GET', `/items/${ids.single}`);
    expect(after.body.answer_count).toBe(before.body.answer_count + 1);
    const other = await answer(student, ids.single, { choice: 'c' }, id);
    expect(other.status).toBe(409);
    expect((other.body as unknown as Problem).code).toBe('answer_conflict');
  });

  it('answers move the skill: mastery, the history of what moved it, and records without answers', async () => {
    const fresh = await signUp(t, { role: 'student' });
    await a.newClass(teacher, { students: [fresh] }, 'Turma 2');
    let last: PracticeAnswerResult | null = null;
    for (let i = 0; i < 6; i++) {
      const res = await answer(fresh, ids.single, { choice: 'a' });
      last = res.body;
    }
    expect(last!.mastery.skill_id).toBe(SKILL);
    expect(last!.mastery.answers).toBe(6);
    expect(last!.mastery.ability).toBeGreaterThan(0);
    expect(last!.mastery.level).not.toBeNull();

    const history = await a.call<SkillHistoryEntry[]>(
      fresh,
      'GET',
      `/practice/skills/${SKILL}/history`,
    );
    expect(history.body).toHaveLength(6);
    expect(history.body[0]!.ability_after).toBeGreaterThan(history.body[0]!.ability_before);

    const skills = await a.call<PracticeSkill[]>(fresh, 'GET', '/practice/skills');
    const eq = skills.body.find((s) => s.id === SKILL)!;
    expect(eq.items).toBe(4);
    expect(eq.mastery?.answers).toBe(6);
    expect(skills.body.find((s) => s.id === SKILL_2)?.items).toBe(1); // the public item

    const rows = await t.db.db
      .selectFrom('user_actions')
      .selectAll()
      .where('user_id', '=', fresh.id)
      .where('action', '=', 'practice_answered')
      .execute();
    expect(rows).toHaveLength(6);
    expect(JSON.parse(rows[0]!.context!)).toEqual({
      item_id: ids.single,
      skill_id: SKILL,
      correct: true,
    });
  });

  it('"o que eu mais preciso" picks a skill of the pool; outsiders see public items only', async () => {
    const needed = await next(student, null);
    expect([SKILL, SKILL_2]).toContain(needed.skill_id);
    expect(needed.item).not.toBeNull();

    const outside = await next(outsider, SKILL);
    expect(outside.item).toBeNull();
    const pub = await next(outsider, SKILL_2);
    expect(pub.item?.id).toBe(ids.expression);
    expect((await answer(outsider, ids.single, { choice: 'a' })).status).toBe(404);
    const expr = await answer(outsider, ids.expression, { value: '2x+2' });
    expect(expr.status).toBe(201);
    expect(expr.body.result.correct).toBe(true);
  });

  it('the author tries a variant; a deleted item leaves the pool', async () => {
    const tried = await a.call<{ item: PublicItem; result: PracticeAnswerResult['result'] }>(
      teacher,
      'POST',
      `/items/${ids.numeric}/try`,
      { response: { value: '2.5' } },
    );
    expect(tried.status).toBe(200);
    expect(tried.body.result.correct).toBe(true);

    const extra = await a.call<ItemDetail>(teacher, 'POST', '/items', {
      ...text,
      skill_id: SKILL_2,
    });
    expect((await a.call(teacher, 'DELETE', `/items/${extra.body.id}`)).status).toBe(204);
    expect((await a.call(teacher, 'GET', `/items/${extra.body.id}`)).status).toBe(404);
    expect((await answer(student, extra.body.id, { value: 'Brasília' })).status).toBe(404);
  });

  it('GIFT import: a preview with per-question errors, then the good questions saved together', async () => {
    const gift = [
      '::Soma:: Quanto é 2 + 2? {=4 ~3 ~5}',
      '',
      '::Quebrada:: Esta não fecha {=sim ~não',
      '',
      '::Redação:: Escreva sobre as férias. {}',
      '',
      '::Pi:: Valor de pi com duas casas? {#3.14:0.005}',
    ].join('\n');
    const preview = await a.call<{
      items: { index: number; kind: string }[];
      errors: { index: number; line: number; code: string }[];
      saved: string[];
    }>(teacher, 'POST', '/items/import/gift', { text: gift, skill_id: SKILL_2 });
    expect(preview.status).toBe(200);
    expect(preview.body.items.map((i) => [i.index, i.kind])).toEqual([
      [1, 'single'],
      [4, 'numeric'],
    ]);
    expect(preview.body.errors.map((e) => [e.index, e.line, e.code])).toEqual([
      [2, 3, 'syntax'],
      [3, 5, 'unsupported_type'],
    ]);
    expect(preview.body.saved).toEqual([]);
    const none = await a.call<Page<ItemDetail>>(teacher, 'GET', '/items?q=duas casas');
    expect(none.body.items).toEqual([]);

    const saved = await a.call<{ saved: string[] }>(teacher, 'POST', '/items/import/gift', {
      text: gift,
      skill_id: SKILL_2,
      save: true,
    });
    expect(saved.status).toBe(201);
    expect(saved.body.saved).toHaveLength(2);
    const pi = await a.call<Page<ItemDetail>>(teacher, 'GET', '/items?q=duas casas');
    expect(pi.body.items[0]).toMatchObject({
      kind: 'numeric',
      skill_id: SKILL_2,
      numeric: { answer: 3.14, tolerance: 0.005, tolerance_kind: 'absolute' },
    });

    const nothing = await a.call<Problem>(teacher, 'POST', '/items/import/gift', {
      text: '::Só erro:: {',
      save: true,
    });
    expect(nothing.status).toBe(400);
    const noSkill = await a.call<Problem>(teacher, 'POST', '/items/import/gift', {
      text: gift,
      skill_id: 'no-such-skill',
    });
    expect(noSkill.status).toBe(400);
    expect(noSkill.body.errors).toEqual([
      expect.objectContaining({ path: 'skill_id', code: 'unknown_skill' }),
    ]);
    const byStudent = await a.call<Problem>(student, 'POST', '/items/import/gift', { text: gift });
    expect(byStudent.status).toBe(403);
  });

  it("a class's practice target (0.70–0.90) moves which item is picked", async () => {
    const t2 = await signUp(t, { role: 'teacher' });
    const s2 = await signUp(t, { role: 'student' });
    const klass = await a.newClass(t2, { students: [s2] }, 'Turma alvo');
    // Three items whose difficulties give a new student (ability 0) a predicted success of about
    // 0.90, 0.80 and 0.70.
    const byDifficulty = new Map<number, string>();
    for (const d of [-2.2, -1.386, -0.85]) {
      const res = await a.call<ItemDetail>(t2, 'POST', '/items', {
        ...numeric,
        stem: `Alvo ${d}`,
        skill_id: SKILL_2,
      });
      await t.db.db
        .updateTable('exercise_items')
        .set({ difficulty: d })
        .where('id', '=', res.body.id)
        .execute();
      byDifficulty.set(d, res.body.id);
    }
    const pick = async () => (await next(s2, SKILL_2)).item?.id;
    expect(await pick()).toBe(byDifficulty.get(-1.386)); // default 0.80
    for (const [target, d] of [
      [0.9, -2.2],
      [0.7, -0.85],
    ] as const) {
      const put = await a.call(t2, 'PUT', `/classes/${klass.id}`, { practice_target: target });
      expect(put.status).toBe(200);
      expect((put.body as { practice_target: number }).practice_target).toBe(target);
      expect(await pick()).toBe(byDifficulty.get(d));
    }
    const bad = await a.call<Problem>(t2, 'PUT', `/classes/${klass.id}`, { practice_target: 0.95 });
    expect(bad.status).toBe(400);
    expect((await a.call(s2, 'PUT', `/classes/${klass.id}`, { practice_target: 0.8 })).status).toBe(
      403,
    );
  });
});
