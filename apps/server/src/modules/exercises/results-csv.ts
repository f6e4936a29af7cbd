import type { z } from 'zod';
import {
  answerLanguageSchema,
  resultsCsvQuerySchema,
  type ItemAnalysis,
} from '@aprenda/shared/schemas/exercises';
import { CSV_BOM, csvCell } from '@aprenda/shared/flashcards-csv';
import { timeZoneSchema } from '@aprenda/shared/schemas/flashcards';
import type { AppContext } from '../../context.ts';
import { assignmentResults } from './results.service.ts';

/**
 * The results of an assignment as CSV (docs/api/exercises.md "Results"), in the teacher's language
 * so that a spreadsheet opens it as it is:
 * - pt-BR: `;` between cells and a decimal comma (`66,7`) — Excel in Portuguese reads `,` as the
 *   decimal separator —, Portuguese headers and words, date-times as `30/11/2026 22:19`;
 * - en: `,` and a decimal point, English, date-times as `2026-11-30 22:19`.
 * Both: UTF-8 with a BOM (Excel reads the accents), CRLF, RFC 4180 quoting, hand-in times in the
 * `tz` the browser sent (UTC when absent), and text starting with = + - @ guarded with a `'` so a
 * spreadsheet never runs it as a formula (numbers are written as numbers).
 * The web's i18n JSON is not available here: the words live in `CSV_WORDS`.
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;

export type CsvLang = 'pt-BR' | 'en';
export type ResultsTable = 'grid' | 'items';

/** GET /assignments/{id}/results.csv?table=grid|items&lang=pt-BR|en&tz=<IANA>. */
export const resultsCsvFullQuerySchema = resultsCsvQuerySchema.extend({
  lang: answerLanguageSchema,
  tz: timeZoneSchema.optional(),
});
export type ResultsCsvQuery = z.output<typeof resultsCsvFullQuerySchema>;

interface CsvWords {
  /** Between cells. */
  separator: ',' | ';';
  /** In numbers. */
  decimal: string;
  grid: {
    student: string;
    submittedAt: string;
    late: string;
    score: string;
  };
  items: {
    question: string;
    stem: string;
    answers: string;
    blank: string;
    facility: string;
    discrimination: string;
    flags: string;
    choices: string;
  };
  cells: Record<'correct' | 'partial' | 'wrong' | 'missing', string>;
  yes: string;
  no: string;
  flags: Record<ItemAnalysis['flags'][number], string>;
  /** The file name's tail, per table (ASCII). */
  file: Record<ResultsTable, string>;
  /** The file name when the title gives nothing. */
  fallbackName: string;
}

export const CSV_WORDS: Record<CsvLang, CsvWords> = {
  'pt-BR': {
    separator: ';',
    decimal: ',',
    grid: { student: 'Estudante', submittedAt: 'Entregue em', late: 'Atrasada', score: 'Nota (%)' },
    items: {
      question: 'Questão',
      stem: 'Enunciado',
      answers: 'Respostas',
      blank: 'Em branco',
      facility: 'Facilidade',
      discrimination: 'Discriminação',
      flags: 'Alertas',
      choices: 'Alternativas marcadas (* = correta)',
    },
    cells: { correct: 'certa', partial: 'parcial', wrong: 'errada', missing: 'em branco' },
    yes: 'sim',
    no: 'não',
    flags: {
      too_easy: 'muito fácil',
      too_hard: 'muito difícil',
      low_discrimination: 'discriminação baixa',
      unused_distractor: 'alternativa que ninguém marcou',
    },
    file: { grid: 'notas', items: 'analise-das-questoes' },
    fallbackName: 'lista',
  },
  en: {
    separator: ',',
    decimal: '.',
    grid: { student: 'Student', submittedAt: 'Handed in at', late: 'Late', score: 'Score (%)' },
    items: {
      question: 'Question',
      stem: 'Stem',
      answers: 'Answers',
      blank: 'Blank',
      facility: 'Facility',
      discrimination: 'Discrimination',
      flags: 'Flags',
      choices: 'Choices picked (* = correct)',
    },
    cells: { correct: 'correct', partial: 'partial', wrong: 'wrong', missing: 'blank' },
    yes: 'yes',
    no: 'no',
    flags: {
      too_easy: 'too easy',
      too_hard: 'too hard',
      low_discrimination: 'low discrimination',
      unused_distractor: 'choice nobody picked',
    },
    file: { grid: 'scores', items: 'question-analysis' },
    fallbackName: 'assignment',
  },
};

/** A number cell: never guarded (a negative number is not a formula), in the language's decimal. */
class Num {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
}
type Cell = string | Num | null;

/** A number for `csvText` (written with the language's decimal separator, never guarded). */
export const csvNumber = (value: number): Num => new Num(value);

function formatCell(value: Cell, words: CsvWords): string {
  if (value === null) return '';
  if (value instanceof Num) {
    return Number.isFinite(value.value) ? String(value.value).replace('.', words.decimal) : '';
  }
  // Guarded against formulas and quoted as the other CSV exports (RFC 4180).
  return csvCell(value, words.separator);
}

/** The CSV text of `rows`: BOM, cells joined by the language's separator, CRLF after each row. */
export function csvText(rows: readonly (readonly Cell[])[], lang: CsvLang): string {
  const words = CSV_WORDS[lang];
  return `${CSV_BOM}${rows.map((row) => `${row.map((c) => formatCell(c, words)).join(words.separator)}\r\n`).join('')}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the wall-clock time in `tz`, to the minute: `30/11/2026 22:19` (pt-BR) or
 * `2026-11-30 22:19` (en), both read as a date-time by a spreadsheet in that language.
 */
export function csvDateTime(iso: string, lang: CsvLang, tz = 'UTC'): string {
  let f = dateFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateFormats.set(tz, f);
  }
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of f.formatToParts(new Date(iso))) p[part.type] = part.value;
  const time = `${p.hour}:${p.minute}`;
  return lang === 'pt-BR'
    ? `${p.day}/${p.month}/${p.year} ${time}`
    : `${p.year}-${p.month}-${p.day} ${time}`;
}

/** `x` to 3 decimals, or null. */
const decimal3 = (x: number | null): Num | null =>
  x === null ? null : new Num(Math.round(x * 1000) / 1000);

/** A 0–1 score as a percentage with one decimal (0.6667 → 66.7), or null. */
const percent = (x: number | null): Num | null =>
  x === null ? null : new Num(Math.round(x * 1000) / 10);

/** A file name from the title: ASCII letters, digits and dashes, at most 60 characters. */
export function csvFileName(title: string, table: ResultsTable, lang: CsvLang): string {
  const words = CSV_WORDS[lang];
  const base = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || words.fallbackName}-${words.file[table]}.csv`;
}

/** GET /assignments/{id}/results.csv: the grid (`table=grid`) or the item analysis as CSV. */
export async function resultsCsv(
  ctx: Ctx,
  userId: string,
  assignmentId: string,
  query: { table: ResultsTable; lang: CsvLang; tz?: string | undefined },
): Promise<{ fileName: string; csv: string }> {
  const { table, lang, tz } = query;
  const words = CSV_WORDS[lang];
  const r = await assignmentResults(ctx, userId, assignmentId);
  const rows: Cell[][] = [];
  if (table === 'grid') {
    const h = words.grid;
    rows.push([h.student, h.submittedAt, h.late, h.score, ...r.items.map((_, i) => `Q${i + 1}`)]);
    for (const s of r.students) {
      rows.push([
        s.name,
        s.submitted_at === null ? null : csvDateTime(s.submitted_at, lang, tz),
        s.late ? words.yes : words.no,
        percent(s.score),
        ...s.cells.map((c) => words.cells[c]),
      ]);
    }
  } else {
    const h = words.items;
    rows.push([
      h.question,
      h.stem,
      h.answers,
      h.blank,
      h.facility,
      h.discrimination,
      h.flags,
      h.choices,
    ]);
    r.analysis.forEach((a, i) => {
      rows.push([
        `Q${i + 1}`,
        a.stem,
        new Num(a.answers),
        new Num(a.blank),
        decimal3(a.facility),
        decimal3(a.discrimination),
        a.flags.map((f) => words.flags[f]).join(', ') || null,
        a.choices.map((c) => `${c.id}${c.correct ? '*' : ''}=${c.picked}`).join(' ') || null,
      ]);
    });
  }
  return { fileName: csvFileName(r.assignment.title, table, lang), csv: csvText(rows, lang) };
}
