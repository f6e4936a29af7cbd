import { describe, expect, it } from 'vitest';
import { toCsv } from '@aprenda/shared/flashcards-csv';
import {
  buildRows,
  decodeText,
  emptyBackLines,
  looksLikeText,
  guessMapping,
  looksLikeHeader,
  parseTable,
  withServerErrors,
} from './csv-import';

describe('CSV/TSV import (papaparse)', () => {
  it('detects comma, tab and semicolon, reads quoted fields with line breaks and a BOM', () => {
    const comma = parseTable('\ufefffrente,verso,tags\r\n"Linha 1\nLinha 2","Diz ""oi""",a b\r\n');
    expect(comma.delimiter).toBe(',');
    expect(comma.records).toEqual([
      ['frente', 'verso', 'tags'],
      ['Linha 1\nLinha 2', 'Diz "oi"', 'a b'],
    ]);
    expect(parseTable('casa\thouse\nsol\tsun\n').delimiter).toBe('\t');
    const semicolon = parseTable('Pergunta;Resposta\nQuanto é 2+2?;4, claro\n');
    expect(semicolon.delimiter).toBe(';');
    expect(semicolon.records[1]).toEqual(['Quanto é 2+2?', '4, claro']);
  });

  it('reads UTF-8 with or without BOM, and Windows-1252 files', () => {
    const utf8 = new TextEncoder().encode('\ufeffação,ok');
    expect(decodeText(utf8)).toBe('ação,ok');
    const latin1 = Uint8Array.from([0x61, 0xe7, 0xe3, 0x6f, 0x2c, 0x6f, 0x6b]); // "ação,ok" in cp1252
    expect(decodeText(latin1)).toBe('ação,ok');
  });

  it('guesses the header and the mapping, then builds checked rows', () => {
    const table = parseTable(
      'Verso,Frente,Etiquetas\nBrasília,Capital do Brasil?,geo enem\n,Sem frente?,\n',
    );
    expect(looksLikeHeader(table)).toBe(true);
    const mapping = guessMapping(table, true);
    expect(mapping).toEqual(['back', 'front', 'tags']);
    const rows = buildRows(table, mapping, true);
    expect(rows[0]).toMatchObject({
      line: 2,
      kind: 'basic',
      front: 'Capital do Brasil?',
      back: 'Brasília',
      tags: ['geo', 'enem'],
      problems: [],
    });
    // Mapping changed: the first column is now ignored → row 2 has a front ("Sem frente?")...
    const swapped = buildRows(table, ['front', 'back', 'ignore'], true);
    expect(swapped[1]).toMatchObject({
      front: '',
      problems: [{ field: 'front', code: 'required' }],
    });
    // …and without a header row the header is a card too.
    expect(buildRows(table, mapping, false)).toHaveLength(3);
  });

  it('marks cloze rows, too-long sides and bad tags', () => {
    const long = 'x'.repeat(10_001);
    const table = parseTable(
      toCsv([
        ['A {{c1::mitocôndria}} gera energia', '', ''],
        [long, 'b', ''],
        ['f', 'b', `${'t'.repeat(41)} ok`],
      ]),
    );
    const rows = buildRows(table, ['front', 'back', 'tags'], false);
    expect(rows.map((r) => r.kind)).toEqual(['cloze', 'basic', 'basic']);
    expect(rows[1]!.problems).toEqual([
      { field: 'front', code: 'too_long', max: 10_000, count: 10_001 },
    ]);
    expect(rows[2]!.problems).toEqual([{ field: 'tags', code: 'tag_invalid', max: 40 }]);
  });

  it('takes off the formula guard of an export, so an export imports as the same cards', () => {
    const cards = [
      ['=SOMA(A1)', '-5 + 3', '@todos'],
      ['+1', 'linha\nnova, com "aspas"', 'a b'],
    ];
    const csv = toCsv([['front', 'back', 'tags'], ...cards]);
    expect(csv).toContain("'=SOMA(A1)");
    const table = parseTable(csv);
    const rows = buildRows(
      table,
      guessMapping(table, looksLikeHeader(table)),
      looksLikeHeader(table),
    );
    expect(rows.map((r) => [r.front, r.back, r.tags.join(' ')])).toEqual(cards);
  });

  it("puts the server's rows.<i>.<field> errors on the rows that were sent", () => {
    const table = parseTable('a,b\nc,d\ne,f\n');
    const rows = buildRows(table, ['front', 'back'], false);
    const marked = withServerErrors(
      rows,
      [0, 2],
      [{ path: 'rows.1.back', code: 'too_big', message: 'x', maximum: 10_000 }],
    );
    expect(marked[2]!.problems).toEqual([
      {
        field: 'back',
        code: 'server',
        error: { path: 'rows.1.back', code: 'too_big', message: 'x', maximum: 10_000 },
      },
    ]);
    expect(marked[0]!.problems).toEqual([]);
  });

  it('tells a text file from a binary one, and finds a quote that is never closed', () => {
    expect(looksLikeText('frente;verso\nCapital?;Brasília\n')).toBe(true);
    const elf = decodeText(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]));
    expect(looksLikeText(elf)).toBe(false);
    expect(looksLikeText('PK\u0003\u0004\u0014\u0006\b\u0000!')).toBe(false);

    const broken = parseTable('frente,verso\nok,sim\n"aberto sem fechar,verso\noutra,linha\n');
    expect(broken.unclosedQuoteLine).toBe(3);
    expect(parseTable('a,b\n"c ""d""",e\n').unclosedQuoteLine).toBeNull();
  });

  it('names the lines that would become cards without a back (cloze and frontless rows aside)', () => {
    const table = parseTable(
      'Brasília;Capital?\nLima;\n;Quito\n{{c1::Paris}} é a capital;\nSantiago;  \n',
    );
    const rows = buildRows(table, ['front', 'back'], false);
    // Line 2 and 5 (a back of spaces is empty); line 3 has no front (a problem already); line 4
    // is a cloze card, whose back is an optional extra.
    expect(emptyBackLines(rows)).toEqual([2, 5]);
    // Columns the other way round: only Quito (line 3) has a front and no back.
    expect(emptyBackLines(buildRows(table, ['back', 'front'], false))).toEqual([3]);
  });

  it('numbers rows by the lines of the file, empty lines and quoted line breaks counted', () => {
    const text =
      'Pergunta 1;Resposta 1\n\n\nPergunta 2;Resposta 2\n;Sem frente\n ; \n"Duas\nlinhas";ok\nFim;fim\n';
    const table = parseTable(text);
    expect(table.records).toHaveLength(5);
    const rows = buildRows(table, ['front', 'back'], false);
    expect(rows.map((r) => r.line)).toEqual([1, 4, 5, 7, 9]);
    expect(rows[2]!.problems).toEqual([{ field: 'front', code: 'required' }]);
    // With a header row, the data still carry their own lines.
    expect(buildRows(table, ['front', 'back'], true).map((r) => r.line)).toEqual([4, 5, 7, 9]);
    // A quote never closed, after empty lines: named by its own line.
    expect(parseTable('a;b\n\n\nc;"d\ne;f\n').unclosedQuoteLine).toBe(4);
  });
});
