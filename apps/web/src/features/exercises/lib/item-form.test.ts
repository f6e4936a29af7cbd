import { describe, expect, it } from 'vitest';
import type { ItemDetail } from '@aprenda/shared/schemas/exercises';
import {
  firstErrorPath,
  itemFormValues,
  markCorrect,
  move,
  newChoiceId,
  nextItemValues,
  serverErrors,
  toItemInput,
  validateItemForm,
  type ItemFormValues,
} from './item-form';

function single(patch: Partial<ItemFormValues> = {}): ItemFormValues {
  const v = itemFormValues();
  return {
    ...v,
    stem: 'Quanto é $2+2$?',
    choices: [
      { id: 'a', text: '4', correct: true, feedback: 'Isso!', misconception: '' },
      { id: 'b', text: '5', correct: false, feedback: '', misconception: 'conta a mais' },
    ],
    ...patch,
  };
}

function numericTemplate(patch: Partial<ItemFormValues> = {}): ItemFormValues {
  return {
    ...itemFormValues(),
    kind: 'numeric',
    stem: 'Quanto é {{a}} + {{b}}?',
    templateOn: true,
    formula: 'a + b',
    variables: [
      { key: 'k1', name: 'a', min: '1', max: '9', step: '1' },
      { key: 'k2', name: 'b', min: '1', max: '9', step: '1' },
    ],
    ...patch,
  };
}

describe('choices', () => {
  it('gives unused ids and keeps one correct choice for single', () => {
    expect(newChoiceId([{ id: 'a' }, { id: 'c' }])).toBe('b');
    const v = single();
    expect(markCorrect(v, 1).map((c) => c.correct)).toEqual([false, true]);
    const m = { ...v, kind: 'multiple' as const };
    expect(markCorrect(m, 1).map((c) => c.correct)).toEqual([true, true]);
    expect(markCorrect(m, 0).map((c) => c.correct)).toEqual([false, false]);
  });

  it('moves within bounds only', () => {
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
});

describe('validateItemForm', () => {
  it('accepts a complete single-choice item and sends only its part', () => {
    const v = single({ answer: '3', accepted: ['x'], expression: 'x' });
    expect(validateItemForm(v)).toEqual({});
    const input = toItemInput(v);
    expect(input.kind).toBe('single');
    expect(input.choices).toHaveLength(2);
    expect(input.numeric).toBeNull();
    expect(input.text).toBeNull();
    expect(input.expression).toBeNull();
    expect(input.template).toBeNull();
  });

  it('asks for exactly one correct choice (single) and at least one (multiple)', () => {
    const none = single({
      choices: single().choices.map((c) => ({ ...c, correct: false })),
    });
    expect(validateItemForm(none).choices?.code).toBe('one_correct_choice_required');
    expect(validateItemForm({ ...none, kind: 'multiple' }).choices?.code).toBe(
      'correct_choice_required',
    );
  });

  it('finds empty stem and choice texts, long texts and too few choices', () => {
    const v = single({ stem: '  ', choices: [{ ...single().choices[0]!, text: '' }] });
    const errors = validateItemForm(v);
    expect(errors.stem?.code).toBe('required');
    expect(errors['choices.0.text']?.code).toBe('required');
    expect(errors.choices?.code).toBe('two_choices_required');
    const long = validateItemForm(single({ explanation: 'x'.repeat(10_001) }));
    expect(long.explanation).toEqual({ code: 'too_long', values: { max: 10_000 } });
  });

  it('checks numeric answers and tolerances', () => {
    const v = { ...single(), kind: 'numeric' as const, answer: '', tolerance: '-1' };
    const errors = validateItemForm(v);
    expect(errors['numeric.answer']?.code).toBe('answer_required');
    expect(errors['numeric.tolerance']?.code).toBe('tolerance_invalid');
    expect(validateItemForm({ ...v, answer: 'dois', tolerance: '0' })['numeric.answer']?.code).toBe(
      'number_invalid',
    );
    // The teacher's answer is read as a student's is (parseDecimal): grouped thousands, fractions.
    expect(toItemInput({ ...v, answer: '1.234,5', tolerance: '0' }).numeric?.answer).toBe(1234.5);
    expect(toItemInput({ ...v, answer: '1/3', tolerance: '0' }).numeric?.answer).toBe(1 / 3);
    expect(validateItemForm({ ...v, answer: '1/0', tolerance: '0' })['numeric.answer']?.code).toBe(
      'number_invalid',
    );
    const ok = { ...v, answer: '2,5', tolerance: '0,1', toleranceKind: 'relative' as const };
    expect(validateItemForm(ok)).toEqual({});
    expect(toItemInput(ok).numeric).toEqual({
      answer: 2.5,
      formula: null,
      tolerance: 0.1,
      tolerance_kind: 'relative',
    });
  });

  it('checks a template: names, ranges, placeholders and the formula', () => {
    expect(validateItemForm(numericTemplate())).toEqual({});
    const input = toItemInput(numericTemplate());
    expect(input.numeric?.formula).toBe('a + b');
    expect(input.numeric?.answer).toBeNull();
    expect(input.template?.variables[0]).toEqual({ name: 'a', min: 1, max: 9, step: 1 });

    const bad = numericTemplate({
      stem: 'Quanto é {{a}} + {{c}}?',
      formula: 'a + z * sqrt(b) + 1e3',
      variables: [
        { key: 'k1', name: 'a', min: '5', max: '1', step: '0' },
        { key: 'k2', name: 'pi', min: '1', max: '9', step: '1' },
        { key: 'k3', name: 'a', min: 'x', max: '9', step: '1' },
        { key: 'k4', name: '1x', min: '1', max: '9', step: '1' },
      ],
    });
    const errors = validateItemForm(bad);
    expect(errors.stem).toEqual({ code: 'unknown_variable', values: { names: 'c' } });
    expect(errors['numeric.formula']).toEqual({
      code: 'unknown_variable',
      values: { names: 'z, b' },
    });
    expect(errors['template.variables.0.max']?.code).toBe('max_below_min');
    expect(errors['template.variables.0.step']?.code).toBe('step_invalid');
    expect(errors['template.variables.1.name']?.code).toBe('reserved_variable_name');
    expect(errors['template.variables.2.name']?.code).toBe('duplicate_variable');
    expect(errors['template.variables.2.min']?.code).toBe('number_invalid');
    expect(errors['template.variables.3.name']?.code).toBe('variable_name_invalid');
  });

  it('refuses placeholders without a template', () => {
    const errors = validateItemForm(single({ stem: 'Quanto é {{a}}?' }));
    expect(errors.stem?.code).toBe('unknown_variable');
  });

  it('checks accepted answers and expressions', () => {
    const text = { ...single(), kind: 'text' as const, accepted: ['', '  '] };
    expect(validateItemForm(text)['text.accepted']?.code).toBe('accepted_required');
    const filled = { ...text, accepted: ['', ' Brasília '] };
    expect(validateItemForm(filled)).toEqual({});
    expect(toItemInput(filled).text).toEqual({ accepted: ['Brasília'] });
    const expr = { ...single(), kind: 'expression' as const, expression: '' };
    expect(validateItemForm(expr)['expression.answer']?.code).toBe('expression_required');
  });
});

describe('duplicate choices', () => {
  it('finds a choice that repeats another (trimmed, case and spaces ignored), keeping the text', () => {
    const v = single({
      choices: [
        { id: 'a', text: '7', correct: true, feedback: '', misconception: '' },
        { id: 'b', text: ' 7 ', correct: false, feedback: '', misconception: '' },
        { id: 'c', text: 'Sete  mil', correct: false, feedback: '', misconception: '' },
        { id: 'd', text: 'sete mil', correct: false, feedback: '', misconception: '' },
        { id: 'e', text: '', correct: false, feedback: '', misconception: '' },
        { id: 'f', text: '  ', correct: false, feedback: '', misconception: '' },
      ],
    });
    const errors = validateItemForm(v);
    expect(errors['choices.0.text']).toBeUndefined();
    expect(errors['choices.1.text']).toEqual({
      code: 'duplicate_choice_text',
      values: { letter: 'A' },
    });
    expect(errors['choices.2.text']).toBeUndefined();
    expect(errors['choices.3.text']).toEqual({
      code: 'duplicate_choice_text',
      values: { letter: 'C' },
    });
    // Empty choices are "required", not repeats of each other.
    expect(errors['choices.4.text']?.code).toBe('required');
    expect(errors['choices.5.text']?.code).toBe('required');
    // Multiple choice too.
    const multiple = validateItemForm({ ...v, kind: 'multiple' });
    expect(multiple['choices.1.text']?.code).toBe('duplicate_choice_text');
    // Distinct texts pass.
    expect(validateItemForm(single())).toEqual({});
  });

  it("puts the server's duplicate_choice_text on the repeat, naming the choice it repeats", () => {
    const v = single({
      choices: [
        { id: 'a', text: '7', correct: true, feedback: '', misconception: '' },
        { id: 'b', text: '8', correct: false, feedback: '', misconception: '' },
        { id: 'c', text: '7', correct: false, feedback: '', misconception: '' },
      ],
    });
    const errors = serverErrors(
      [{ path: 'choices.2.text', code: 'duplicate_choice_text', message: '' }],
      v,
    );
    expect(errors['choices.2.text']).toEqual({
      code: 'duplicate_choice_text',
      values: { letter: 'A' },
    });
    // The form changed meanwhile: still a sentence of its own.
    expect(
      serverErrors([{ path: 'choices.1.text', code: 'duplicate_choice_text', message: '' }], v)[
        'choices.1.text'
      ]?.code,
    ).toBe('duplicate_choice_text_any');
  });
});

describe('serverErrors', () => {
  it('puts the server codes on the form fields', () => {
    const v = numericTemplate({ accepted: ['', 'x'] });
    const errors = serverErrors(
      [
        { path: 'choices', code: 'one_correct_choice_required', message: '' },
        { path: 'numeric.formula', code: 'formula_not_finite', message: '' },
        { path: 'numeric', code: 'answer_required', message: '' },
        { path: 'template.variables.1.name', code: 'duplicate_variable', message: '' },
        { path: 'skill_id', code: 'unknown_skill', message: '' },
        { path: 'stem', code: 'too_big', message: '', maximum: 10_000 },
        { path: 'text.accepted.0', code: 'unknown_variable', message: '' },
        { path: 'choices.0.id', code: 'duplicate_choice_id', message: '' },
        { path: 'something', code: 'weird', message: '' },
      ],
      v,
    );
    expect(errors.choices?.code).toBe('one_correct_choice_required');
    expect(errors['numeric.formula']?.code).toBe('formula_not_finite');
    expect(errors['template.variables.1.name']?.code).toBe('duplicate_variable');
    expect(errors.skill_id?.code).toBe('unknown_skill');
    expect(errors.stem).toEqual({ code: 'too_long', values: { max: 10_000 } });
    // The server counts the filled answers only: its first is the form's second.
    expect(errors['text.accepted.1']?.code).toBe('unknown_variable');
    expect(errors.form?.code).toBe('invalid');
  });

  it('orders the first field at fault as the form shows them', () => {
    expect(firstErrorPath({ explanation: { code: 'x' }, 'choices.1.text': { code: 'y' } })).toBe(
      'choices.1.text',
    );
    expect(firstErrorPath({})).toBeNull();
  });
});

describe('itemFormValues', () => {
  it('reads an item back and starts the next one with the same kind and skill', () => {
    const item = {
      ...toItemInput(numericTemplate({ skill_id: 's1', public: true })),
      id: 'i1',
      author_id: 'u1',
      difficulty: 0,
      answer_count: 0,
      created_at: '',
      updated_at: '',
    } satisfies ItemDetail;
    const back = itemFormValues(item);
    expect(back.templateOn).toBe(true);
    expect(back.formula).toBe('a + b');
    expect(back.variables.map((v) => v.name)).toEqual(['a', 'b']);
    expect(validateItemForm(back)).toEqual({});
    const next = nextItemValues(back);
    expect(next).toMatchObject({ kind: 'numeric', skill_id: 's1', public: true, stem: '' });
  });
});
