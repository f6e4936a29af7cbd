import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { CARD_SIDE_MAX } from '@aprenda/shared/schemas/flashcards';
import { cardServerErrors, insertCloze, parseTags, validateCardForm } from './card-form';

const i18n = createI18n();
const t = i18n.getFixedT('pt-BR');

describe('card form', () => {
  it('inserts the next cloze number around the selection, or an empty one at the cursor', () => {
    const text = 'A capital do Brasil é Brasília';
    const first = insertCloze(text, 22, 30);
    expect(first.text).toBe('A capital do Brasil é {{c1::Brasília}}');
    expect(first.text.slice(first.selectionStart, first.selectionEnd)).toBe('Brasília');
    const second = insertCloze(first.text, 13, 19);
    expect(second.text).toBe('A capital do {{c2::Brasil}} é {{c1::Brasília}}');
    const empty = insertCloze('x ', 2, 2);
    expect(empty.text).toBe('x {{c1::}}');
    expect(empty.selectionStart).toBe(8);
    expect(empty.selectionEnd).toBe(8);
  });

  it('splits tags at spaces and commas, once each', () => {
    expect(parseTags(' enem, biologia  enem\ncitologia ')).toEqual([
      'enem',
      'biologia',
      'citologia',
    ]);
  });

  it('names every problem in Portuguese before sending', () => {
    const tooLong = 'a'.repeat(CARD_SIDE_MAX + 1);
    const result = validateCardForm(t, 'pt-BR', {
      kind: 'cloze',
      front: 'sem lacuna',
      back: tooLong,
      tags: 'x'.repeat(41),
      skill_id: null,
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        front: 'Marque pelo menos uma lacuna, assim: {{c1::resposta}}.',
        back: 'Use no máximo 10.000 caracteres (agora são 10.001).',
        tags: 'Cada tag tem de 1 a 40 caracteres, sem espaços.',
      },
    });
    expect(
      validateCardForm(t, 'pt-BR', {
        kind: 'basic',
        front: ' ',
        back: '',
        tags: '',
        skill_id: null,
      }),
    ).toEqual({
      ok: false,
      errors: { front: 'Escreva a frente do cartão.' },
    });
  });

  it('sends the chosen skill, or none', () => {
    const values = { kind: 'basic' as const, front: 'a', back: 'b', tags: '', skill_id: null };
    const none = validateCardForm(t, 'pt-BR', values);
    expect(none.ok && none.data.skill_id).toBe(null);
    const chosen = validateCardForm(t, 'pt-BR', { ...values, skill_id: 'bncc-ef09ma14' });
    expect(chosen.ok && chosen.data.skill_id).toBe('bncc-ef09ma14');
  });

  it('puts the server’s errors on their fields', () => {
    const values = {
      kind: 'basic' as const,
      front: 'f'.repeat(10_005),
      back: '',
      tags: '',
      skill_id: null,
    };
    expect(
      cardServerErrors(t, 'pt-BR', [{ path: 'front', code: 'too_big', message: '' }], values),
    ).toEqual({ front: 'Use no máximo 10.000 caracteres (agora são 10.005).' });
  });
});
