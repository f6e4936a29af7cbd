import { describe, expect, it } from 'vitest';
import {
  difficultyLevel,
  giftErrorKey,
  giftFileProblem,
  hasMaths,
  markPlaceholders,
  stemSummary,
} from './item-text';

describe('stemSummary', () => {
  it('takes the first line without markdown marks', () => {
    expect(stemSummary('\n## **Quanto** é [isto](http://x)?\nsegunda linha')).toBe(
      'Quanto é isto?',
    );
    expect(stemSummary('![gráfico](/a.png) acima')).toBe('gráfico acima');
  });

  it('cuts long lines without splitting maths', () => {
    const cut = stemSummary(`${'a'.repeat(10)} $x^2 + y^2$`, 16);
    expect(cut).toBe(`${'a'.repeat(10)}…`);
    expect(hasMaths('$x^2$')).toBe(true);
    expect(hasMaths('R$ 5 e R$ 6')).toBe(false);
  });
});

describe('difficultyLevel', () => {
  it('gives words from the learner model, none before answers', () => {
    expect(difficultyLevel(-1.5, 3)).toBe('easy');
    expect(difficultyLevel(0.2, 3)).toBe('medium');
    expect(difficultyLevel(1.2, 3)).toBe('hard');
    expect(difficultyLevel(2, 0)).toBeNull();
  });
});

describe('GIFT helpers', () => {
  it('refuses files over 1 MB or of another type', () => {
    expect(giftFileProblem({ name: 'q.gift', size: 10 })).toBeNull();
    expect(giftFileProblem({ name: 'Q.TXT', size: 10 })).toBeNull();
    expect(giftFileProblem({ name: 'q.gift', size: 1_000_001 })).toBe('tooBig');
    expect(giftFileProblem({ name: 'q.pdf', size: 10 })).toBe('type');
  });

  it('words every code, an unknown one as invalid', () => {
    expect(giftErrorKey('syntax')).toBe('gift.errors.syntax');
    expect(giftErrorKey('other')).toBe('gift.errors.invalid');
  });
});

describe('markPlaceholders', () => {
  it('boxes a template variable inside maths, and leaves it as written elsewhere', () => {
    expect(markPlaceholders('Resolva $3x = {{p}}$ para {{ p }}.')).toBe(
      'Resolva $3x = {\\boxed{\\mathrm{p}}}$ para {{ p }}.',
    );
    // A power keeps its group; display maths too; text without placeholders is unchanged.
    expect(markPlaceholders('$$x^{{n}} + {{ a_1 }}$$')).toBe(
      '$$x^{\\boxed{\\mathrm{n}}} + {\\boxed{\\mathrm{a_1}}}$$',
    );
    expect(markPlaceholders('Quanto é $2+3$? R$ 5')).toBe('Quanto é $2+3$? R$ 5');
  });
});
