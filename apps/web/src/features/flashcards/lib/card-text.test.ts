import { describe, expect, it } from 'vitest';
import { cardSummary, hasMaths } from './card-text';

describe('card summaries in the card list', () => {
  it('keep cloze answers in brackets and drop markdown marks', () => {
    expect(cardSummary('A **{{c1::mitocôndria}}** produz ![energia](/api/media/x)', 80)).toBe(
      'A [mitocôndria] produz energia',
    );
    expect(cardSummary('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('say when maths is there to render (and not for prices)', () => {
    expect(hasMaths('Quanto vale $a^0$?')).toBe(true);
    expect(hasMaths('$$\\sqrt{2}$$')).toBe(true);
    expect(hasMaths('Custa R$ 5 ou R$ 10')).toBe(false);
    expect(hasMaths('sem fórmula')).toBe(false);
    expect(hasMaths('Custa R$5 e R$7')).toBe(false);
    expect(hasMaths('de $20 a $30')).toBe(false);
    expect(hasMaths('x $ y $ z')).toBe(false);
    expect(hasMaths('Se $x+1 = 3$, quanto vale x?')).toBe(true);
    expect(hasMaths('A raiz \\(\\sqrt{2}\\) é irracional')).toBe(true);
  });
});
