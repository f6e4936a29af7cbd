import { describe, expect, it } from 'vitest';
import { itemInputSchema, type ItemInput } from '@aprenda/shared/schemas/exercises';
import { formatDecimal } from '@aprenda/shared/decimal';
import { checkFormula, evaluateFormula, FormulaError } from '../src/modules/exercises/formula.ts';
import {
  checkItem,
  correctAnswerOf,
  expressionsEquivalent,
  gradeResponse,
  normalizeText,
  parseDecimal,
} from '../src/modules/exercises/grading.ts';
import {
  drawVariables,
  fillPlaceholders,
  type ItemSpec,
  resolveItem,
  seededRandom,
  variantSeed,
} from '../src/modules/exercises/templates.ts';
import { itemSpecOf } from '../src/modules/exercises/items.service.ts';

/**
 * Issue 13, the pure part of exercises: numbers as students type them, text and expression
 * equivalence, grading of each kind, template variants and the formula evaluator, authoring checks.
 * No database.
 */

const item = (input: Record<string, unknown>, id = 'item-1'): ItemSpec => ({
  ...itemInputSchema.parse(input),
  id,
});
const resolved = (spec: ItemSpec, seed = 'seed') => resolveItem(spec, seed);

const single = item({
  kind: 'single',
  stem: 'Capital do Brasil?',
  choices: [
    { id: 'a', text: 'Brasília', correct: true, feedback: 'Isso.' },
    { id: 'b', text: 'Rio', correct: false, feedback: 'Foi até 1960.', misconception: 'old' },
  ],
});
const multiple = item({
  kind: 'multiple',
  stem: 'Primos?',
  choices: [
    { id: 'a', text: '2', correct: true },
    { id: 'b', text: '3', correct: true },
    { id: 'c', text: '4', correct: false },
    { id: 'd', text: '5', correct: true },
  ],
});
const numeric = (answer: number, tolerance = 0, kind: 'absolute' | 'relative' = 'absolute') =>
  item({ kind: 'numeric', stem: '?', numeric: { answer, tolerance, tolerance_kind: kind } });

describe('parseDecimal', () => {
  it('reads a decimal comma or dot, signs and spaces around', () => {
    expect(parseDecimal('2,5')).toBe(2.5);
    expect(parseDecimal('2.5')).toBe(2.5);
    expect(parseDecimal('-0,75')).toBe(-0.75);
    expect(parseDecimal('  +3 ')).toBe(3);
    expect(parseDecimal('\u22124,5')).toBe(-4.5);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('5,')).toBe(5);
    expect(parseDecimal('6,02e23')).toBe(6.02e23);
    expect(parseDecimal('1.5E-3')).toBe(0.0015);
    // A dash pasted from a document.
    expect(parseDecimal('\u20134,5')).toBe(-4.5);
  });

  it('reads a fraction of whole numbers as its value, never one over zero', () => {
    expect(parseDecimal('3/4')).toBe(0.75);
    expect(parseDecimal(' -1/4 ')).toBe(-0.25);
    expect(parseDecimal('\u22121/2')).toBe(-0.5);
    expect(parseDecimal('10 / 4')).toBe(2.5);
    expect(parseDecimal('1/3')).toBe(1 / 3);
    for (const bad of ['1/0', '1/', '/2', '1,5/2', '1/2/3', '3/4 m', '1 1/2'])
      expect(parseDecimal(bad), bad).toBeNull();
  });

  it('reads thousands separators when both signs appear, or when one repeats', () => {
    expect(parseDecimal('1.234,5')).toBe(1234.5);
    expect(parseDecimal('1,234.5')).toBe(1234.5);
    expect(parseDecimal('12.345.678,9')).toBe(12345678.9);
    expect(parseDecimal('1.234.567')).toBe(1234567);
    expect(parseDecimal('1,234,567')).toBe(1234567);
    // A lone separator is the decimal one.
    expect(parseDecimal('1.234')).toBe(1.234);
    expect(parseDecimal('1,234')).toBe(1.234);
  });

  it('refuses what is not a number', () => {
    for (const bad of ['', '  ', 'abc', '1,2,3', '1.2,5', '12.34.567', '1.234,5,6', '1 234', '50%'])
      expect(parseDecimal(bad), bad).toBeNull();
    for (const bad of ['Infinity', 'NaN', '-', '.', ',', '1e', '1e999', '--1', '0x10', '2,5 m'])
      expect(parseDecimal(bad), bad).toBeNull();
  });

  it('formats back with the locale decimal sign, without float noise', () => {
    expect(formatDecimal(2.5)).toBe('2,5');
    expect(formatDecimal(2.5, 'en')).toBe('2.5');
    expect(formatDecimal(0.1 + 0.2, 'en')).toBe('0.3');
    expect(formatDecimal(-1234.5)).toBe('-1234,5');
  });
});

describe('numeric grading', () => {
  const grade = (spec: ItemSpec, value: string) => gradeResponse(resolved(spec), { value });

  it('is exact with no tolerance, up to float noise, comma or dot', () => {
    expect(grade(numeric(2.5), '2,5')).toMatchObject({ correct: true, score: 1 });
    expect(grade(numeric(2.5), '2.5').correct).toBe(true);
    expect(grade(numeric(2.51), '2,5')).toMatchObject({ correct: false, score: 0 });
    expect(grade(numeric(0.1 + 0.2), '0,3').correct).toBe(true);
    expect(grade(numeric(0), '0').correct).toBe(true);
  });

  it('an ambiguous 1.500 is right when either reading is: a Brazilian groups thousands with a dot', () => {
    expect(grade(numeric(1234), '1.234')).toMatchObject({ correct: true, score: 1 });
    expect(grade(numeric(1500), '1.500').correct).toBe(true);
    expect(grade(numeric(1500), '1,500').correct).toBe(true);
    expect(grade(numeric(-2500), '-2.500').correct).toBe(true);
    expect(grade(numeric(1.5), '1.500').correct).toBe(true);
    expect(grade(numeric(1.234), '1,234').correct).toBe(true);
    // Not ambiguous: two decimals, four digits, a second group — one reading only.
    expect(grade(numeric(1234), '1.23').correct).toBe(false);
    expect(grade(numeric(12340), '1.2340').correct).toBe(false);
    expect(grade(numeric(1234), '12.34').correct).toBe(false);
    expect(grade(numeric(1501), '1.500').correct).toBe(false);
  });

  it('absolute tolerance: edges included', () => {
    const spec = numeric(10, 0.5);
    expect(grade(spec, '10,5').correct).toBe(true);
    expect(grade(spec, '9.5').correct).toBe(true);
    expect(grade(spec, '10,51').correct).toBe(false);
    expect(grade(spec, '9,49').correct).toBe(false);
  });

  it('relative tolerance: a fraction of the answer', () => {
    const spec = numeric(200, 0.01, 'relative');
    expect(grade(spec, '202').correct).toBe(true);
    expect(grade(spec, '198').correct).toBe(true);
    expect(grade(spec, '202,01').correct).toBe(false);
    expect(grade(numeric(-200, 0.01, 'relative'), '-198').correct).toBe(true);
  });

  it('a fraction is right when its value is: 3/4 for 0,75; 1/3 within the tolerance of 0,333', () => {
    expect(grade(numeric(0.75), '3/4')).toMatchObject({ correct: true, score: 1 });
    expect(grade(numeric(0.75), '6/8').correct).toBe(true);
    expect(grade(numeric(0.75), '3/5').correct).toBe(false);
    expect(grade(numeric(0.333, 0.001), '1/3').correct).toBe(true);
    expect(grade(numeric(0.333), '1/3').correct).toBe(false);
  });

  it('an unreadable number is wrong with a code', () => {
    expect(grade(numeric(1), 'um')).toEqual({
      correct: false,
      score: 0,
      picked: [],
      feedback: [],
      error: 'unparseable',
    });
  });
});

describe('text grading', () => {
  it('ignores case, accents, spacing and a final period', () => {
    expect(normalizeText('  São   PAULO. ')).toBe('sao paulo');
    const spec = item({ kind: 'text', stem: '?', text: { accepted: ['São Paulo', 'SP'] } });
    expect(gradeResponse(resolved(spec), { value: '  sao   PAULO ' }).correct).toBe(true);
    expect(gradeResponse(resolved(spec), { value: 'sp.' }).correct).toBe(true);
    expect(gradeResponse(resolved(spec), { value: 'Santos' }).correct).toBe(false);
    expect(gradeResponse(resolved(spec), { value: '   ' }).correct).toBe(false);
  });
});

describe('expressionsEquivalent', () => {
  it('accepts equivalent forms', () => {
    expect(expressionsEquivalent('2x+2', '2(x+1)')).toBe(true);
    expect(expressionsEquivalent('\\frac{1}{2}x', 'x/2')).toBe(true);
    expect(expressionsEquivalent('0.5x', '\\frac{x}{2}')).toBe(true);
    expect(expressionsEquivalent('0,5x', '\\frac{x}{2}')).toBe(true);
    expect(expressionsEquivalent('0{,}5x', '\\frac{x}{2}')).toBe(true);
    expect(expressionsEquivalent('x^2-1', '(x-1)(x+1)')).toBe(true);
    expect(expressionsEquivalent('\\sin(x)^2+\\cos(x)^2', '1')).toBe(true);
    expect(expressionsEquivalent('x - x + y', 'y')).toBe(true);
    expect(expressionsEquivalent('\\frac{\\sqrt{2}}{2}', '\\frac{1}{\\sqrt{2}}')).toBe(true);
  });

  it('refuses different ones, and other variables', () => {
    expect(expressionsEquivalent('(x+1)^2', 'x^2+1')).toBe(false);
    expect(expressionsEquivalent('x+1', 'y+1')).toBe(false);
    expect(expressionsEquivalent('|x|', 'x')).toBe(false);
    expect(expressionsEquivalent('X', 'x')).toBe(false);
    expect(expressionsEquivalent('3.14159', '\\pi')).toBe(false);
  });

  it('null for what it cannot read: garbage, equations, unsupported operators', () => {
    expect(expressionsEquivalent('\\frac{', 'x')).toBeNull();
    expect(expressionsEquivalent('+++', 'x')).toBeNull();
    expect(expressionsEquivalent('', 'x')).toBeNull();
    expect(expressionsEquivalent('y=2x', '2x')).toBeNull();
    expect(expressionsEquivalent('f(x)', 'x')).toBeNull();
    expect(expressionsEquivalent('\\sum_{k=1}^{10^{12}} k', '1')).toBeNull();
  });

  it('stays fast on hostile input and does not leak declarations between calls', () => {
    const start = performance.now();
    expect(expressionsEquivalent('9^{9^{9^9}}', '1')).toBeNull();
    expect(expressionsEquivalent('x^{x^{x^{x^{x}}}}', 'x')).toBe(false);
    expect(performance.now() - start).toBeLessThan(3000);
    expressionsEquivalent('n(x)', 'x');
    expect(expressionsEquivalent('n+1', '1+n')).toBe(true);
  });

  it('takes a few milliseconds per call', () => {
    expressionsEquivalent('x', 'x'); // the engine's start-up
    const start = performance.now();
    for (let i = 0; i < 10; i++) expressionsEquivalent(`${i}x^2+2x`, `x(${i}x+2)`);
    const perCall = (performance.now() - start) / 10;
    expect(perCall).toBeLessThan(200);
  });

  it('grades expression items, unreadable ones with a code', () => {
    const spec = item({ kind: 'expression', stem: '?', expression: { answer: '2(x+1)' } });
    expect(gradeResponse(resolved(spec), { value: '2x+2' }).correct).toBe(true);
    expect(gradeResponse(resolved(spec), { value: '2x+1' })).toMatchObject({ correct: false });
    expect(gradeResponse(resolved(spec), { value: '\\frac{' }).error).toBe('unparseable');
    expect(correctAnswerOf(resolved(spec))).toEqual({ value: '2(x+1)' });
  });
});

describe('choice grading', () => {
  it('single: the correct choice, with the feedback of the pick', () => {
    expect(gradeResponse(resolved(single), { choice: 'a' })).toEqual({
      correct: true,
      score: 1,
      picked: ['a'],
      feedback: [{ choice_id: 'a', text: 'Isso.', misconception: '' }],
    });
    expect(gradeResponse(resolved(single), { choice: 'b' })).toMatchObject({
      correct: false,
      score: 0,
      feedback: [{ choice_id: 'b', text: 'Foi até 1960.', misconception: 'old' }],
    });
    expect(gradeResponse(resolved(single), { choice: 'zz' })).toMatchObject({
      correct: false,
      score: 0,
      picked: [],
    });
    expect(correctAnswerOf(resolved(single))).toEqual({ choices: ['a'] });
  });

  it('multiple: partial credit (right − wrong) / correct, floored at 0', () => {
    const grade = (choices: string[]) => gradeResponse(resolved(multiple), { choices });
    expect(grade(['a', 'b', 'd'])).toMatchObject({ correct: true, score: 1 });
    expect(grade(['d', 'b', 'a', 'a'])).toMatchObject({ correct: true, score: 1 });
    expect(grade(['a', 'b'])).toMatchObject({ correct: false, score: 2 / 3 });
    expect(grade(['a', 'b', 'c'])).toMatchObject({ correct: false, score: 1 / 3 });
    expect(grade(['a', 'b', 'c', 'd'])).toMatchObject({ correct: false, score: 2 / 3 });
    expect(grade(['c'])).toMatchObject({ correct: false, score: 0 });
    expect(grade([])).toMatchObject({ correct: false, score: 0 });
    expect(grade(['a', 'b', 'd', 'zz'])).toMatchObject({
      correct: false,
      score: 2 / 3,
      picked: ['a', 'b', 'd'],
    });
    // The correct choices, in the order this student saw them.
    const shown = resolved(multiple).choices.map((c) => c.id);
    const answer = correctAnswerOf(resolved(multiple)) as { choices: string[] };
    expect([...answer.choices].sort()).toEqual(['a', 'b', 'd']);
    expect(answer.choices).toEqual(shown.filter((id) => id !== 'c'));
  });

  it('a response of another shape is wrong with wrong_shape', () => {
    const wrong = { correct: false, score: 0, picked: [], feedback: [], error: 'wrong_shape' };
    expect(gradeResponse(resolved(single), { choices: ['a'] })).toEqual(wrong);
    expect(gradeResponse(resolved(single), { value: 'a' })).toEqual(wrong);
    expect(gradeResponse(resolved(multiple), { choice: 'a' })).toEqual(wrong);
    expect(gradeResponse(resolved(numeric(1)), { choice: 'a' })).toEqual(wrong);
    expect(gradeResponse(resolved(numeric(1)), { choices: [] })).toEqual(wrong);
  });
});

describe('templates', () => {
  const template = {
    variables: [
      { name: 'a', min: 1, max: 10, step: 1 },
      { name: 'b', min: -2, max: 2, step: 0.1 },
      { name: 'c', min: 0.5, max: 0.9, step: 0.25 },
    ],
  };

  it('the generator is deterministic and uniform enough', () => {
    const r1 = seededRandom('x');
    const r2 = seededRandom('x');
    const a = Array.from({ length: 5 }, r1);
    expect(Array.from({ length: 5 }, r2)).toEqual(a);
    expect(a[0]).toBeCloseTo(seededRandom('x')(), 15);
    const r = seededRandom('mean');
    let sum = 0;
    for (let i = 0; i < 10_000; i++) sum += r();
    expect(sum / 10_000).toBeGreaterThan(0.48);
    expect(sum / 10_000).toBeLessThan(0.52);
  });

  it('same seed, same values; values in range and on the step', () => {
    const seed = variantSeed('user-1', 'item-1');
    expect(seed).toBe(variantSeed('user-1', 'item-1'));
    expect(drawVariables(template, seed)).toEqual(drawVariables(template, seed));
    for (let i = 0; i < 500; i++) {
      const v = drawVariables(template, variantSeed(`user-${i}`, 'item-1'));
      expect(Number.isInteger(v.a) && v.a! >= 1 && v.a! <= 10).toBe(true);
      expect(v.b).toBeGreaterThanOrEqual(-2);
      expect(v.b).toBeLessThanOrEqual(2);
      expect(Math.abs(v.b! * 10 - Math.round(v.b! * 10))).toBeLessThan(1e-9);
      expect(String(v.b)).toMatch(/^-?\d(\.\d)?$/);
      expect([0.5, 0.75]).toContain(v.c);
    }
  });

  it('different students usually get different values', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++)
      seen.add(JSON.stringify(drawVariables(template, variantSeed(`user-${i}`, 'item-1'))));
    // 820 combinations: 200 uniform draws give ~177 distinct ones (birthday collisions).
    expect(seen.size).toBeGreaterThan(160);
    const as = new Set<number>();
    for (let i = 0; i < 200; i++) as.add(drawVariables(template, variantSeed(`u${i}`, 'i')).a!);
    expect(as.size).toBe(10);
  });

  it('fills placeholders in the locale, leaving unknown ones', () => {
    const values = { a: 2.5, b: -3 };
    expect(fillPlaceholders('{{a}} + {{ b }} = {{c}}', values)).toBe('2,5 + -3 = {{c}}');
    expect(fillPlaceholders('{{a}}', values, 'en')).toBe('2.5');
  });

  it('resolves a numeric template item: its answer from the formula', () => {
    const spec = item({
      kind: 'numeric',
      stem: 'Quanto é {{a}} × {{b}}?',
      explanation: '{{a}} vezes {{b}}.',
      numeric: { formula: 'a * b', tolerance: 0 },
      template: { variables: [template.variables[0], template.variables[1]] },
    });
    const seed = variantSeed('user-1', spec.id);
    const r = resolveItem(spec, seed);
    const { a, b } = r.values as { a: number; b: number };
    expect(r.stem).toBe(`Quanto é ${formatDecimal(a)} × ${formatDecimal(b)}?`);
    expect(r.explanation).toBe(`${formatDecimal(a)} vezes ${formatDecimal(b)}.`);
    expect(r.numeric?.answer).toBeCloseTo(a * b, 10);
    expect(resolveItem(spec, seed)).toEqual(r);
    expect(gradeResponse(r, { value: formatDecimal(a * b) }).correct).toBe(true);
    expect(correctAnswerOf(r, 'pt-BR')).toEqual({ value: formatDecimal(a * b) });
    expect(correctAnswerOf(r, 'en')).toEqual({ value: formatDecimal(a * b, 'en') });
    expect(spec.stem).toBe('Quanto é {{a}} × {{b}}?'); // not mutated
  });

  it('resolves a choice template item, and leaves a plain item unchanged', () => {
    const spec = item({
      kind: 'single',
      stem: 'Dobro de {{a}}?',
      choices: [
        { id: 'r', text: '{{a}}·2', correct: true, feedback: 'Sim, {{a}}·2.' },
        { id: 'w', text: '{{a}}+2', correct: false },
      ],
      template: { variables: [{ name: 'a', min: 3, max: 3, step: 1 }] },
    });
    const r = resolveItem(spec, 'any');
    expect(r.stem).toBe('Dobro de 3?');
    expect(r.choices.map((c) => c.text)).toEqual(['3·2', '3+2']);
    expect(r.choices[0]!.feedback).toBe('Sim, 3·2.');
    expect(resolveItem(single, 'any')).toEqual({ ...single, values: {} });
  });

  it("choices come in each student's own order, stable per student; off keeps the written order", () => {
    const choices = ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({
      id,
      text: `${i}`,
      correct: i === 0,
    }));
    const shuffledItem = item({ kind: 'single', stem: '?', choices });
    const fixed = item({ kind: 'single', stem: '?', choices, shuffle_choices: false });
    const order = (spec: ItemSpec, seed: string) =>
      resolveItem(spec, seed).choices.map((c) => c.id);
    const orders = new Set<string>();
    for (let s = 0; s < 20; s++) {
      const seed = `student-${s}:item-1`;
      expect(order(shuffledItem, seed)).toEqual(order(shuffledItem, seed));
      expect([...order(shuffledItem, seed)].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
      orders.add(order(shuffledItem, seed).join(''));
      expect(order(fixed, seed)).toEqual(['a', 'b', 'c', 'd', 'e']);
    }
    // 20 students, 120 possible orders: far more than one order shows (a 1 in 120^19 chance of not).
    expect(orders.size).toBeGreaterThan(5);
    // Grading goes by choice id, whatever the order.
    for (let s = 0; s < 5; s++) {
      const r = resolveItem(shuffledItem, `student-${s}:item-1`);
      expect(gradeResponse(r, { choice: 'a' }).correct).toBe(true);
      expect(gradeResponse(r, { choice: r.choices.find((c) => c.id !== 'a')!.id }).correct).toBe(
        false,
      );
    }
  });

  it('an item saved before the option keeps its written order', () => {
    const choices = ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id, correct: id === 'a' }));
    const row = {
      id: 'old',
      kind: 'single',
      stem: '?',
      explanation: '',
      skill_id: null,
      public: 0,
    };
    const old = itemSpecOf({ ...row, spec: JSON.stringify({ choices }) });
    expect(old.shuffle_choices).toBe(false);
    for (let s = 0; s < 10; s++) {
      expect(resolveItem(old, `student-${s}`).choices.map((c) => c.id)).toEqual([
        'a',
        'b',
        'c',
        'd',
      ]);
    }
  });

  it('fills an expression answer as LaTeX groups', () => {
    const spec = item({
      kind: 'expression',
      stem: 'Derive x^{{n}}',
      expression: { answer: '{{n}}x^{{m}}' },
      template: {
        variables: [
          { name: 'n', min: 12, max: 12, step: 1 },
          { name: 'm', min: 11, max: 11, step: 1 },
        ],
      },
    });
    const r = resolveItem(spec, 's');
    expect(r.expression?.answer).toBe('{12}x^{11}');
    expect(gradeResponse(r, { value: '12x^{11}' }).correct).toBe(true);
  });
});

describe('evaluateFormula', () => {
  const v = { a: 2, b: 3 };
  it('precedence, right-associative powers, unary minus', () => {
    expect(evaluateFormula('1 + 2 * 3', v)).toBe(7);
    expect(evaluateFormula('(1 + 2) * 3', v)).toBe(9);
    expect(evaluateFormula('2 ^ 3 ^ 2', v)).toBe(512);
    expect(evaluateFormula('-2 ^ 2', v)).toBe(-4);
    expect(evaluateFormula('2 ^ -1', v)).toBe(0.5);
    expect(evaluateFormula('--a', v)).toBe(2);
    expect(evaluateFormula('a - -b', v)).toBe(5);
    expect(evaluateFormula('10 / 4 / 5', v)).toBe(0.5);
    expect(evaluateFormula('.5 + 1.25', v)).toBe(1.75);
  });

  it('functions and pi', () => {
    expect(evaluateFormula('sqrt(a*8)', v)).toBe(4);
    expect(evaluateFormula('abs(a - b)', v)).toBe(1);
    expect(evaluateFormula('floor(-2.5) + ceil(2.1)', v)).toBe(0);
    expect(evaluateFormula('round(2.5) + round(-2.5)', v)).toBe(0);
    expect(evaluateFormula('round(1.005, 2)', v)).toBe(1.01);
    expect(evaluateFormula('min(a, b, 1)', v)).toBe(1);
    expect(evaluateFormula('max(a)', v)).toBe(2);
    expect(evaluateFormula('2 * pi', v)).toBeCloseTo(2 * Math.PI, 12);
  });

  const code = (formula: string) => {
    try {
      evaluateFormula(formula, v);
      return 'ok';
    } catch (error) {
      expect(error).toBeInstanceOf(FormulaError);
      return (error as FormulaError).code;
    }
  };

  it('typed errors', () => {
    expect(code('1 +')).toBe('syntax');
    expect(code('2a')).toBe('syntax');
    expect(code('(1')).toBe('syntax');
    expect(code('1e3')).toBe('syntax');
    expect(code('sqrt()')).toBe('syntax');
    expect(code('sqrt(1, 2)')).toBe('syntax');
    expect(code('c + 1')).toBe('unknown_variable');
    expect(code('sin(1)')).toBe('unknown_function');
    expect(code('1 / (a - 2)')).toBe('not_finite');
    expect(code('sqrt(-1)')).toBe('not_finite');
    expect(code('10 ^ 400')).toBe('not_finite');
    expect(code('('.repeat(200) + '1' + ')'.repeat(200))).toBe('syntax');
  });

  it('reaches nothing but its numbers', () => {
    expect(code('constructor')).toBe('unknown_variable');
    expect(code('toString')).toBe('unknown_variable');
    expect(code('process.exit(1)')).toBe('syntax');
    expect(code('__proto__')).toBe('syntax');
    expect(code('constructor(1)')).toBe('unknown_function');
    expect(code('a; 1')).toBe('syntax');
    expect(code('this')).toBe('unknown_variable');
    expect(code('`1`')).toBe('syntax');
  });

  it('checkFormula at authoring time', () => {
    expect(checkFormula('a * b + pi', ['a', 'b'])).toBeNull();
    expect(checkFormula('a * c', ['a', 'b'])).toBe('unknown_variable');
    expect(checkFormula('foo(a)', ['a'])).toBe('unknown_function');
    expect(checkFormula('a *', ['a'])).toBe('syntax');
    expect(checkFormula('1 / (a - a)', ['a'])).toBeNull();
  });
});

describe('checkItem', () => {
  const codes = (input: object) =>
    checkItem(itemInputSchema.parse(input) as ItemInput).map((i) => `${i.path}:${i.code}`);
  const choice = (id: string, correct: boolean) => ({ id, text: id, correct });

  it('valid items pass', () => {
    expect(codes(single)).toEqual([]);
    expect(codes(multiple)).toEqual([]);
    expect(codes(numeric(1))).toEqual([]);
    expect(codes({ kind: 'text', stem: '?', text: { accepted: ['a'] } })).toEqual([]);
    expect(codes({ kind: 'expression', stem: '?', expression: { answer: '2x' } })).toEqual([]);
  });

  it('choices', () => {
    const base = { kind: 'single', stem: '?' };
    expect(codes({ ...base, choices: [choice('a', true), choice('b', true)] })).toEqual([
      'choices:one_correct_choice_required',
    ]);
    expect(codes({ ...base, choices: [choice('a', true)] })).toEqual([
      'choices:two_choices_required',
    ]);
    expect(
      codes({ ...base, choices: [choice('a', true), { ...choice('a', false), text: 'b' }] }),
    ).toEqual(['choices.1.id:duplicate_choice_id']);
    // The same text twice: a student would see two identical options.
    expect(
      codes({ ...base, choices: [choice('a', true), { ...choice('b', false), text: ' A ' }] }),
    ).toEqual(['choices.1.text:duplicate_choice_text']);
    expect(
      codes({
        kind: 'multiple',
        stem: '?',
        choices: [
          { id: 'a', text: 'Dois  terços', correct: true },
          { id: 'b', text: 'um', correct: false },
          { id: 'c', text: 'dois terços', correct: true },
        ],
      }),
    ).toEqual(['choices.2.text:duplicate_choice_text']);
    expect(
      codes({ kind: 'multiple', stem: '?', choices: [choice('a', false), choice('b', false)] }),
    ).toEqual(['choices:correct_choice_required']);
  });

  it('parts of the kind, and of other kinds', () => {
    expect(codes({ kind: 'numeric', stem: '?' })).toEqual(['numeric:answer_required']);
    expect(codes({ kind: 'numeric', stem: '?', numeric: {} })).toEqual([
      'numeric.answer:answer_required',
    ]);
    expect(codes({ kind: 'text', stem: '?' })).toEqual(['text:accepted_required']);
    expect(codes({ kind: 'expression', stem: '?' })).toEqual(['expression:expression_required']);
    expect(codes({ kind: 'expression', stem: '?', expression: { answer: '\\frac{' } })).toEqual([
      'expression.answer:expression_invalid',
    ]);
    expect(codes({ ...numeric(1), choices: [choice('a', true), choice('b', false)] })).toEqual([
      'choices:kind_mismatch',
    ]);
    expect(codes({ ...single, numeric: { answer: 1 }, text: { accepted: ['x'] } })).toEqual([
      'numeric:kind_mismatch',
      'text:kind_mismatch',
    ]);
  });

  it('templates, formulas and placeholders', () => {
    const variables = [
      { name: 'a', min: 1, max: 5, step: 1 },
      { name: 'b', min: 0, max: 5, step: 1 },
    ];
    const t = (formula: string, extra: Record<string, unknown> = {}) =>
      codes({
        kind: 'numeric',
        stem: '{{a}} e {{b}}',
        numeric: { formula },
        template: { variables },
        ...extra,
      });
    expect(t('a + b')).toEqual([]);
    expect(t('a + c')).toEqual(['numeric.formula:unknown_variable']);
    expect(t('a +')).toEqual(['numeric.formula:formula_invalid']);
    expect(t('sin(a)')).toEqual(['numeric.formula:formula_invalid']);
    expect(t('a / b')).toEqual(['numeric.formula:formula_not_finite']);
    expect(codes({ kind: 'numeric', stem: '?', numeric: { formula: '1 + 1' } })).toEqual([
      'numeric.formula:template_required',
    ]);
    expect(t('a', { stem: '{{z}}', explanation: '{{a}}{{y}}' })).toEqual([
      'stem:unknown_variable',
      'explanation:unknown_variable',
    ]);
    expect(
      t('a', {
        template: {
          variables: [
            ...variables,
            { name: 'a', min: 0, max: 1, step: 1 },
            { name: 'pi', min: 0, max: 1, step: 1 },
          ],
        },
      }),
    ).toEqual([
      'template.variables.2.name:duplicate_variable',
      'template.variables.3.name:reserved_variable_name',
    ]);
    expect(codes({ ...single, stem: '{{a}}?' })).toEqual(['stem:unknown_variable']);
    expect(
      codes({
        kind: 'expression',
        stem: '?',
        expression: { answer: '{{n}}x^{{{n}}-1}' },
        template: { variables: [{ name: 'n', min: -3, max: 3, step: 1 }] },
      }),
    ).toEqual([]);
  });
});
