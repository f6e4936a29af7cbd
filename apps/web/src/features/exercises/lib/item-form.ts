import { parseDecimal } from '@aprenda/shared/decimal';
import type { FieldError } from '@aprenda/shared/errors';
import {
  ITEM_ACCEPTED_ANSWER_MAX,
  ITEM_ACCEPTED_MAX,
  ITEM_CHOICE_MAX,
  ITEM_CHOICES_MAX,
  ITEM_CHOICES_MIN,
  ITEM_EXPLANATION_MAX,
  ITEM_EXPRESSION_MAX,
  ITEM_FEEDBACK_MAX,
  ITEM_FORMULA_MAX,
  ITEM_MISCONCEPTION_MAX,
  ITEM_STEM_MAX,
  TEMPLATE_VARIABLE_NAME,
  TEMPLATE_VARIABLES_MAX,
  duplicateChoiceTexts,
  type ItemDetail,
  type ItemInput,
  type ItemKind,
} from '@aprenda/shared/schemas/exercises';
import { TEMPLATE_PLACEHOLDER } from './item-text';

/**
 * The item editor's state and its checks (docs/api/exercises.md). The form keeps every kind's part
 * while the kind changes, so nothing typed is lost; `toItemInput` sends only the chosen kind's.
 * Numbers are kept as typed (a decimal comma is fine) until they are sent. The checks mirror the
 * server's codes so a fault shows before sending, and the server's 400 lands on the same fields
 * (`serverErrors`). Errors are codes with values here; the editor translates them
 * (`exercises:editor.errors.<code>`).
 */

export interface ChoiceForm {
  /** The choice's id in the item (kept when edited or reordered). */
  id: string;
  text: string;
  correct: boolean;
  feedback: string;
  misconception: string;
}

export interface VariableForm {
  /** React's key only (never sent). */
  key: string;
  name: string;
  min: string;
  max: string;
  step: string;
}

export type ToleranceKind = 'absolute' | 'relative';

export interface ItemFormValues {
  kind: ItemKind;
  stem: string;
  explanation: string;
  skill_id: string | null;
  public: boolean;
  /** Choice items: each student gets their own order of the choices. */
  shuffleChoices: boolean;
  choices: ChoiceForm[];
  answer: string;
  tolerance: string;
  toleranceKind: ToleranceKind;
  formula: string;
  accepted: string[];
  expression: string;
  templateOn: boolean;
  variables: VariableForm[];
}

/** One fault: a code (`exercises:editor.errors.<code>`) and its values (`max`, `names`). */
export interface FormIssue {
  code: string;
  values?: Record<string, string | number>;
}

/**
 * Faults by field: `stem`, `explanation`, `skill_id`, `choices` (the list), `choices.N.text|
 * feedback|misconception`, `numeric.answer|tolerance|formula`, `text.accepted` (the list),
 * `text.accepted.N`, `expression.answer`, `template` (the list), `template.variables.N.name|min|
 * max|step`, and `form` for a fault that belongs to no field.
 */
export type FormErrors = Record<string, FormIssue>;

/** Function and constant names a formula reserves (the server's FORMULA_RESERVED_NAMES). */
export const RESERVED_NAMES = ['sqrt', 'abs', 'floor', 'ceil', 'round', 'min', 'max', 'pi'];

let keySeq = 0;
function nextKey(): string {
  keySeq += 1;
  return `v${keySeq}`;
}

/** A choice id not used yet: `a`, `b`, … `z`, then `c27`, `c28`… */
export function newChoiceId(choices: Pick<ChoiceForm, 'id'>[]): string {
  const used = new Set(choices.map((c) => c.id));
  for (let i = 0; i < 26; i++) {
    const id = String.fromCharCode(97 + i);
    if (!used.has(id)) return id;
  }
  let n = 27;
  while (used.has(`c${n}`)) n += 1;
  return `c${n}`;
}

export function emptyChoice(choices: Pick<ChoiceForm, 'id'>[]): ChoiceForm {
  return { id: newChoiceId(choices), text: '', correct: false, feedback: '', misconception: '' };
}

export function emptyVariable(): VariableForm {
  return { key: nextKey(), name: '', min: '1', max: '10', step: '1' };
}

function numberText(n: number | null | undefined): string {
  return n === null || n === undefined ? '' : String(n);
}

export function itemFormValues(item?: ItemDetail): ItemFormValues {
  const first = emptyChoice([]);
  return {
    kind: item?.kind ?? 'single',
    stem: item?.stem ?? '',
    explanation: item?.explanation ?? '',
    skill_id: item?.skill_id ?? null,
    public: item?.public ?? false,
    shuffleChoices: item?.shuffle_choices ?? true,
    choices:
      item && item.choices.length > 0
        ? item.choices.map((c) => ({ ...c }))
        : [first, emptyChoice([first])],
    answer: numberText(item?.numeric?.answer),
    tolerance: item?.numeric ? numberText(item.numeric.tolerance) : '0',
    toleranceKind: item?.numeric?.tolerance_kind ?? 'absolute',
    formula: item?.numeric?.formula ?? '',
    accepted: item?.text?.accepted.length ? [...item.text.accepted] : [''],
    expression: item?.expression?.answer ?? '',
    templateOn: (item?.template?.variables.length ?? 0) > 0,
    variables: item?.template?.variables.map((v) => ({
      key: nextKey(),
      name: v.name,
      min: String(v.min),
      max: String(v.max),
      step: String(v.step),
    })) ?? [emptyVariable()],
  };
}

/** The values for "Salvar e criar outra": the same kind, skill and visibility, the rest empty. */
export function nextItemValues(values: ItemFormValues): ItemFormValues {
  return {
    ...itemFormValues(),
    kind: values.kind,
    skill_id: values.skill_id,
    public: values.public,
    shuffleChoices: values.shuffleChoices,
  };
}

export function isChoiceKind(kind: ItemKind): boolean {
  return kind === 'single' || kind === 'multiple';
}

/** Mark a choice correct: the only one for `single`, toggled for `multiple`. */
export function markCorrect(values: ItemFormValues, index: number): ChoiceForm[] {
  return values.choices.map((c, i) =>
    values.kind === 'single'
      ? { ...c, correct: i === index }
      : i === index
        ? { ...c, correct: !c.correct }
        : c,
  );
}

/** The list with the item at `from` moved to `to` (out of range: unchanged). */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The letter a choice shows as in the editor (A, B, …), by its place in the list. */
function choiceLetterOf(index: number): string {
  return String.fromCharCode(65 + index);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(TEMPLATE_PLACEHOLDER)].map((m) => m[1]!);
}

function identifiers(formula: string): string[] {
  const withoutNumbers = formula.replace(/(\d+\.?\d*|\.\d+)(e[-+]?\d+)?/gi, ' ');
  return withoutNumbers.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
}

/** The editor's checks before sending (the server makes the same ones and more). */
export function validateItemForm(values: ItemFormValues): FormErrors {
  const errors: FormErrors = {};
  const add = (path: string, code: string, extra?: Record<string, string | number>) => {
    if (!errors[path]) errors[path] = extra ? { code, values: extra } : { code };
  };
  const length = (path: string, text: string, max: number, required: boolean) => {
    if (required && !text.trim()) add(path, 'required');
    else if (text.trim().length > max) add(path, 'too_long', { max });
  };
  const { kind } = values;
  const template = values.templateOn;

  length('stem', values.stem, ITEM_STEM_MAX, true);
  length('explanation', values.explanation, ITEM_EXPLANATION_MAX, false);

  const names = new Set<string>();
  if (template) {
    if (values.variables.length === 0) add('template', 'variables_required');
    if (values.variables.length > TEMPLATE_VARIABLES_MAX)
      add('template', 'too_many_variables', { max: TEMPLATE_VARIABLES_MAX });
    values.variables.forEach((v, i) => {
      const p = `template.variables.${i}`;
      const name = v.name.trim();
      if (!name) add(`${p}.name`, 'required');
      else if (!TEMPLATE_VARIABLE_NAME.test(name)) add(`${p}.name`, 'variable_name_invalid');
      else if (RESERVED_NAMES.includes(name)) add(`${p}.name`, 'reserved_variable_name');
      else if (names.has(name)) add(`${p}.name`, 'duplicate_variable');
      names.add(name);
      const min = parseDecimal(v.min);
      const max = parseDecimal(v.max);
      const step = parseDecimal(v.step);
      if (min === null) add(`${p}.min`, 'number_invalid');
      if (max === null) add(`${p}.max`, 'number_invalid');
      else if (min !== null && max < min) add(`${p}.max`, 'max_below_min');
      if (step === null || step <= 0) add(`${p}.step`, 'step_invalid');
    });
  }

  const checkPlaceholders = (path: string, text: string) => {
    const unknown = placeholders(text).filter((n) => !names.has(n));
    if (unknown.length > 0) add(path, 'unknown_variable', { names: unknown.join(', ') });
  };
  checkPlaceholders('stem', values.stem);
  checkPlaceholders('explanation', values.explanation);

  if (isChoiceKind(kind)) {
    if (values.choices.length < ITEM_CHOICES_MIN) add('choices', 'two_choices_required');
    if (values.choices.length > ITEM_CHOICES_MAX)
      add('choices', 'too_many_choices', { max: ITEM_CHOICES_MAX });
    values.choices.forEach((c, i) => {
      length(`choices.${i}.text`, c.text, ITEM_CHOICE_MAX, true);
      length(`choices.${i}.feedback`, c.feedback, ITEM_FEEDBACK_MAX, false);
      length(`choices.${i}.misconception`, c.misconception, ITEM_MISCONCEPTION_MAX, false);
      checkPlaceholders(`choices.${i}.text`, c.text);
      checkPlaceholders(`choices.${i}.feedback`, c.feedback);
    });
    // Two choices a student would read as the same (the server refuses them too).
    for (const { index, first } of duplicateChoiceTexts(values.choices))
      add(`choices.${index}.text`, 'duplicate_choice_text', { letter: choiceLetterOf(first) });
    const correct = values.choices.filter((c) => c.correct).length;
    if (kind === 'single' && correct !== 1) add('choices', 'one_correct_choice_required');
    if (kind === 'multiple' && correct === 0) add('choices', 'correct_choice_required');
  } else if (kind === 'numeric') {
    if (template) {
      length('numeric.formula', values.formula, ITEM_FORMULA_MAX, true);
      const unknown = identifiers(values.formula).filter(
        (n) => !names.has(n) && !RESERVED_NAMES.includes(n),
      );
      if (unknown.length > 0)
        add('numeric.formula', 'unknown_variable', { names: unknown.join(', ') });
    } else if (!values.answer.trim()) add('numeric.answer', 'answer_required');
    else if (parseDecimal(values.answer) === null) add('numeric.answer', 'number_invalid');
    const tolerance = parseDecimal(values.tolerance || '0');
    if (tolerance === null || tolerance < 0) add('numeric.tolerance', 'tolerance_invalid');
  } else if (kind === 'text') {
    const filled = values.accepted.filter((a) => a.trim());
    if (filled.length === 0) add('text.accepted', 'accepted_required');
    if (filled.length > ITEM_ACCEPTED_MAX)
      add('text.accepted', 'too_many_accepted', { max: ITEM_ACCEPTED_MAX });
    values.accepted.forEach((a, i) => {
      length(`text.accepted.${i}`, a, ITEM_ACCEPTED_ANSWER_MAX, false);
      checkPlaceholders(`text.accepted.${i}`, a);
    });
  } else {
    if (!values.expression.trim()) add('expression.answer', 'expression_required');
    else length('expression.answer', values.expression, ITEM_EXPRESSION_MAX, false);
    checkPlaceholders('expression.answer', values.expression);
  }
  return errors;
}

/** The item to send (call after `validateItemForm` found nothing). */
export function toItemInput(values: ItemFormValues): ItemInput {
  const { kind } = values;
  const template = values.templateOn
    ? {
        variables: values.variables.map((v) => ({
          name: v.name.trim(),
          min: parseDecimal(v.min) ?? 0,
          max: parseDecimal(v.max) ?? 0,
          step: parseDecimal(v.step) ?? 1,
        })),
      }
    : null;
  return {
    kind,
    stem: values.stem.trim(),
    explanation: values.explanation.trim(),
    skill_id: values.skill_id,
    public: values.public,
    shuffle_choices: isChoiceKind(kind) ? values.shuffleChoices : true,
    choices: isChoiceKind(kind)
      ? values.choices.map((c) => ({
          id: c.id,
          text: c.text.trim(),
          correct: c.correct,
          feedback: c.feedback.trim(),
          misconception: c.misconception.trim(),
        }))
      : [],
    numeric:
      kind === 'numeric'
        ? {
            answer: template ? null : parseDecimal(values.answer),
            formula: template ? values.formula.trim() : null,
            tolerance: parseDecimal(values.tolerance || '0') ?? 0,
            tolerance_kind: values.toleranceKind,
          }
        : null,
    text:
      kind === 'text'
        ? { accepted: values.accepted.map((a) => a.trim()).filter((a) => a.length > 0) }
        : null,
    expression: kind === 'expression' ? { answer: values.expression.trim() } : null,
    template,
  };
}

/** Where a server path shows in the form (a path of the whole list goes on the list). */
export function formPathOf(path: string, values: ItemFormValues): string {
  if (path === 'numeric') return values.templateOn ? 'numeric.formula' : 'numeric.answer';
  if (path === 'text' || path === 'text.accepted') return 'text.accepted';
  if (path === 'expression') return 'expression.answer';
  if (path === 'template' || path === 'template.variables') return 'template';
  const choice = /^choices\.(\d+)\.(text|feedback|misconception)$/.exec(path);
  if (choice) return path;
  if (path.startsWith('choices')) return 'choices';
  const variable = /^template\.variables\.(\d+)\.(name|min|max|step)$/.exec(path);
  if (variable) return path;
  if (path.startsWith('template')) return 'template';
  const accepted = /^text\.accepted\.(\d+)$/.exec(path);
  if (accepted) {
    // The server counts the non-empty answers; the form shows the empty ones too.
    const filled = values.accepted.map((a, i) => (a.trim() ? i : -1)).filter((i) => i >= 0);
    const at = filled[Number(accepted[1])];
    return at === undefined ? 'text.accepted' : `text.accepted.${at}`;
  }
  if (['stem', 'explanation', 'skill_id'].includes(path)) return path;
  if (/^numeric\.(answer|formula|tolerance)$/.test(path)) return path;
  if (path === 'expression.answer') return path;
  return 'form';
}

const SERVER_MAX: Record<string, number> = {
  stem: ITEM_STEM_MAX,
  explanation: ITEM_EXPLANATION_MAX,
  'numeric.formula': ITEM_FORMULA_MAX,
  'expression.answer': ITEM_EXPRESSION_MAX,
};

/** The server's 400 `errors[]` on the form's fields, as codes the editor translates. */
export function serverErrors(errors: FieldError[], values: ItemFormValues): FormErrors {
  const out: FormErrors = {};
  for (const error of errors) {
    const path = formPathOf(error.path, values);
    if (out[path]) continue;
    const { code } = error;
    if (code === 'too_big') {
      const max = error.maximum ?? SERVER_MAX[path];
      out[path] =
        path === 'choices' || path === 'template' || path === 'text.accepted'
          ? { code: 'too_many', values: { max: max ?? 0 } }
          : { code: 'too_long', values: { max: max ?? 0 } };
    } else if (code === 'too_small') {
      out[path] = { code: path === 'choices' ? 'two_choices_required' : 'required' };
    } else if (code === 'max_below_min' || error.message === 'max_below_min') {
      out[path] = { code: 'max_below_min' };
    } else if (code === 'duplicate_choice_text') {
      // The server names the repeat; the form names the choice it repeats.
      const index = Number(/^choices\.(\d+)\.text$/.exec(path)?.[1] ?? -1);
      const first = duplicateChoiceTexts(values.choices).find((d) => d.index === index)?.first;
      out[path] =
        first === undefined
          ? { code: 'duplicate_choice_text_any' }
          : { code, values: { letter: choiceLetterOf(first) } };
    } else if (KNOWN_CODES.has(code)) {
      out[path] = { code };
    } else {
      out[path] = { code: 'invalid' };
    }
  }
  return out;
}

/** Codes with a sentence of their own in `exercises:editor.errors`. */
const KNOWN_CODES = new Set([
  'one_correct_choice_required',
  'correct_choice_required',
  'two_choices_required',
  'duplicate_choice_id',
  'duplicate_choice_text',
  'answer_required',
  'formula_invalid',
  'formula_not_finite',
  'unknown_variable',
  'duplicate_variable',
  'reserved_variable_name',
  'template_required',
  'accepted_required',
  'expression_required',
  'expression_invalid',
  'kind_mismatch',
  'unknown_skill',
]);

/** Every code the editor may show (the translation files carry one sentence each). */
export const FORM_ERROR_CODES = [
  ...KNOWN_CODES,
  'duplicate_choice_text_any',
  'required',
  'too_long',
  'too_many',
  'too_many_choices',
  'too_many_accepted',
  'too_many_variables',
  'variables_required',
  'variable_name_invalid',
  'number_invalid',
  'tolerance_invalid',
  'max_below_min',
  'step_invalid',
  'invalid',
] as const;

/** The first field at fault in the form's order (to focus it). */
export function firstErrorPath(errors: FormErrors): string | null {
  const order = [
    'stem',
    'choices',
    'numeric.answer',
    'numeric.formula',
    'numeric.tolerance',
    'text.accepted',
    'expression.answer',
    'template',
    'explanation',
    'skill_id',
    'form',
  ];
  const keys = Object.keys(errors);
  if (keys.length === 0) return null;
  const rank = (k: string) => {
    const i = order.findIndex((o) => k === o || k.startsWith(`${o}.`));
    return i === -1 ? order.length : i;
  };
  return [...keys].sort((a, b) => rank(a) - rank(b))[0]!;
}
