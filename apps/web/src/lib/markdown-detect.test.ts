import { describe, expect, it } from 'vitest';
import { needsMarkdown, plainParagraphs } from './markdown-detect';

describe('needsMarkdown', () => {
  it('is false for plain prose, questions, numbers and punctuation', () => {
    for (const text of [
      'Olá! Vamos pensar juntos.',
      'O que você já sabe sobre frações? Tente dividir 3 por 4.',
      'Primeiro passo: some os numeradores.\nDepois, simplifique o resultado.',
      'A resposta é 42 - quase, mas confira o sinal (e a unidade).',
      'Ela disse: "isso é 5 * 3?" e eu respondi que 2 * 2 = 4.',
      'snake_case e file_name_here aparecem em código, mas aqui são texto.',
      'Parágrafo um.\n\nParágrafo dois, com 10% de desconto.',
    ]) {
      expect(needsMarkdown(text), text).toBe(false);
    }
  });

  it('is true for headings, lists, emphasis, code, tables, links, maths, fences and quotes', () => {
    for (const text of [
      '# Título',
      '## Passos\nfaça isto',
      '- um\n- dois',
      '1. primeiro\n2. segundo',
      'isto é **importante**',
      'isto é *ênfase* aqui',
      'isto é _ênfase_ aqui',
      'use `x = 1`',
      '```python\nprint(1)\n```',
      '~~~\ncode\n~~~',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      'veja [o site](https://example.com)',
      'veja https://example.com',
      'a área é $\\pi r^2$',
      '$$\nx^2\n$$',
      'e \\(x+1\\)',
      '> citação',
      '---',
      'texto ~~riscado~~',
      'A &amp; B',
    ]) {
      expect(needsMarkdown(text), text).toBe(true);
    }
  });
});

describe('plainParagraphs', () => {
  it('splits on blank lines and keeps single line breaks', () => {
    expect(plainParagraphs('um\ndois\n\n\ntrês\r\n\r\nquatro  ')).toEqual([
      'um\ndois',
      'três',
      'quatro',
    ]);
    expect(plainParagraphs('')).toEqual([]);
  });
});
