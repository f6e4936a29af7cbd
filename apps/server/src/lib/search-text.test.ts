import { describe, expect, it } from 'vitest';
import { foldText, searchStem, searchWords } from './search-text.ts';

describe('search words', () => {
  it('singular and plural cut to a stem that both hold, so either finds the other', () => {
    const pairs: [string, string][] = [
      ['equação', 'equações'],
      ['divisão', 'divisões'],
      ['alemão', 'alemães'],
      ['animal', 'animais'],
      ['papel', 'papéis'],
      ['difícil', 'difíceis'],
      ['ordem', 'ordens'],
      ['fator', 'fatores'],
      ['raiz', 'raízes'],
      ['mês', 'meses'],
      ['número', 'números'],
      ['porcentagem', 'porcentagens'],
    ];
    for (const [one, many] of pairs) {
      for (const query of [one, many]) {
        const [stem] = searchWords(query);
        expect(foldText(one), `${query} → ${stem}`).toContain(stem);
        expect(foldText(many), `${query} → ${stem}`).toContain(stem);
      }
    }
  });

  it('short words, codes and numbers stay whole; a cut never leaves under 3 letters', () => {
    expect(searchWords('EF07MA18 2 mais os de')).toEqual(['ef07ma18', '2', 'mai', 'os', 'de']);
    expect(searchStem('sao')).toBe('sao');
    expect(searchStem('qual')).toBe('qual');
    expect(searchWords('pão pães')).toEqual(['pao', 'pae']);
    expect(searchWords('Pitágoras')).toEqual(['pitagora']);
  });
});
