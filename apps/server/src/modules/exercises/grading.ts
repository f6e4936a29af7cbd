import { CancellationError, ComputeEngine, type Expression } from '@cortex-js/compute-engine';
import type { Language } from '@aprenda/shared/constants';
import {
  duplicateChoiceTexts,
  type GradedResult,
  type ItemInput,
  type ItemResponse,
} from '@aprenda/shared/schemas/exercises';
import { formatDecimal, parseDecimal, thousandsReading } from '@aprenda/shared/decimal';
import { checkFormula, evaluateFormula, FORMULA_RESERVED_NAMES, FormulaError } from './formula.ts';
import {
  drawVariables,
  fillLatexPlaceholders,
  placeholderNames,
  type ResolvedItem,
  seededRandom,
} from './templates.ts';

/**
 * Grading (issue 13): items are graded on the server, against the student's own variant
 * (`resolveItem`), and the answer never reaches the client before the grade. Pure: no database.
 *
 * - `single`: correct iff the picked choice is the correct one.
 * - `multiple` (partial credit, as Moodle's "all or nothing" is too harsh and a plain count too
 *   lenient): score = max(0, (right picks − wrong picks) / number of correct choices); correct iff
 *   exactly the correct set is picked. A picked id that is not a choice of the item counts as a
 *   wrong pick.
 * - `numeric`: `parseDecimal` (comma or dot), then |x − answer| ≤ tolerance (absolute) or
 *   ≤ tolerance·|answer| (relative), plus 1e-9·|answer| + 1e-12 for float noise. An ambiguous
 *   `1.500` (thousands or decimals?) is right when either reading is (`thousandsReading`).
 * - `text`: equal to one accepted answer after `normalizeText`.
 * - `expression`: `expressionsEquivalent` (null — unreadable — is wrong, with `unparseable`).
 * A response of another kind's shape is wrong with `wrong_shape`.
 */

export { parseDecimal } from '@aprenda/shared/decimal';

export interface GradeOutcome {
  correct: boolean;
  /** 0–1: partial credit for `multiple`, else 0 or 1. */
  score: number;
  /** The item's choice ids the student picked (choice items; unknown ids left out). */
  picked: string[];
  /** Every picked choice's feedback and misconception (possibly empty strings). */
  feedback: GradedResult['feedback'];
  error?: 'unparseable' | 'wrong_shape';
}

/** `text` with case, accents, spacing and a final period ignored: "  São  Paulo. " → "sao paulo". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*\.$/, '');
}

// ---------------------------------------------------------------------------------------------
// Expressions

/** The shared engine, created on first use (~150 ms). */
let engine: ComputeEngine | null = null;
const ce = (): ComputeEngine => (engine ??= new ComputeEngine());

/**
 * The operators an answer may use once parsed (MathJSON names): school algebra, roots, logs, trig.
 * Anything else — relations (`=`, `<`: equations are not compared, see below), sums, integrals,
 * limits, factorials, lists, unknown functions such as `f(x)` — makes the expression unreadable
 * (null): the grader cannot compare it reliably and quickly.
 */
const OPERATORS = new Set(
  'Add Subtract Negate Multiply Divide Rational Power Square Sqrt Root Abs Exp Ln Log Lb Lg Sin Cos Tan Sec Csc Cot Arcsin Arccos Arctan Arccot Arcsec Arccsc Sinh Cosh Tanh Sech Csch Coth Arsinh Arcosh Artanh Degrees Complex'.split(
    ' ',
  ),
);
/** A numeric exponent above this (in absolute value) is refused: `9^{9^{9^9}}` would hang. */
const MAX_EXPONENT = 100;
/** Wall-clock budget of one comparison (the engine checks it between steps). */
const TIME_LIMIT_MS = 1500;

function supported(json: unknown): boolean {
  if (!Array.isArray(json)) return true;
  const [op, ...args] = json as [unknown, ...unknown[]];
  if (typeof op !== 'string' || !OPERATORS.has(op)) return false;
  if (op === 'Power' && typeof args[1] === 'number' && Math.abs(args[1]) > MAX_EXPONENT)
    return false;
  if (op === 'Power' && typeof args[1] === 'object' && !Array.isArray(args[1])) return false;
  return args.every(supported);
}

/**
 * A student's LaTeX as an expression, or null when unreadable. A comma (or MathLive's `{,}`)
 * between two digits is a decimal comma: `2,5x` is 2.5x (the engine would read a tuple, or 25).
 */
function read(latex: string): Expression | null {
  const source = latex.replace(/(\d)(?:\{,\}|,)(?=\d)/g, '$1.');
  if (source.trim() === '') return null;
  const expr = ce().parse(source);
  return expr.isValid && supported(expr.json) ? expr : null;
}

/** `a` and `b` equal within 1e-9 relative or 1e-12 absolute. */
function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-12 + 1e-9 * Math.max(Math.abs(a), Math.abs(b));
}

/** The value of `expr` at `point`, or null when not a finite real number there. */
function realAt(expr: Expression, point: Record<string, number>): number | null {
  const n = expr.subs(point).N();
  const re = n.re;
  const im = n.im;
  if (!Number.isFinite(re) || !Number.isFinite(im)) return null;
  return Math.abs(im) <= 1e-10 * (1 + Math.abs(re)) ? re : null;
}

/**
 * Whether two expressions (LaTeX) are mathematically equivalent: true, false, or null when either
 * cannot be read (invalid LaTeX, an unsupported operator — see `OPERATORS` —, or an equation or
 * inequality: only expressions are compared, so `y=2x` is null; ask for the right-hand side).
 *
 * 1. Both parse to the same canonical form (`2x+2` and `2(x+1)` often do): true.
 * 2. Otherwise, numerically: every variable of either side (the union, so `x+1` against `y+1`
 *    differs) takes seeded pseudo-random values, non-integer, of both signs, |v| in [0.3, 3)
 *    (so that singular points such as 0 or ±1 are never hit), at up to 24 points; a point counts
 *    only where both sides are finite real numbers (so `\ln(x^2)` and `2\ln x` agree — the
 *    negative points are skipped). One counting point where they differ: false. Six that agree
 *    (or, without variables, one): true.
 * 3. Too few counting points: `simplify()` both and compare structurally (true), else false.
 * The work is done in a scope of its own (a student's `f(x)` declares nothing in the shared
 * engine) and under a time limit; running out of time is false.
 */
export function expressionsEquivalent(studentLatex: string, answerLatex: string): boolean | null {
  const engine = ce();
  engine.pushScope();
  try {
    return engine.withTimeLimit(TIME_LIMIT_MS, () => {
      const a = read(studentLatex);
      const b = read(answerLatex);
      if (!a || !b) return null;
      if (a.isSame(b)) return true;
      const names = [...new Set([...a.unknowns, ...b.unknowns])].sort();
      const needed = names.length === 0 ? 1 : 6;
      const random = seededRandom(`${studentLatex}|${answerLatex}`);
      let counted = 0;
      for (let attempt = 0; attempt < 24 && counted < needed; attempt++) {
        const point: Record<string, number> = {};
        for (const name of names) point[name] = (random() < 0.5 ? -1 : 1) * (0.3 + 2.7 * random());
        const x = realAt(a, point);
        const y = realAt(b, point);
        if (x === null || y === null) {
          if (names.length === 0) break;
          continue;
        }
        if (!close(x, y)) return false;
        counted++;
      }
      if (counted >= needed) return true;
      return a.simplify().isSame(b.simplify());
    });
  } catch (error) {
    if (error instanceof CancellationError) return false;
    return null;
  } finally {
    engine.popScope();
  }
}

/** Whether `latex` is an expression the grader can compare (authoring check). */
export function isReadableExpression(latex: string): boolean {
  return expressionsEquivalent(latex, latex) !== null;
}

// ---------------------------------------------------------------------------------------------
// Grading

function wrongShape(): GradeOutcome {
  return { correct: false, score: 0, picked: [], feedback: [], error: 'wrong_shape' };
}

function choiceOutcome(item: ResolvedItem, ids: readonly string[]): GradeOutcome {
  const known = new Map(item.choices.map((c) => [c.id, c]));
  const unique = [...new Set(ids)];
  const picked = unique.filter((id) => known.has(id));
  const feedback = picked.map((id) => {
    const c = known.get(id)!;
    return { choice_id: id, text: c.feedback, misconception: c.misconception };
  });
  const correctIds = item.choices.filter((c) => c.correct).map((c) => c.id);
  const right = picked.filter((id) => known.get(id)!.correct).length;
  const wrong = unique.length - right;
  const correct = wrong === 0 && right === correctIds.length && correctIds.length > 0;
  if (item.kind === 'single') return { correct, score: correct ? 1 : 0, picked, feedback };
  const score = correctIds.length === 0 ? 0 : Math.max(0, (right - wrong) / correctIds.length);
  return { correct, score: correct ? 1 : score, picked, feedback };
}

function typedOutcome(correct: boolean, error?: 'unparseable'): GradeOutcome {
  return { correct, score: correct ? 1 : 0, picked: [], feedback: [], ...(error ? { error } : {}) };
}

/** Whether `x` is within the numeric spec's tolerance of `answer` (see the module comment). */
export function withinTolerance(
  x: number,
  answer: number,
  tolerance: number,
  kind: 'absolute' | 'relative',
): boolean {
  const allowed =
    (kind === 'absolute' ? tolerance : tolerance * Math.abs(answer)) +
    1e-9 * Math.abs(answer) +
    1e-12;
  return Math.abs(x - answer) <= allowed;
}

/** The grade of `response` to `item` (the student's own variant: see `resolveItem`). */
export function gradeResponse(item: ResolvedItem, response: ItemResponse): GradeOutcome {
  switch (item.kind) {
    case 'single':
      return 'choice' in response ? choiceOutcome(item, [response.choice]) : wrongShape();
    case 'multiple':
      return 'choices' in response ? choiceOutcome(item, response.choices) : wrongShape();
    default:
      break;
  }
  if (!('value' in response)) return wrongShape();
  const value = response.value;
  switch (item.kind) {
    case 'numeric': {
      const x = parseDecimal(value);
      if (x === null) return typedOutcome(false, 'unparseable');
      const spec = item.numeric;
      if (!spec || spec.answer === null) return typedOutcome(false);
      if (withinTolerance(x, spec.answer, spec.tolerance, spec.tolerance_kind)) {
        return typedOutcome(true);
      }
      // `1.500` may be a Brazilian's 1500 as well as 1.5: either reading that is right is right.
      const other = thousandsReading(value);
      return typedOutcome(
        other !== null && withinTolerance(other, spec.answer, spec.tolerance, spec.tolerance_kind),
      );
    }
    case 'text': {
      const typed = normalizeText(value);
      const accepted = item.text?.accepted ?? [];
      return typedOutcome(typed !== '' && accepted.some((a) => normalizeText(a) === typed));
    }
    case 'expression': {
      if (!item.expression) return typedOutcome(false);
      const same = expressionsEquivalent(value, item.expression.answer);
      return same === null ? typedOutcome(false, 'unparseable') : typedOutcome(same);
    }
  }
}

/** The correct answer to show after grading (choice ids; a number in the student's locale; …). */
export function correctAnswerOf(
  item: ResolvedItem,
  locale: Language = 'pt-BR',
): GradedResult['correct_answer'] {
  switch (item.kind) {
    case 'single':
    case 'multiple':
      return { choices: item.choices.filter((c) => c.correct).map((c) => c.id) };
    case 'numeric': {
      const answer = item.numeric?.answer;
      return {
        value: answer === null || answer === undefined ? '' : formatDecimal(answer, locale),
      };
    }
    case 'text':
      return { value: item.text?.accepted[0] ?? '' };
    case 'expression':
      return { value: item.expression?.answer ?? '' };
  }
}

// ---------------------------------------------------------------------------------------------
// Authoring checks

/** One problem of an item, beyond the schema: `path` into the input, `code` in snake_case. */
export interface ItemIssue {
  path: string;
  code: string;
}

/** Draws tried when checking that a formula gives a finite number for every student. */
const FORMULA_CHECK_DRAWS = 32;

/**
 * Authoring checks beyond zod (the input has passed `itemInputSchema`):
 * - a part given for another kind (`choices` on a numeric item, …): `kind_mismatch`;
 * - `single`: ≥ 2 choices (`two_choices_required`), exactly one correct
 *   (`one_correct_choice_required`); `multiple`: ≥ 2 choices, ≥ 1 correct
 *   (`correct_choice_required`); both: unique ids (`duplicate_choice_id` at `choices.<i>.id`)
 *   and texts — trimmed, case and runs of spaces ignored — (`duplicate_choice_text` at
 *   `choices.<i>.text`, on each repeat of an earlier choice);
 * - `numeric`: the part itself (`answer_required` at `numeric`); a formula only with a template
 *   (`template_required`), valid (`formula_invalid`), on the template's variables
 *   (`unknown_variable`), finite for the minimum values and 32 draws (`formula_not_finite`);
 *   without a formula, an answer (`answer_required` at `numeric.answer`);
 * - `text`: the accepted answers (`accepted_required` at `text`);
 * - `expression`: the part (`expression_required`), an answer the grader can read once each
 *   variable takes its minimum (`expression_invalid` at `expression.answer`);
 * - template variables: unique (`duplicate_variable`), not a function or constant name
 *   (`reserved_variable_name`), at `template.variables.<i>.name`;
 * - a placeholder `{{name}}` of no template variable, in any text: `unknown_variable` at that
 *   text's path (`stem`, `explanation`, `choices.<i>.text`, `choices.<i>.feedback`,
 *   `text.accepted.<i>`, `expression.answer`).
 */
export function checkItem(input: ItemInput): ItemIssue[] {
  const issues: ItemIssue[] = [];
  const add = (path: string, code: string) => issues.push({ path, code });
  const { kind, template } = input;
  const isChoice = kind === 'single' || kind === 'multiple';

  if (!isChoice && input.choices.length > 0) add('choices', 'kind_mismatch');
  if (kind !== 'numeric' && input.numeric) add('numeric', 'kind_mismatch');
  if (kind !== 'text' && input.text) add('text', 'kind_mismatch');
  if (kind !== 'expression' && input.expression) add('expression', 'kind_mismatch');

  const variables = template?.variables ?? [];
  const names = new Set<string>();
  variables.forEach((v, i) => {
    if (FORMULA_RESERVED_NAMES.includes(v.name))
      add(`template.variables.${i}.name`, 'reserved_variable_name');
    else if (names.has(v.name)) add(`template.variables.${i}.name`, 'duplicate_variable');
    names.add(v.name);
  });

  const texts: [string, string][] = [
    ['stem', input.stem],
    ['explanation', input.explanation],
    ...input.choices.flatMap((c, i): [string, string][] => [
      [`choices.${i}.text`, c.text],
      [`choices.${i}.feedback`, c.feedback],
    ]),
    ...(input.text?.accepted ?? []).map((a, i): [string, string] => [`text.accepted.${i}`, a]),
    ...(input.expression
      ? [['expression.answer', input.expression.answer] as [string, string]]
      : []),
  ];
  for (const [path, text] of texts)
    if (placeholderNames(text).some((name) => !names.has(name))) add(path, 'unknown_variable');

  if (isChoice) {
    if (input.choices.length < 2) add('choices', 'two_choices_required');
    const correct = input.choices.filter((c) => c.correct).length;
    if (kind === 'single' && correct !== 1) add('choices', 'one_correct_choice_required');
    if (kind === 'multiple' && correct === 0) add('choices', 'correct_choice_required');
    const ids = new Set<string>();
    input.choices.forEach((c, i) => {
      if (ids.has(c.id)) add(`choices.${i}.id`, 'duplicate_choice_id');
      ids.add(c.id);
    });
    for (const { index } of duplicateChoiceTexts(input.choices))
      add(`choices.${index}.text`, 'duplicate_choice_text');
  } else if (kind === 'numeric') {
    const spec = input.numeric;
    if (!spec) add('numeric', 'answer_required');
    else if (spec.formula) {
      if (!template) add('numeric.formula', 'template_required');
      else {
        const code = checkFormula(spec.formula, [...names]);
        if (code === 'unknown_variable') add('numeric.formula', 'unknown_variable');
        else if (code) add('numeric.formula', 'formula_invalid');
        else if (!finiteForEveryone(spec.formula, input))
          add('numeric.formula', 'formula_not_finite');
      }
    } else if (spec.answer === null) add('numeric.answer', 'answer_required');
  } else if (kind === 'text') {
    if (!input.text) add('text', 'accepted_required');
  } else if (kind === 'expression') {
    if (!input.expression) add('expression', 'expression_required');
    else {
      const mins = Object.fromEntries(variables.map((v) => [v.name, v.min]));
      if (!isReadableExpression(fillLatexPlaceholders(input.expression.answer, mins)))
        add('expression.answer', 'expression_invalid');
    }
  }
  return issues;
}

/** Whether a (valid) formula is finite for the minimum values and a sample of draws. */
function finiteForEveryone(formula: string, input: ItemInput): boolean {
  const template = input.template!;
  const samples = [Object.fromEntries(template.variables.map((v) => [v.name, v.min]))];
  for (let i = 0; i < FORMULA_CHECK_DRAWS; i++) samples.push(drawVariables(template, `check|${i}`));
  try {
    for (const values of samples) evaluateFormula(formula, values);
    return true;
  } catch (error) {
    if (error instanceof FormulaError) return false;
    throw error;
  }
}
