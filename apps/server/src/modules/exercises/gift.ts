import { parse as parseGiftQuestions } from 'gift-pegjs';
import type {
  GIFTQuestion,
  MultipleChoice,
  Numerical,
  NumericalChoice,
  NumericalFormat,
  ShortAnswer,
  TextChoice,
  TextFormat,
  TrueFalse,
} from 'gift-pegjs';
import {
  type ChoiceInput,
  ITEM_CHOICES_MIN,
  type ItemInput,
  itemInputSchema,
} from '@aprenda/shared/schemas/exercises';

/**
 * Import of Moodle's GIFT format (issue 13): a teacher pastes or uploads a GIFT file and gets one
 * item input per question it can carry over, and one error per question it cannot — a bad question
 * never stops the others.
 *
 * The parsing itself is gift-pegjs (the maintained PEG grammar of GIFT). That parser stops at the
 * first error of the whole text, so this file first cuts the text into questions the way Moodle
 * does, and hands each question to the parser alone:
 * - lines are split on `\r\n`, `\r` or `\n` (a leading byte-order mark is dropped);
 * - a line whose first non-space characters are `//` is a comment and is dropped, wherever it is
 *   (Moodle blanks comment lines the same way; gift-pegjs would reject one inside `{ … }`);
 * - a `$CATEGORY:` line ends the question before it and is skipped: categories are not questions,
 *   and Aprenda has no question categories to put them in;
 * - a blank line (spaces only) ends a question — unless it falls inside an answer block `{ … }`
 *   (braces counted per line, `\{ \}` and every other backslash escape skipped) and the next
 *   non-blank line goes on with the answers (it starts with `=`, `~`, `#`, `%` or `}`): then the
 *   blank line is dropped and the question goes on. Any other line after a blank line inside an
 *   unclosed `{` starts a new question, so a forgotten `}` costs one question, not the rest of the
 *   file;
 * - each question remembers the line numbers of its lines, so the parser's error location is turned
 *   back into a line of the file.
 *
 * The grammar wants `= ~ # :` escaped even where they can mean nothing (a stem's "Observe: 1+1=2",
 * a URL); Moodle does not. A question the parser rejects is tried once more with those escaped
 * (`relaxEscapes`), so hand-written files import as they do in Moodle.
 *
 * A question's `line` is the line of its first line of text (after any comment lines before it),
 * and its `index` counts the questions of the file from 1 (categories and comments are not counted;
 * unsupported and broken questions are).
 *
 * Mapping to an item input (the post-zod shape, every defaulted field present; `skill_id`,
 * `template` null, `public` false):
 * - multiple choice with exactly one `=` answer → `single`, choices `a`, `b`, `c`… in order with
 *   their `#feedback` (the partial credit of weighted `~%n%` wrong answers has no place and is
 *   lost); with several `=` answers besides `~` ones → `multiple`, the `=` answers correct (Moodle
 *   would give full credit for any one of them: the closest Aprenda has is "pick all of them");
 *   with no `=` answer (Moodle's multiple-answer form, `~%50%a ~%50%b ~%-100%c`) → `multiple`, the
 *   answers with a positive weight correct;
 * - true/false `{T}` `{F}` `{TRUE}` `{FALSE}` → `single` with the choices "Verdadeiro" (`a`) and
 *   "Falso" (`b`). GIFT's feedbacks `{T#first#second}` are, as in Moodle, the feedback for a wrong
 *   answer and then for a right one; they go onto the choice that is wrong and the one that is
 *   right (gift-pegjs calls them `trueFeedback`/`falseFeedback`, but it only keeps their order);
 * - short answer (only `=` answers) → `text`, the answers with full credit (`=a`, `=%100%a`)
 *   accepted; per-answer feedback has no place in a text item and is dropped;
 * - numerical `{#3.14:0.01}` → `numeric` with an absolute tolerance; `{#1..5}` → the midpoint with
 *   half the width as tolerance; several answers `{#=3.14:0.01 =%50%3:0.5}` → the first one with
 *   full credit. Numbers are tidied to 12 significant digits (`(0.1 + 0.3) / 2` is `0.2`);
 * - essay, matching and description (text with no answer block) → error `unsupported_type`;
 * - a question with no answer counted as correct → error `no_correct_answer`.
 *
 * Text: the stem, choices, feedbacks and the general feedback `####…` (the item's `explanation`)
 * come out of gift-pegjs with the `[html]`/`[markdown]`/`[moodle]`/`[plain]` marker removed and the
 * escapes decoded (`\=` is `=`, `\n` a newline). Markdown text is kept as it is, Moodle and plain
 * text too (the parser has already joined their lines). HTML is turned into light markdown:
 * `<b>`/`<strong>` → `**`, `<i>`/`<em>` → `*`, `<br>` → a newline, the end of a paragraph → a blank
 * line, `<li>` → `- `, every other tag dropped (images too), entities decoded. Accepted answers of a
 * text item get the same without the `**`/`*`. A fill-in-the-blank question (`Two plus {=two}
 * equals four.`) keeps gift-pegjs's `_____` in its stem.
 *
 * Every input is checked with `itemInputSchema` (and a choice item needs ITEM_CHOICES_MIN
 * choices); a failure is an `invalid` error whose detail lists the failing paths and zod codes.
 *
 * Errors carry a stable `code` for the interface to word, and a `detail` for logs and support (the
 * parser's message, the question type, the zod paths) that is not meant to be shown as it is.
 */

/** At most this many questions per import (categories and comments not counted). */
export const GIFT_QUESTIONS_MAX = 500;

export const GIFT_ERROR_CODES = [
  /** The parser rejected the question (detail: `line L, column C: message`, L a file line). */
  'syntax',
  /** Essay, matching, description (detail: the GIFT type name). */
  'unsupported_type',
  /** No answer is correct (or none has full credit, for short and numerical answers). */
  'no_correct_answer',
  /** The text holds no question at all (index 0, line 0; the only error then). */
  'empty',
  /** The mapped item does not pass itemInputSchema or has too few choices (detail: zod paths). */
  'invalid',
  /**
   * More than GIFT_QUESTIONS_MAX questions: the only error then, and nothing is imported (index is
   * GIFT_QUESTIONS_MAX + 1 and line the line of that first question over the limit).
   */
  'too_many',
] as const;
export type GiftErrorCode = (typeof GIFT_ERROR_CODES)[number];

export interface GiftItem {
  /** The question's number in the file, from 1. */
  index: number;
  /** The file line the question starts on, from 1. */
  line: number;
  /** The GIFT title `::title::`, or null. */
  title: string | null;
  input: ItemInput;
}

export interface GiftError {
  /** The question's number in the file, from 1 (0 for `empty`). */
  index: number;
  /** The file line the question starts on, from 1 (0 for `empty`). */
  line: number;
  title: string | null;
  code: GiftErrorCode;
  /** For logs and support: the parser's message, the type name or the zod paths. */
  detail: string;
}

export interface GiftParseResult {
  items: GiftItem[];
  errors: GiftError[];
}

/** One question's text, its lines as they are in the file with their 1-based line numbers. */
interface QuestionBlock {
  lines: string[];
  lineNumbers: number[];
}

type Mapped = { input: ItemInput } | { code: GiftErrorCode; detail: string };

/** Parses a whole GIFT text: every question becomes an item or an error, in file order. */
export function parseGift(text: string): GiftParseResult {
  const blocks = splitQuestions(text);
  if (blocks.length === 0) {
    return {
      items: [],
      errors: [{ index: 0, line: 0, title: null, code: 'empty', detail: 'no question' }],
    };
  }
  if (blocks.length > GIFT_QUESTIONS_MAX) {
    const first = blocks[GIFT_QUESTIONS_MAX] as QuestionBlock;
    return {
      items: [],
      errors: [
        {
          index: GIFT_QUESTIONS_MAX + 1,
          line: first.lineNumbers[0] ?? 0,
          title: null,
          code: 'too_many',
          detail: `${blocks.length} questions, at most ${GIFT_QUESTIONS_MAX}`,
        },
      ],
    };
  }

  const items: GiftItem[] = [];
  const errors: GiftError[] = [];
  blocks.forEach((block, i) => {
    const index = i + 1;
    const line = block.lineNumbers[0] ?? 0;
    const source = block.lines.join('\n');
    const parsed = parseBlock(block);
    if ('error' in parsed) {
      errors.push({ index, line, title: titleOf(source), code: 'syntax', detail: parsed.error });
      return;
    }
    const questions = parsed.questions.filter((q) => q.type !== 'Category');
    const [question] = questions;
    if (questions.length !== 1 || !question) {
      errors.push({
        index,
        line,
        title: titleOf(source),
        code: 'syntax',
        detail: `expected one question, found ${questions.length}`,
      });
      return;
    }
    const title = question.title?.trim() || null;
    const mapped = mapQuestion(question);
    if ('input' in mapped) items.push({ index, line, title, input: mapped.input });
    else errors.push({ index, line, title, code: mapped.code, detail: mapped.detail });
  });
  return { items, errors };
}

// ---- Splitting the text into questions ----------------------------------------------------------

/** Starts of a line that go on with an answer block after a blank line inside `{ … }`. */
const ANSWER_LINE_STARTS = ['=', '~', '#', '%', '}'];

function isComment(trimmed: string): boolean {
  return trimmed.startsWith('//');
}

function splitQuestions(text: string): QuestionBlock[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const blocks: QuestionBlock[] = [];
  let current: QuestionBlock | null = null;
  let depth = 0;
  const flush = () => {
    if (current) blocks.push(current);
    current = null;
    depth = 0;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const trimmed = line.trim();
    if (isComment(trimmed)) continue;
    if (trimmed === '') {
      if (current && depth > 0 && answersGoOn(lines, i + 1)) continue;
      flush();
      continue;
    }
    if (trimmed.startsWith('$CATEGORY:')) {
      flush();
      continue;
    }
    current ??= { lines: [], lineNumbers: [] };
    current.lines.push(line);
    current.lineNumbers.push(i + 1);
    depth = Math.max(0, depth + braceBalance(line));
  }
  flush();
  return blocks;
}

/** Whether the next line with text after `from` continues an answer block. */
function answersGoOn(lines: string[], from: number): boolean {
  for (let i = from; i < lines.length; i++) {
    const trimmed = (lines[i] as string).trim();
    if (trimmed === '' || isComment(trimmed)) continue;
    return ANSWER_LINE_STARTS.some((start) => trimmed.startsWith(start));
  }
  return false;
}

/** `{` minus `}` in a line, escaped characters (`\{`, `\}`, `\\`…) skipped. */
function braceBalance(line: string): number {
  let balance = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '\\') i++;
    else if (ch === '{') balance++;
    else if (ch === '}') balance--;
  }
  return balance;
}

// ---- Parsing one question -----------------------------------------------------------------------

/**
 * gift-pegjs on one question: as written first; when that fails, once more with the special
 * characters that have no meaning where they stand escaped (see `relaxEscapes`). The error reported
 * is the second attempt's, its location mapped back to the file.
 */
function parseBlock(block: QuestionBlock): { questions: GIFTQuestion[] } | { error: string } {
  try {
    return { questions: parseGiftQuestions(block.lines.join('\n')) };
  } catch {
    const relaxed = relaxEscapes(block.lines);
    try {
      return { questions: parseGiftQuestions(relaxed.lines.join('\n')) };
    } catch (err) {
      return { error: syntaxDetail(err, block, relaxed.inserted) };
    }
  }
}

/**
 * The grammar of gift-pegjs wants `= ~ # { } :` escaped wherever they appear in text, stricter
 * than Moodle, which reads a `:` or `=` in a stem as itself. Hand-written files are full of them
 * ("Observe: 1+1=2", "http://…", "10:30"), so a question the parser rejects is tried again with a
 * backslash put before each such character where it can mean nothing else:
 * - outside the answer block (the stem, before and after `{ … }`, but not the `::title::`):
 *   `= ~ # :`;
 * - inside an answer block that is not numerical (`{#…}`, where `:` is the tolerance): `:`.
 * `{`, `}` and backslash escapes are left alone. Returns the lines and, per line, the columns
 * (0-based, in the new line) where a backslash was put, to map an error's column back.
 */
function relaxEscapes(lines: string[]): { lines: string[]; inserted: number[][] } {
  let depth = 0;
  let numeric = false;
  let afterOpen = false;
  let started = false;
  let inTitle = false;
  const out: string[] = [];
  const inserted: number[][] = [];
  for (const line of lines) {
    let result = '';
    const marks: number[] = [];
    for (let i = 0; i < line.length; i++) {
      const ch = line[i] as string;
      if (!started && ch.trim() !== '') {
        started = true;
        if (line.startsWith('::', i)) {
          inTitle = true;
          result += '::';
          i++;
          continue;
        }
      }
      if (ch === '\\') {
        result += line.slice(i, i + 2);
        i++;
        continue;
      }
      if (inTitle) {
        if (line.startsWith('::', i)) {
          inTitle = false;
          result += '::';
          i++;
        } else {
          result += ch;
        }
        continue;
      }
      if (ch === '{') {
        depth++;
        afterOpen = true;
      } else if (ch === '}') {
        depth = Math.max(0, depth - 1);
        if (depth === 0) numeric = false;
        afterOpen = false;
      } else {
        if (afterOpen && ch.trim() !== '') {
          numeric = ch === '#';
          afterOpen = false;
        }
        const special = depth === 0 ? '=~#:' : numeric ? '' : ':';
        if (special.includes(ch)) {
          marks.push(result.length);
          result += '\\';
        }
      }
      result += ch;
    }
    out.push(result);
    inserted.push(marks);
  }
  return { lines: out, inserted };
}

/** The `::title::` of a question the parser rejected, when it can be read. */
function titleOf(source: string): string | null {
  const match = /^\s*::((?:\\.|[^:\\]|:(?!:))*)::/.exec(source);
  const title = match?.[1]?.replace(/\\(.)/g, '$1').trim();
  return title || null;
}

/**
 * The parser's message with its location turned into a line and column of the file (the
 * backslashes relaxEscapes put in front of the error's column taken off again).
 */
function syntaxDetail(err: unknown, block: QuestionBlock, inserted: number[][]): string {
  const message = err instanceof Error ? err.message : String(err);
  const start = (err as { location?: { start?: { line?: number; column?: number } } } | null)
    ?.location?.start;
  if (!start?.line) return message;
  const fileLine =
    block.lineNumbers[start.line - 1] ?? block.lineNumbers[block.lineNumbers.length - 1];
  const column = start.column ?? 1;
  const shift = (inserted[start.line - 1] ?? []).filter((at) => at < column - 1).length;
  return `line ${fileLine}, column ${column - shift}: ${message}`;
}

// ---- Mapping one question to an item input ------------------------------------------------------

function mapQuestion(question: GIFTQuestion): Mapped {
  switch (question.type) {
    case 'MC':
      return mapMultipleChoice(question);
    case 'TF':
      return mapTrueFalse(question);
    case 'Short':
      return mapShortAnswer(question);
    case 'Numerical':
      return mapNumerical(question);
    default:
      return { code: 'unsupported_type', detail: question.type };
  }
}

type GradedQuestion = MultipleChoice | TrueFalse | ShortAnswer | Numerical;

/** The fields every kind shares, with the kind's own parts empty. */
function baseInput(question: GradedQuestion, kind: ItemInput['kind']): ItemInput {
  return {
    kind,
    stem: textOf(question.stem),
    explanation: textOf(question.globalFeedback),
    skill_id: null,
    choices: [],
    numeric: null,
    text: null,
    expression: null,
    template: null,
    public: false,
    // Moodle shuffles a question's answers unless the quiz says otherwise.
    shuffle_choices: true,
  };
}

/** `a`, `b`, … `z`, then `c27`, `c28`… (more than ITEM_CHOICES_MAX fails validation anyway). */
function choiceId(i: number): string {
  return i < 26 ? String.fromCharCode(97 + i) : `c${i + 1}`;
}

function choice(i: number, text: string, correct: boolean, feedback: string): ChoiceInput {
  return { id: choiceId(i), text, correct, feedback, misconception: '' };
}

/** A GIFT answer's credit in percent: its `%n%` weight, else 100 for `=` and 0 for `~`. */
function credit(answer: TextChoice | NumericalChoice): number {
  return answer.weight ?? (answer.isCorrect ? 100 : 0);
}

function mapMultipleChoice(question: MultipleChoice): Mapped {
  const hasEquals = question.choices.some((c) => c.isCorrect);
  const correct = question.choices.map((c) => (hasEquals ? c.isCorrect : (c.weight ?? 0) > 0));
  const correctCount = correct.filter(Boolean).length;
  if (correctCount === 0) return { code: 'no_correct_answer', detail: 'MC' };
  const input = baseInput(question, hasEquals && correctCount === 1 ? 'single' : 'multiple');
  input.choices = question.choices.map((c, i) =>
    choice(i, textOf(c.text), correct[i] === true, textOf(c.feedback)),
  );
  return validated(input);
}

function mapTrueFalse(question: TrueFalse): Mapped {
  // Moodle's order: the feedback for a wrong answer, then the one for a right answer.
  const wrongFeedback = textOf(question.trueFeedback);
  const rightFeedback = textOf(question.falseFeedback);
  const input = baseInput(question, 'single');
  input.choices = [
    choice(0, 'Verdadeiro', question.isTrue, question.isTrue ? rightFeedback : wrongFeedback),
    choice(1, 'Falso', !question.isTrue, question.isTrue ? wrongFeedback : rightFeedback),
  ];
  input.shuffle_choices = false;
  return validated(input);
}

function mapShortAnswer(question: ShortAnswer): Mapped {
  const accepted = [
    ...new Set(
      question.choices
        .filter((c) => credit(c) === 100)
        .map((c) => textOf(c.text, { markdown: false })),
    ),
  ];
  if (accepted.length === 0) return { code: 'no_correct_answer', detail: 'Short' };
  const input = baseInput(question, 'text');
  input.text = { accepted };
  return validated(input);
}

function mapNumerical(question: Numerical): Mapped {
  const answer = Array.isArray(question.choices)
    ? question.choices.find((c) => credit(c) === 100 && isNumericalFormat(c.text))?.text
    : question.choices;
  if (!answer || !isNumericalFormat(answer)) {
    return { code: 'no_correct_answer', detail: 'Numerical' };
  }
  const spec = numericOf(answer);
  if (!spec) return { code: 'invalid', detail: `numeric: no number (${answer.type})` };
  const input = baseInput(question, 'numeric');
  input.numeric = { ...spec, formula: null, tolerance_kind: 'absolute' };
  return validated(input);
}

/** gift-pegjs puts `{format, text: '*'}` in place of a numerical answer with no number. */
function isNumericalFormat(value: NumericalFormat | TextFormat): value is NumericalFormat {
  return 'type' in value;
}

function numericOf(format: NumericalFormat): { answer: number; tolerance: number } | null {
  switch (format.type) {
    case 'simple':
      return format.number === undefined ? null : { answer: tidy(format.number), tolerance: 0 };
    case 'range':
      return format.number === undefined
        ? null
        : { answer: tidy(format.number), tolerance: tidy(Math.abs(format.range ?? 0)) };
    case 'high-low': {
      if (format.numberLow === undefined || format.numberHigh === undefined) return null;
      const low = Math.min(format.numberLow, format.numberHigh);
      const high = Math.max(format.numberLow, format.numberHigh);
      return { answer: tidy((low + high) / 2), tolerance: tidy((high - low) / 2) };
    }
    default:
      return null;
  }
}

/** Rounds away binary noise: 12 significant digits. */
function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

/** The input as itemInputSchema returns it, or an `invalid` error with the failing paths. */
function validated(input: ItemInput): Mapped {
  const result = itemInputSchema.safeParse(input);
  if (!result.success) {
    const detail = result.error.issues
      .map((issue) => `${issue.path.join('.') || '(item)'}: ${issue.code}`)
      .join('; ');
    return { code: 'invalid', detail };
  }
  const parsed = result.data;
  if (
    (parsed.kind === 'single' || parsed.kind === 'multiple') &&
    parsed.choices.length < ITEM_CHOICES_MIN
  ) {
    return { code: 'invalid', detail: 'choices: too_few' };
  }
  return { input: parsed };
}

// ---- Text ---------------------------------------------------------------------------------------

const FORMAT_MARKER = /^\s*\[(?:html|markdown|moodle|plain)\]\s*/;

/** A GIFT text as stem, choice, feedback or answer text (see the file comment). */
function textOf(value: TextFormat | null, options: { markdown: boolean } = { markdown: true }) {
  if (!value) return '';
  const text = value.text.replace(FORMAT_MARKER, '');
  return (value.format === 'html' ? htmlToText(text, options.markdown) : text).trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const hex = name[1] === 'x' || name[1] === 'X';
      const codePoint = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** Simple HTML → text with light markdown (bold, italics, line breaks, paragraphs, list items). */
function htmlToText(html: string, markdown: boolean): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|div|h[1-6]|ul|ol|blockquote|table|tr)\s*>/gi, '\n\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/?(?:b|strong)\b[^>]*>/gi, markdown ? '**' : '')
    .replace(/<\/?(?:i|em)\b[^>]*>/gi, markdown ? '*' : '')
    .replace(/<\/?[a-z][a-z0-9-]*\b[^>]*>/gi, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
