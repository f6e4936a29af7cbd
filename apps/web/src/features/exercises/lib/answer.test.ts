import { describe, expect, it } from 'vitest';
import type { PublicItem } from '@aprenda/shared/schemas/exercises';
import {
  choiceIndexForKey,
  isAnswerComplete,
  pickedChoices,
  plainChoiceText,
  textResponse,
  toggleChoice,
  typedValue,
} from './answer';

const choices = [
  { id: 'a', text: 'A' },
  { id: 'b', text: 'B' },
  { id: 'c', text: 'C' },
];
const item = (kind: PublicItem['kind']): PublicItem => ({
  id: 'i1',
  kind,
  stem: 'Stem',
  choices: kind === 'single' || kind === 'multiple' ? choices : [],
  skill_id: null,
});

describe('isAnswerComplete', () => {
  it('needs a known choice for single', () => {
    expect(isAnswerComplete(item('single'), null)).toBe(false);
    expect(isAnswerComplete(item('single'), { choice: 'b' })).toBe(true);
    expect(isAnswerComplete(item('single'), { choice: 'z' })).toBe(false);
    expect(isAnswerComplete(item('single'), { value: 'b' })).toBe(false);
  });

  it('needs at least one pick for multiple', () => {
    expect(isAnswerComplete(item('multiple'), { choices: [] })).toBe(false);
    expect(isAnswerComplete(item('multiple'), { choices: ['a'] })).toBe(true);
  });

  it('needs some typed text for typed kinds', () => {
    for (const kind of ['numeric', 'text', 'expression'] as const) {
      expect(isAnswerComplete(item(kind), { value: '   ' })).toBe(false);
      expect(isAnswerComplete(item(kind), { value: '2,5' })).toBe(true);
      expect(isAnswerComplete(item(kind), { choice: 'a' })).toBe(false);
    }
  });
});

describe('responses', () => {
  it('reads picks and typed text', () => {
    expect(pickedChoices({ choice: 'a' })).toEqual(['a']);
    expect(pickedChoices({ choices: ['a', 'c'] })).toEqual(['a', 'c']);
    expect(pickedChoices({ value: 'x' })).toEqual([]);
    expect(pickedChoices(null)).toEqual([]);
    expect(typedValue({ value: 'x' })).toBe('x');
    expect(typedValue({ choice: 'a' })).toBe('');
  });

  it('turns empty text into no response and caps long text', () => {
    expect(textResponse('')).toBeNull();
    expect(textResponse('2,5')).toEqual({ value: '2,5' });
    expect(textResponse('x'.repeat(2000))).toEqual({ value: 'x'.repeat(1000) });
  });

  it('toggles picks in the order of the choices', () => {
    const multiple = item('multiple');
    let value = toggleChoice(multiple, null, 'c');
    expect(value).toEqual({ choices: ['c'] });
    value = toggleChoice(multiple, value, 'a');
    expect(value).toEqual({ choices: ['a', 'c'] });
    value = toggleChoice(multiple, value, 'c');
    expect(value).toEqual({ choices: ['a'] });
    expect(toggleChoice(multiple, value, 'a')).toBeNull();
  });
});

describe('choiceIndexForKey', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
    key: k,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    ...mods,
  });

  it('maps 1–9 to the choices there are', () => {
    expect(choiceIndexForKey(key('1'), 3)).toBe(0);
    expect(choiceIndexForKey(key('3'), 3)).toBe(2);
    expect(choiceIndexForKey(key('4'), 3)).toBeNull();
    expect(choiceIndexForKey(key('0'), 3)).toBeNull();
    expect(choiceIndexForKey(key('a'), 3)).toBeNull();
  });

  it('ignores keys with a modifier', () => {
    expect(choiceIndexForKey(key('1', { ctrlKey: true }), 3)).toBeNull();
    expect(choiceIndexForKey(key('1', { altKey: true }), 3)).toBeNull();
    expect(choiceIndexForKey(key('1', { metaKey: true }), 3)).toBeNull();
  });
});

describe('plainChoiceText', () => {
  it('names a choice without maths delimiters or markdown marks', () => {
    expect(plainChoiceText('$19$')).toBe('19');
    expect(plainChoiceText('$$\\frac{1}{2}$$')).toBe('1/2');
    expect(plainChoiceText('\\(x+1\\) e **negrito**')).toBe('x+1 e negrito');
    expect(plainChoiceText('  dois   espaços ')).toBe('dois espaços');
  });

  it('reads the maths as text, never as LaTeX commands', () => {
    expect(plainChoiceText('Quanto é $3 \\times 7$?')).toBe('Quanto é 3 × 7?');
    expect(plainChoiceText('$\\frac{3}{4} \\div 2$')).toBe('3/4 ÷ 2');
    expect(plainChoiceText('\\(x_1 \\cdot x^2\\) **e** $\\sqrt{9}$')).toBe('x₁ · x² e √9');
    expect(plainChoiceText('$30\\%$ de R$ 50,00')).toBe('30% de R$ 50,00');
  });

  it('keeps money as typed: only real inline maths loses its dollar signs', () => {
    expect(plainChoiceText('R$ 30,00')).toBe('R$ 30,00');
    expect(plainChoiceText('custa R$ 5 e R$ 7')).toBe('custa R$ 5 e R$ 7');
    expect(plainChoiceText('Qual é a solução de $x + 7 = 12$?')).toBe(
      'Qual é a solução de x + 7 = 12?',
    );
    expect(plainChoiceText('**R$ 50,00** ou \\$5')).toBe('R$ 50,00 ou $5');
  });
});
