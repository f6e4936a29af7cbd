import { describe, expect, it } from 'vitest';
import { hasMaths, mathSpans, stripMathDelimiters } from './plain-text';

describe('stripMathDelimiters', () => {
  it('writes inline maths out without its dollar signs', () => {
    expect(stripMathDelimiters('$x + 7 = 12$')).toBe('x + 7 = 12');
    expect(stripMathDelimiters('Qual é a solução de $x + 7 = 12$?')).toBe(
      'Qual é a solução de x + 7 = 12?',
    );
    expect(stripMathDelimiters('$a$ e $b$')).toBe('a e b');
  });

  it('keeps money as typed', () => {
    expect(stripMathDelimiters('R$ 30,00')).toBe('R$ 30,00');
    expect(stripMathDelimiters('custa R$ 5 e R$ 7')).toBe('custa R$ 5 e R$ 7');
    expect(stripMathDelimiters('Quanto custa? R$ 50,00')).toBe('Quanto custa? R$ 50,00');
    expect(stripMathDelimiters('de R$30 a R$40')).toBe('de R$30 a R$40');
    expect(stripMathDelimiters('$20,000 and $30,000')).toBe('$20,000 and $30,000');
  });

  it('opens maths only before a non-space and closes it only after one, not before a digit', () => {
    expect(stripMathDelimiters('$ x$')).toBe('$ x$');
    expect(stripMathDelimiters('$x $')).toBe('$x $');
    expect(stripMathDelimiters('$5 e $x$')).toBe('$5 e x');
    expect(stripMathDelimiters('só um $')).toBe('só um $');
    expect(stripMathDelimiters('$x$\n\nfim $')).toBe('x\n\nfim $');
    expect(stripMathDelimiters('$a\n\nb$')).toBe('$a\n\nb$');
  });

  it('reads \\$ as a dollar sign, outside and inside maths', () => {
    expect(stripMathDelimiters('custa \\$5 ou \\$7')).toBe('custa $5 ou $7');
    expect(stripMathDelimiters('\\$x\\$')).toBe('$x$');
    expect(stripMathDelimiters('$\\$5 + 1$')).toBe('$5 + 1');
  });

  it('writes display maths and \\( \\) \\[ \\] out without delimiters', () => {
    expect(stripMathDelimiters('$$\\frac{1}{2}$$')).toBe('\\frac{1}{2}');
    expect(stripMathDelimiters('\\(x+1\\) e \\[y\\]')).toBe('x+1 e y');
    expect(stripMathDelimiters('R$$ 5')).toBe('R$$ 5');
  });
});

describe('mathSpans and hasMaths', () => {
  it('find real maths only, with its delimiters', () => {
    const text = 'R$ 5 e $x + 1$, $$y$$ e \\(z\\) custa R$7';
    expect(mathSpans(text).map((s) => text.slice(s.start, s.end))).toEqual([
      '$x + 1$',
      '$$y$$',
      '\\(z\\)',
    ]);
    expect(mathSpans(text).map((s) => s.delimiter)).toEqual(['$', '$$', '\\(']);
    expect(hasMaths(text)).toBe(true);
  });

  it('find none in money, escaped dollars or dollars that cannot open or close', () => {
    for (const text of ['R$ 30,00', 'custa R$5 e R$7', '$20 and $30', '\\$x\\$', '$ x $', '$x$5']) {
      expect(mathSpans(text)).toEqual([]);
      expect(hasMaths(text)).toBe(false);
    }
  });
});
