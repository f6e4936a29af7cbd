/**
 * The formula language of template items (`numeric.formula`): a small, safe arithmetic evaluator —
 * no `eval`, no `Function`, no property access, so a teacher's formula can reach nothing but the
 * numbers it is given.
 *
 * Grammar (whitespace ignored):
 *
 *     sum     = product (("+" | "-") product)*
 *     product = unary (("*" | "/") unary)*
 *     unary   = ("-" | "+") unary | power
 *     power   = primary ("^" unary)?            right-associative: 2^3^2 = 2^9
 *     primary = number | name | name "(" sum ("," sum)* ")" | "(" sum ")"
 *
 * - Numbers use a dot as the decimal separator (`2.5`, `.5`); no exponent notation (`e` could be a
 *   variable) and no implicit multiplication (`2a` is a syntax error: write `2*a`).
 * - `-2^2` is −4 (the power binds tighter than the minus, as in maths); `2^-1` is 0.5.
 * - Names: the template's variables, the constant `pi`, and the functions `sqrt abs floor ceil`
 *   (one argument), `round` (`round(x)`, or `round(x, d)` to d decimals, 0 ≤ d ≤ 15, halves away
 *   from zero), `min max` (one or more arguments). Names are case-sensitive.
 * - Every intermediate result must be a finite number: a division by zero, `sqrt(-1)` or an
 *   overflow throws `not_finite`.
 *
 * Errors are `FormulaError`s with a stable `code`; `checkFormula` reports them at authoring time
 * (without values, so it cannot see `not_finite`).
 */

export type FormulaErrorCode = 'syntax' | 'unknown_variable' | 'unknown_function' | 'not_finite';

export class FormulaError extends Error {
  readonly code: FormulaErrorCode;

  constructor(code: FormulaErrorCode, message: string) {
    super(message);
    this.name = 'FormulaError';
    this.code = code;
  }
}

/** The functions a formula may call, with their argument counts. */
const FUNCTIONS = new Map<string, { min: number; max: number; fn: (args: number[]) => number }>([
  ['sqrt', { min: 1, max: 1, fn: ([x]) => Math.sqrt(x!) }],
  ['abs', { min: 1, max: 1, fn: ([x]) => Math.abs(x!) }],
  ['floor', { min: 1, max: 1, fn: ([x]) => Math.floor(x!) }],
  ['ceil', { min: 1, max: 1, fn: ([x]) => Math.ceil(x!) }],
  ['round', { min: 1, max: 2, fn: ([x, d]) => roundHalfAway(x!, d ?? 0) }],
  ['min', { min: 1, max: Infinity, fn: (args) => Math.min(...args) }],
  ['max', { min: 1, max: Infinity, fn: (args) => Math.max(...args) }],
]);
const CONSTANTS = new Map<string, number>([['pi', Math.PI]]);

/** Names a template variable may not take (they would be shadowed by a function or constant). */
export const FORMULA_RESERVED_NAMES: readonly string[] = [...FUNCTIONS.keys(), ...CONSTANTS.keys()];

/** Nesting deeper than this is refused (a formula is at most 500 characters anyway). */
const MAX_DEPTH = 64;

type Node =
  | { type: 'num'; value: number }
  | { type: 'name'; name: string }
  | { type: 'neg'; arg: Node }
  | { type: 'bin'; op: '+' | '-' | '*' | '/' | '^'; left: Node; right: Node }
  | { type: 'call'; name: string; args: Node[] };

type Token =
  { kind: 'num'; value: number } | { kind: 'name'; name: string } | { kind: 'op'; op: string };

const TOKEN = /\s*(?:(\d+(?:\.\d*)?|\.\d+)|([A-Za-z][A-Za-z0-9_]*)|([-+*/^(),]))/y;

function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < formula.length) {
    if (/^\s*$/.test(formula.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(formula);
    if (!m) throw new FormulaError('syntax', `Unexpected character at ${at}.`);
    if (m[1] !== undefined) tokens.push({ kind: 'num', value: Number(m[1]) });
    else if (m[2] !== undefined) tokens.push({ kind: 'name', name: m[2] });
    else tokens.push({ kind: 'op', op: m[3]! });
    at = TOKEN.lastIndex;
  }
  return tokens;
}

/** Parses a formula into a tree (syntax only: names are not resolved). */
function parse(formula: string): Node {
  const tokens = tokenize(formula);
  let pos = 0;
  let depth = 0;
  const peekOp = (op: string) => {
    const t = tokens[pos];
    return t?.kind === 'op' && t.op === op;
  };
  const expect = (op: string) => {
    if (!peekOp(op)) throw new FormulaError('syntax', `Expected "${op}".`);
    pos++;
  };
  const nested = <T>(fn: () => T): T => {
    if (++depth > MAX_DEPTH) throw new FormulaError('syntax', 'The formula is nested too deeply.');
    try {
      return fn();
    } finally {
      depth--;
    }
  };

  const sum = (): Node =>
    nested(() => {
      let left = product();
      while (peekOp('+') || peekOp('-')) {
        const op = (tokens[pos++] as { op: '+' | '-' }).op;
        left = { type: 'bin', op, left, right: product() };
      }
      return left;
    });
  const product = (): Node => {
    let left = unary();
    while (peekOp('*') || peekOp('/')) {
      const op = (tokens[pos++] as { op: '*' | '/' }).op;
      left = { type: 'bin', op, left, right: unary() };
    }
    return left;
  };
  const unary = (): Node =>
    nested(() => {
      if (peekOp('-')) {
        pos++;
        return { type: 'neg', arg: unary() };
      }
      if (peekOp('+')) {
        pos++;
        return unary();
      }
      return power();
    });
  const power = (): Node => {
    const base = primary();
    if (!peekOp('^')) return base;
    pos++;
    return { type: 'bin', op: '^', left: base, right: unary() };
  };
  const primary = (): Node => {
    const t = tokens[pos++];
    if (!t) throw new FormulaError('syntax', 'Unexpected end of the formula.');
    if (t.kind === 'num') return { type: 'num', value: t.value };
    if (t.kind === 'name') {
      if (!peekOp('(')) return { type: 'name', name: t.name };
      pos++;
      const args = [sum()];
      while (peekOp(',')) {
        pos++;
        args.push(sum());
      }
      expect(')');
      return { type: 'call', name: t.name, args };
    }
    if (t.op === '(') {
      const inner = sum();
      expect(')');
      return inner;
    }
    throw new FormulaError('syntax', `Unexpected "${t.op}".`);
  };

  const tree = sum();
  if (pos < tokens.length) throw new FormulaError('syntax', 'Unexpected text after the formula.');
  return tree;
}

/** Checks the names of a tree: variables among `known` (or constants), functions known, arity. */
function checkNames(node: Node, known: (name: string) => boolean): void {
  switch (node.type) {
    case 'num':
      return;
    case 'name':
      if (!CONSTANTS.has(node.name) && !known(node.name))
        throw new FormulaError('unknown_variable', `Unknown variable "${node.name}".`);
      return;
    case 'neg':
      return checkNames(node.arg, known);
    case 'bin':
      checkNames(node.left, known);
      return checkNames(node.right, known);
    case 'call': {
      const f = FUNCTIONS.get(node.name);
      if (!f) throw new FormulaError('unknown_function', `Unknown function "${node.name}".`);
      if (node.args.length < f.min || node.args.length > f.max)
        throw new FormulaError('syntax', `Wrong number of arguments to "${node.name}".`);
      for (const arg of node.args) checkNames(arg, known);
    }
  }
}

function finite(x: number): number {
  if (!Number.isFinite(x))
    throw new FormulaError('not_finite', 'The result is not a finite number.');
  return x;
}

function evaluate(node: Node, values: Record<string, number>): number {
  switch (node.type) {
    case 'num':
      return node.value;
    case 'name':
      return finite(CONSTANTS.get(node.name) ?? values[node.name]!);
    case 'neg':
      return -evaluate(node.arg, values);
    case 'bin': {
      const a = evaluate(node.left, values);
      const b = evaluate(node.right, values);
      if (node.op === '+') return finite(a + b);
      if (node.op === '-') return finite(a - b);
      if (node.op === '*') return finite(a * b);
      if (node.op === '/') return finite(a / b);
      return finite(a ** b);
    }
    case 'call':
      return finite(FUNCTIONS.get(node.name)!.fn(node.args.map((arg) => evaluate(arg, values))));
  }
}

/**
 * `x` rounded to `digits` decimals (a whole number 0–15), halves away from zero. The scaled value
 * is first cut to 12 significant digits so that binary noise (1.005 × 100 = 100.4999…) does not
 * decide the rounding.
 */
function roundHalfAway(x: number, digits: number): number {
  if (!Number.isInteger(digits) || digits < 0 || digits > 15)
    throw new FormulaError('not_finite', 'round(x, d) needs a whole number d from 0 to 15.');
  const scale = 10 ** digits;
  const scaled = Number((Math.abs(x) * scale).toPrecision(12));
  return (Math.sign(x) * Math.round(scaled)) / scale;
}

/** The value of `formula` with `values` for its variables; throws a `FormulaError`. */
export function evaluateFormula(formula: string, values: Record<string, number>): number {
  const tree = parse(formula);
  checkNames(tree, (name) => Object.hasOwn(values, name) && typeof values[name] === 'number');
  return evaluate(tree, values);
}

/**
 * Authoring-time check of a formula over the template's variable names: null when it parses and
 * names only known variables, constants and functions (with the right number of arguments), else
 * the error code. It cannot see `not_finite` (that depends on the drawn values).
 */
export function checkFormula(
  formula: string,
  variableNames: readonly string[],
): Exclude<FormulaErrorCode, 'not_finite'> | null {
  try {
    const names = new Set(variableNames);
    checkNames(parse(formula), (name) => names.has(name));
    return null;
  } catch (error) {
    if (error instanceof FormulaError && error.code !== 'not_finite') return error.code;
    throw error;
  }
}
