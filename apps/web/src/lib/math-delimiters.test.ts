import { describe, expect, it } from 'vitest';
import { normalizeMath } from './math-delimiters';

describe('normalizeMath', () => {
  it('turns a one-line $$…$$ paragraph into a display block', () => {
    expect(normalizeMath('Veja:\n\n$$\\frac{1}{2}$$\n\nfim')).toBe(
      'Veja:\n\n$$\n\\frac{1}{2}\n$$\n\nfim',
    );
  });

  it('reads \\( \\) as inline and \\[ \\] as display maths', () => {
    expect(normalizeMath('a área \\( x^2 \\) cresce')).toBe('a área $x^2$ cresce');
    expect(normalizeMath('\\[ a+b \\]')).toBe('\n$$\na+b\n$$\n');
  });

  it('leaves code alone', () => {
    const code = '```latex\n$$x$$\n\\(y\\)\n```\n';
    expect(normalizeMath(code)).toBe(code);
    expect(normalizeMath('use `\\(x\\)` literally')).toBe('use `\\(x\\)` literally');
  });

  it('keeps inline $…$ and $$ inside text unchanged', () => {
    expect(normalizeMath('custa $5 e $x^2$ aqui')).toBe('custa $5 e $x^2$ aqui');
  });
});
