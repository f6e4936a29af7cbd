import { describe, expect, it } from 'vitest';
import { itemInputSchema, type ItemInput } from '@aprenda/shared/schemas/exercises';
import {
  GIFT_ERROR_CODES,
  GIFT_QUESTIONS_MAX,
  parseGift,
  type GiftParseResult,
} from '../src/modules/exercises/gift.ts';

/**
 * Issue 13, "Import from Moodle's GIFT format": gift.ts cuts a GIFT text into questions, parses
 * each with gift-pegjs alone (so one bad question is one error, with its line, and the others still
 * import) and maps each to an item input that passes itemInputSchema. No server, no database.
 */

/** The only item of a one-question text (fails the test when there is an error instead). */
function only(text: string): ItemInput {
  const result = parseGift(text);
  expect(result.errors).toEqual([]);
  expect(result.items).toHaveLength(1);
  return result.items[0]!.input;
}

/** Every input is already in the post-zod shape: parsing it again changes nothing. */
function expectValid(result: GiftParseResult) {
  for (const item of result.items) expect(itemInputSchema.parse(item.input)).toEqual(item.input);
}

const choices = (input: ItemInput) => input.choices.map((c) => [c.id, c.text, c.correct]);

describe('GIFT import: multiple choice', () => {
  it('one = answer → single, ids a b c in order, per-choice feedback, defaults filled', () => {
    const result = parseGift('::Q1:: What is 2+2? {=4 #Right! ~3 #Too few. ~5}');
    expectValid(result);
    expect(result.items).toEqual([
      {
        index: 1,
        line: 1,
        title: 'Q1',
        input: {
          kind: 'single',
          stem: 'What is 2+2?',
          explanation: '',
          skill_id: null,
          choices: [
            { id: 'a', text: '4', correct: true, feedback: 'Right!', misconception: '' },
            { id: 'b', text: '3', correct: false, feedback: 'Too few.', misconception: '' },
            { id: 'c', text: '5', correct: false, feedback: '', misconception: '' },
          ],
          numeric: null,
          text: null,
          expression: null,
          template: null,
          public: false,
          shuffle_choices: true,
        },
      },
    ]);
  });

  it('weighted answers and no = → multiple, the positively weighted ones correct', () => {
    const input = only('Which are primes? {~%50%2 #yes ~%50%3 ~%-100%4 #no, 2×2 ~%-100%6}\n');
    expect(input.kind).toBe('multiple');
    expect(choices(input)).toEqual([
      ['a', '2', true],
      ['b', '3', true],
      ['c', '4', false],
      ['d', '6', false],
    ]);
    expect(input.choices[2]!.feedback).toBe('no, 2×2');
  });

  it('one = answer among weighted wrong answers stays single (partial credit dropped)', () => {
    const input = only('Capital of Brazil? {=Brasília ~%50%Rio de Janeiro ~São Paulo}');
    expect(input.kind).toBe('single');
    expect(choices(input)).toEqual([
      ['a', 'Brasília', true],
      ['b', 'Rio de Janeiro', false],
      ['c', 'São Paulo', false],
    ]);
  });

  it('several = answers besides ~ ones → multiple with the = ones correct', () => {
    const input = only('Even numbers? {=2 =4 ~5}');
    expect(input.kind).toBe('multiple');
    expect(choices(input)).toEqual([
      ['a', '2', true],
      ['b', '4', true],
      ['c', '5', false],
    ]);
  });

  it('answers spread over lines, with general feedback → explanation', () => {
    const input = only(
      [
        '::Cores:: Which colour lies between orange and green?',
        '{',
        '  =yellow # right',
        '  ~red    # no',
        '  ~blue',
        '  #### The spectrum: red, orange, yellow, green, blue.',
        '}',
      ].join('\n'),
    );
    expect(input.kind).toBe('single');
    expect(input.explanation).toBe('The spectrum: red, orange, yellow, green, blue.');
    expect(input.choices.map((c) => c.feedback)).toEqual(['right', 'no', '']);
  });

  it('no correct answer → no_correct_answer', () => {
    const result = parseGift('::None:: Pick {~a ~b ~%-50%c}');
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([
      { index: 1, line: 1, title: 'None', code: 'no_correct_answer', detail: 'MC' },
    ]);
  });
});

describe('GIFT import: true/false', () => {
  it.each([
    ['{T}', true],
    ['{TRUE}', true],
    ['{F}', false],
    ['{FALSE}', false],
  ])('%s → single with Verdadeiro/Falso', (answer, isTrue) => {
    const input = only(`O Sol é uma estrela. ${answer}`);
    expect(input.kind).toBe('single');
    expect(input.stem).toBe('O Sol é uma estrela.');
    expect(choices(input)).toEqual([
      ['a', 'Verdadeiro', isTrue],
      ['b', 'Falso', !isTrue],
    ]);
    expect(input.choices.map((c) => c.feedback)).toEqual(['', '']);
    // Verdadeiro before Falso for everyone, as Moodle shows them.
    expect(input.shuffle_choices).toBe(false);
  });

  it('feedbacks as in Moodle: the first for a wrong answer, the second for a right one', () => {
    const t = only('O Sol é uma estrela. {T#Errado: é uma estrela.#Isso mesmo!}');
    expect(t.choices.map((c) => [c.text, c.feedback])).toEqual([
      ['Verdadeiro', 'Isso mesmo!'],
      ['Falso', 'Errado: é uma estrela.'],
    ]);
    const f = only('A Lua é uma estrela. {FALSE#Não: é um satélite.#Correto.####A Lua reflete.}');
    expect(f.choices.map((c) => [c.text, c.correct, c.feedback])).toEqual([
      ['Verdadeiro', false, 'Não: é um satélite.'],
      ['Falso', true, 'Correto.'],
    ]);
    expect(f.explanation).toBe('A Lua reflete.');
  });
});

describe('GIFT import: short answer', () => {
  it('only = answers → text with every fully credited answer accepted', () => {
    const input = only('::Capital:: Qual é a capital do Brasil? {=Brasília =Brasilia #Isso}');
    expect(input.kind).toBe('text');
    expect(input.text).toEqual({ accepted: ['Brasília', 'Brasilia'] });
    expect(input.choices).toEqual([]);
    expect(input.numeric).toBeNull();
  });

  it('a single answer is a short answer too; partial-credit answers are not accepted', () => {
    expect(only('Two plus two? {=four}').text).toEqual({ accepted: ['four'] });
    expect(only('Who? {=%100%Pedro Álvares Cabral =%50%Cabral}').text).toEqual({
      accepted: ['Pedro Álvares Cabral'],
    });
  });

  it('no fully credited answer → no_correct_answer', () => {
    const result = parseGift('Who? {=%50%Cabral =%25%Pedro}');
    expect(result.errors.map((e) => [e.code, e.detail])).toEqual([['no_correct_answer', 'Short']]);
  });

  it('a fill-in-the-blank question keeps the blank in its stem', () => {
    const input = only('Two plus {=two =2} equals four.');
    expect(input.stem).toBe('Two plus _____ equals four.');
    expect(input.text).toEqual({ accepted: ['two', '2'] });
  });
});

describe('GIFT import: numerical', () => {
  it('answer:tolerance → numeric with an absolute tolerance', () => {
    const input = only('::Pi:: Valor de π com duas casas? {#3.14:0.01}');
    expect(input.kind).toBe('numeric');
    expect(input.numeric).toEqual({
      answer: 3.14,
      formula: null,
      tolerance: 0.01,
      tolerance_kind: 'absolute',
    });
    expect(input.choices).toEqual([]);
    expect(input.text).toBeNull();
  });

  it('a bare number has tolerance 0', () => {
    expect(only('Quantos lados tem um hexágono? {#6}').numeric).toMatchObject({
      answer: 6,
      tolerance: 0,
    });
  });

  it('low..high → the midpoint, half the width as tolerance (no binary noise)', () => {
    expect(only('A number from 1 to 5? {#1..5}').numeric).toMatchObject({
      answer: 3,
      tolerance: 2,
    });
    expect(only('Between 0.1 and 0.3? {#0.1..0.3}').numeric).toMatchObject({
      answer: 0.2,
      tolerance: 0.1,
    });
    expect(only('Negative: {#-5..-1}').numeric).toMatchObject({ answer: -3, tolerance: 2 });
  });

  it('several answers → the first one with full credit', () => {
    const input = only(
      [
        'When was Ulysses S. Grant born? {#',
        '  =%50%1822:2 # close',
        '  =1822:0 # Correct!',
        '  =%100%1823:0',
        '}',
      ].join('\n'),
    );
    expect(input.numeric).toMatchObject({ answer: 1822, tolerance: 0 });
  });

  it('no fully credited numerical answer → no_correct_answer', () => {
    const result = parseGift('Close enough? {#=%50%10:1 ~%0%3}');
    expect(result.errors.map((e) => [e.code, e.detail])).toEqual([
      ['no_correct_answer', 'Numerical'],
    ]);
  });
});

describe('GIFT import: unsupported questions', () => {
  it('essay, matching and description → unsupported_type with the GIFT type name', () => {
    const text = [
      '::Essay:: Descreva o seu filme favorito. {}',
      '',
      '::Match:: Which animal eats which food? { =cat -> cat food =dog -> dog food }',
      '',
      'Nesta prova não é permitido consultar o livro.',
      '',
      '::Ok:: 1+1=2 {T}',
    ].join('\n');
    const result = parseGift(text);
    expect(result.errors).toEqual([
      { index: 1, line: 1, title: 'Essay', code: 'unsupported_type', detail: 'Essay' },
      { index: 2, line: 3, title: 'Match', code: 'unsupported_type', detail: 'Matching' },
      { index: 3, line: 5, title: null, code: 'unsupported_type', detail: 'Description' },
    ]);
    expect(result.items.map((i) => [i.index, i.line, i.title])).toEqual([[4, 7, 'Ok']]);
  });
});

describe('GIFT import: text', () => {
  it('backslash escapes: \\= \\{ \\} \\# \\~ \\: are literal, and do not confuse the splitter', () => {
    const text = [
      '::Soma\\: básica:: 2+2 \\= ? {=4 ~22}',
      '',
      'O conjunto \\{1, 2\\} tem quantos elementos? {#2}',
      '',
      'Qual símbolo marca um comentário\\#? {=\\# ~\\~ ~\\=}',
    ].join('\n');
    const result = parseGift(text);
    expect(result.errors).toEqual([]);
    expect(result.items.map((i) => [i.index, i.line, i.title, i.input.stem])).toEqual([
      [1, 1, 'Soma: básica', '2+2 = ?'],
      [2, 3, null, 'O conjunto {1, 2} tem quantos elementos?'],
      [3, 5, null, 'Qual símbolo marca um comentário#?'],
    ]);
    expect(result.items[2]!.input.choices.map((c) => c.text)).toEqual(['#', '~', '=']);
  });

  it('unescaped = ~ # : where they mean nothing import as in Moodle (not in numerical answers)', () => {
    const result = parseGift(
      [
        '::Hora:: Observe: 1+1=2, ~aprox. #1 às 10:30 (veja http://example.org). {T}',
        '',
        '::Razão:: A razão 1:2 equivale a? {=metade #Isso: 1/2 ~o dobro}',
        '',
        '::Tol:: Quanto é 1/3? {#0.333:0.001}',
        '',
        '::Ruim:: Nota: a resposta {#1:2:3}',
      ].join('\n'),
    );
    expect(result.items.map((i) => [i.title, i.input.stem])).toEqual([
      ['Hora', 'Observe: 1+1=2, ~aprox. #1 às 10:30 (veja http://example.org).'],
      ['Razão', 'A razão 1:2 equivale a?'],
      ['Tol', 'Quanto é 1/3?'],
    ]);
    expect(result.items[1]!.input.choices[0]!.feedback).toBe('Isso: 1/2');
    expect(result.items[2]!.input.numeric).toMatchObject({ answer: 0.333, tolerance: 0.001 });
    // The column is the file's, not the one of the text with backslashes put in.
    expect(result.errors).toEqual([
      {
        index: 4,
        line: 7,
        title: 'Ruim',
        code: 'syntax',
        detail: 'line 7, column 32: Expected "}" but ":" found.',
      },
    ]);
  });

  it('[html] → light markdown: bold, italics, breaks, paragraphs, entities; other tags dropped', () => {
    const input = only(
      '::H:: [html]<p>O <b>céu</b> é <em>azul</em>?</p><p>Veja:<br/><img src="x.png"> A &amp; B &lt; C&nbsp;D</p>' +
        ' {=<strong>Sim</strong> #<i>Claro</i> ~Não ####<span class\\="x">Rayleigh</span>}',
    );
    expect(input.stem).toBe('O **céu** é *azul*?\n\nVeja:\nA & B < C D');
    expect(input.choices.map((c) => [c.text, c.feedback])).toEqual([
      ['**Sim**', '*Claro*'],
      ['Não', ''],
    ]);
    expect(input.explanation).toBe('Rayleigh');
  });

  it('[markdown] is kept as written, [plain] and [moodle] markers are removed', () => {
    expect(only('[markdown]Is **this** bold? {T}').stem).toBe('Is **this** bold?');
    expect(only('[plain]Plain  text? {T}').stem).toBe('Plain text?');
    expect(only('[moodle]Moodle text? {T}').stem).toBe('Moodle text?');
  });

  it('accepted answers in HTML keep no markdown', () => {
    expect(only('[html]Capital? {=<b>Brasília</b>}').text).toEqual({ accepted: ['Brasília'] });
  });

  it('Portuguese text with accents and cedillas survives intact', () => {
    const result = parseGift(
      [
        '::Ortografia — ação:: Qual é a grafia correta de "exceção"? {',
        '  =exceção # Isso! Com ç e til.',
        '  ~excessão # Não: é com ç.',
        '  ~esseção',
        '}',
        '',
        '::Geografia:: Qual é o maior estado do Brasil? {=Amazonas =amazonas}',
      ].join('\n'),
    );
    expectValid(result);
    expect(result.errors).toEqual([]);
    const [first, second] = result.items;
    expect(first!.title).toBe('Ortografia — ação');
    expect(first!.input.stem).toBe('Qual é a grafia correta de "exceção"?');
    expect(first!.input.choices.map((c) => [c.text, c.feedback])).toEqual([
      ['exceção', 'Isso! Com ç e til.'],
      ['excessão', 'Não: é com ç.'],
      ['esseção', ''],
    ]);
    expect(second!.input.text).toEqual({ accepted: ['Amazonas', 'amazonas'] });
  });
});

describe('GIFT import: splitting the file', () => {
  const FILE = [
    '// Prova de matemática', // 1
    '// [tag:aritmética]', // 2
    '', // 3
    '$CATEGORY: $course$/Matemática/Aritmética', // 4
    '', // 5
    '::Q1:: Quanto é 3×4? {=12 ~7 ~34}', // 6
    '', // 7
    '', // 8
    '// the next one forgets its closing brace', // 9
    '::Q2:: Quanto é 10/2? {', // 10
    '  =5', // 11
    '  ~2', // 12
    '', // 13
    '::Q3:: Veja http://example.org: 7 é primo? {T}', // 14
    '', // 15
    '::Q4:: Quanto é 0,5 em decimal? {#0.5:0}', // 16
  ].join('\n');

  it('a bad question in the middle is one error with its line; the others import', () => {
    const result = parseGift(FILE);
    expectValid(result);
    expect(result.items.map((i) => [i.index, i.line, i.title, i.input.kind])).toEqual([
      [1, 6, 'Q1', 'single'],
      [3, 14, 'Q3', 'single'],
      [4, 16, 'Q4', 'numeric'],
    ]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ index: 2, line: 10, title: 'Q2', code: 'syntax' });
    expect(result.errors[0]!.detail).toMatch(/^line 12, column \d+: /);
    expect(result.items[1]!.input.stem).toBe('Veja http://example.org: 7 é primo?');
  });

  it('Windows (and old Mac) line endings give the same result', () => {
    expect(parseGift(FILE.replace(/\n/g, '\r\n'))).toEqual(parseGift(FILE));
    expect(parseGift(FILE.replace(/\n/g, '\r'))).toEqual(parseGift(FILE));
    const input = only('::W:: Multi\r\nline? {\r\n=sim\r\n~não\r\n}\r\n');
    expect(input.stem).toBe('Multi line?');
    expect(choices(input)).toEqual([
      ['a', 'sim', true],
      ['b', 'não', false],
    ]);
  });

  it('comment lines are dropped anywhere, also inside an answer block', () => {
    const result = parseGift(
      [
        '// intro', // 1
        'Pick one {', // 2
        '  // the right one', // 3
        '  =a', // 4
        '  // the wrong one', // 5
        '  ~b', // 6
        '}', // 7
        '// between questions', // 8
        '', // 9
        '// before Q2', // 10
        'Second? {T}', // 11
      ].join('\n'),
    );
    expect(result.errors).toEqual([]);
    expect(result.items.map((i) => [i.index, i.line])).toEqual([
      [1, 2],
      [2, 11],
    ]);
    expect(choices(result.items[0]!.input)).toEqual([
      ['a', 'a', true],
      ['b', 'b', false],
    ]);
  });

  it('categories are skipped and not counted, even with no blank line after them', () => {
    const result = parseGift(
      ['$CATEGORY: A', '::Q1:: One? {T}', '', '$CATEGORY: B', '', '::Q2:: Two? {F}'].join('\n'),
    );
    expect(result.errors).toEqual([]);
    expect(result.items.map((i) => [i.index, i.line, i.title])).toEqual([
      [1, 2, 'Q1'],
      [2, 6, 'Q2'],
    ]);
  });

  it('a blank line inside { … } before more answers is joined, not a new question', () => {
    const result = parseGift(
      ['Pick {', '  =a', '', '  ~b', '', '', '  ~c', '}', '', 'Next? {T}'].join('\n'),
    );
    expect(result.errors).toEqual([]);
    expect(result.items.map((i) => [i.index, i.line])).toEqual([
      [1, 1],
      [2, 10],
    ]);
    expect(result.items[0]!.input.choices.map((c) => c.text)).toEqual(['a', 'b', 'c']);
  });

  it('two questions with no blank line between them are one syntax error', () => {
    const result = parseGift('One? {T}\nTwo? {F}');
    expect(result.items).toEqual([]);
    expect(result.errors).toMatchObject([{ index: 1, line: 1, code: 'syntax' }]);
  });
});

describe('GIFT import: empty, invalid and too many', () => {
  it.each([
    ['an empty text', ''],
    ['blank lines', '\n\n  \r\n\t\n'],
    ['comments only', '// nothing\n// here\n'],
    ['a category only', '$CATEGORY: vazia\n'],
  ])('%s → one empty error', (_name, text) => {
    expect(parseGift(text)).toEqual({
      items: [],
      errors: [{ index: 0, line: 0, title: null, code: 'empty', detail: 'no question' }],
    });
  });

  it('an item the schema refuses → invalid, with the failing path', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `~opção ${i}`).join(' ');
    const result = parseGift(
      [`::Many:: Too many choices? {=certa ${eleven}}`, '', '::NoStem:: {T}'].join('\n'),
    );
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([
      { index: 1, line: 1, title: 'Many', code: 'invalid', detail: 'choices: too_big' },
      { index: 2, line: 3, title: 'NoStem', code: 'invalid', detail: 'stem: too_small' },
    ]);
  });

  it('a choice item with a single choice → invalid (too few choices)', () => {
    const result = parseGift('Only one? {~%100%sim}');
    expect(result.errors.map((e) => [e.code, e.detail])).toEqual([['invalid', 'choices: too_few']]);
  });

  it(`${GIFT_QUESTIONS_MAX} questions import; one more → too_many and nothing else`, () => {
    const question = (n: number) => `::Q${n}:: ${n} é par? {${n % 2 === 0 ? 'T' : 'F'}}`;
    const max = Array.from({ length: GIFT_QUESTIONS_MAX }, (_, i) => question(i + 1));
    const ok = parseGift(max.join('\n\n'));
    expect(ok.errors).toEqual([]);
    expect(ok.items).toHaveLength(GIFT_QUESTIONS_MAX);
    expect(ok.items.at(-1)).toMatchObject({ index: 500, line: 999, title: 'Q500' });

    const over = parseGift([...max, question(501), 'broken {'].join('\n\n'));
    expect(over.items).toEqual([]);
    expect(over.errors).toEqual([
      {
        index: GIFT_QUESTIONS_MAX + 1,
        line: 1001,
        title: null,
        code: 'too_many',
        detail: '502 questions, at most 500',
      },
    ]);
  });

  it('the error codes are a closed list', () => {
    expect(GIFT_ERROR_CODES).toEqual([
      'syntax',
      'unsupported_type',
      'no_correct_answer',
      'empty',
      'invalid',
      'too_many',
    ]);
  });
});
