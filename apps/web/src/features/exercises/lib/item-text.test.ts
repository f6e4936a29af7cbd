import { describe, expect, it } from 'vitest';
import {
  difficultyLevel,
  giftErrorKey,
  giftFileProblem,
  hasMaths,
  markPlaceholders,
  mathsAsText,
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

  it('keeps the "R$" of prices when it cuts a long question', () => {
    const stem = `${'Uma papelaria vende dois cadernos. '.repeat(3)}Um custa R$ 45,90 e o outro R$ 12,50?`;
    // Cut between the two prices, and after both: every "R$" stays whole.
    const between = stemSummary(stem, stem.indexOf(' e o outro') + 5);
    expect(between).toBe(`${stem.slice(0, stem.indexOf(' e o outro'))} e o…`);
    expect(between).toContain('R$ 45,90');
    const after = stemSummary(stem, stem.length - 3);
    expect(after).toBe(`${stem.slice(0, stem.length - 4)}…`);
    expect(after).toMatch(/custa R\$ 45,90 e o outro R\$ 12…$/);
    expect(hasMaths(after)).toBe(false);
  });

  it('never cuts inside a formula across the cut point', () => {
    const stem = `${'Leia com atenção o enunciado. '.repeat(3)}Qual é a solução de $x + 7 = 12$ nos reais?`;
    const open = stem.indexOf('$x');
    for (const max of [open + 3, open + 8, open + 12]) {
      const cut = stemSummary(stem, max);
      expect(cut).toBe(`${stem.slice(0, open).trimEnd()}…`);
      expect(cut).not.toContain('$');
    }
    // Room for the whole formula: it stays, whole and still maths.
    const whole = stemSummary(stem, open + 14);
    expect(whole).toBe(`${stem.slice(0, open + 12)}…`);
    expect(hasMaths(whole)).toBe(true);
    // \( \) counts as maths too.
    expect(stemSummary('aaaa \\(x + 1\\) bbbb', 10)).toBe('aaaa…');
  });

  it('does not make maths of dollars the cut leaves behind', () => {
    // `$x e y$5`: the `$` before a digit closes nothing; cut before the 5 it would.
    const stem = 'Preço de $x e y$5 por unidade, confira';
    const cut = stemSummary(stem, stem.indexOf('5') + 1);
    expect(hasMaths(stem)).toBe(false);
    expect(hasMaths(cut)).toBe(false);
    expect(cut).toBe('Preço de…');
  });
});

describe('hasMaths', () => {
  it('is false for money and true for real maths', () => {
    expect(hasMaths('Custa R$5 e R$7')).toBe(false);
    expect(hasMaths('de $20 a $30')).toBe(false);
    expect(hasMaths('Um custa R$ 45,90 e o outro R$ 12,50?')).toBe(false);
    expect(hasMaths('custa \\$5 ou \\$7')).toBe(false);
    expect(hasMaths('Resolva $x+1$ = 3')).toBe(true);
    expect(hasMaths('$$\\frac{1}{2}$$')).toBe(true);
    expect(hasMaths('Quanto é \\(x+1\\)?')).toBe(true);
    expect(hasMaths('R$ 5 e $x$')).toBe(true);
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

describe('mathsAsText', () => {
  it('reads operators, relations and Greek letters as their signs', () => {
    expect(mathsAsText('3 \\times 7')).toBe('3 × 7');
    expect(mathsAsText('a \\cdot b \\div c \\pm 1')).toBe('a · b ÷ c ± 1');
    expect(mathsAsText('x \\leq 2 \\neq y \\geq \\pi')).toBe('x ≤ 2 ≠ y ≥ π');
    expect(mathsAsText('\\alpha + \\Delta x \\to \\infty')).toBe('α + Δ x → ∞');
  });

  it('writes fractions, roots and powers out', () => {
    expect(mathsAsText('\\frac{1}{2}')).toBe('1/2');
    expect(mathsAsText('\\dfrac{x+1}{2x}')).toBe('(x+1)/(2x)');
    expect(mathsAsText('\\frac{\\frac{1}{2}}{3}')).toBe('(1/2)/3');
    expect(mathsAsText('\\sqrt{16} + \\sqrt[3]{x+1}')).toBe('√16 + ³√(x+1)');
    expect(mathsAsText('x^2 + y^{10} - 2^{n+1}')).toBe('x² + y¹⁰ - 2ⁿ⁺¹');
    expect(mathsAsText('e^{i\\pi} + a^b')).toBe('e^(iπ) + a^b');
    expect(mathsAsText('a_1 + a_{12} + x_{max}')).toBe('a₁ + a₁₂ + xmax');
    expect(mathsAsText('90^\\circ')).toBe('90°');
  });

  it('drops sizes, spaces and braces, and keeps the words of text and unknown commands', () => {
    expect(mathsAsText('\\left( x \\right) \\left. y \\right|')).toBe('( x )  y |');
    expect(mathsAsText('5\\,\\text{cm} \\quad 30\\%')).toBe('5 cm   30%');
    expect(mathsAsText('\\mathbb{R} \\cup \\{0\\}')).toBe('R ∪ {0}');
    expect(mathsAsText('\\overrightarrow{AB} \\unknowncmd{x}')).toBe('AB unknowncmdx');
    expect(mathsAsText('\\$5')).toBe('$5');
    expect(mathsAsText('')).toBe('');
  });
});
