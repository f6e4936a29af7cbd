import { z } from 'zod';
import { pageQuerySchema } from './common.ts';
import { modelIdSchema } from './conversations.ts';
import { timeZoneSchema } from './flashcards.ts';

/**
 * Exercises API contract (issue 13; docs/api/exercises.md): items a teacher writes, what a student
 * receives of them (never the answer), what a student sends back, and the graded result.
 *
 * An item is one of five kinds:
 * - `single` — one correct choice; `multiple` — every correct choice and no other (partial credit:
 *   see the server's grading); both carry `choices` with per-choice feedback and an optional
 *   misconception tag;
 * - `numeric` — `numeric.answer` within `numeric.tolerance` (absolute, or relative: a fraction of
 *   the answer); the student may type a comma or a dot as the decimal separator;
 * - `text` — one of `text.accepted`, case, accents and spacing ignored;
 * - `expression` — a maths expression equivalent to `expression.answer` (LaTeX), checked by a CAS.
 *
 * **Templates.** `template.variables` draws numbers from ranges, seeded per student and item, so
 * each student gets their own variant. `{{name}}` in the stem, the explanation, the choices and the
 * expression answer is replaced by the drawn value; a numeric item's answer is then
 * `numeric.formula` (arithmetic on the variables: `+ - * / ^ ( )`, `sqrt abs round floor ceil min
 * max`, `pi`) instead of `numeric.answer`.
 */

export const ITEM_KINDS = ['single', 'multiple', 'numeric', 'text', 'expression'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const ITEM_STEM_MAX = 10_000;
export const ITEM_EXPLANATION_MAX = 10_000;
export const ITEM_CHOICES_MIN = 2;
export const ITEM_CHOICES_MAX = 10;
export const ITEM_CHOICE_MAX = 1000;
export const ITEM_FEEDBACK_MAX = 1000;
export const ITEM_MISCONCEPTION_MAX = 80;
export const ITEM_ACCEPTED_MAX = 20;
export const ITEM_ACCEPTED_ANSWER_MAX = 200;
export const ITEM_EXPRESSION_MAX = 500;
export const ITEM_FORMULA_MAX = 500;
export const TEMPLATE_VARIABLES_MAX = 8;
/** A student's typed answer (numeric, text or expression), in characters. */
export const RESPONSE_TEXT_MAX = 1000;

/** A template variable's name: a letter, then letters, digits or `_` (not a function name). */
export const TEMPLATE_VARIABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,19}$/;

const choiceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);

export const choiceInputSchema = z.object({
  id: choiceIdSchema,
  text: z.string().trim().min(1).max(ITEM_CHOICE_MAX),
  correct: z.boolean(),
  feedback: z.string().trim().max(ITEM_FEEDBACK_MAX).default(''),
  misconception: z.string().trim().max(ITEM_MISCONCEPTION_MAX).default(''),
});
export type ChoiceInput = z.infer<typeof choiceInputSchema>;

/**
 * How two choices' texts compare: trimmed, runs of spaces as one, case ignored (`7`, ` 7 ` and
 * `x  +1` vs `X +1` are the same choice to a student).
 */
export function choiceTextKey(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The choices that repeat an earlier one's text (`choiceTextKey`), each as its index and the
 * index of the first choice with that text; empty texts are left out (they are faults of their
 * own). A choice item must not have two: a student would see the same option twice
 * (`duplicate_choice_text` at `choices.<i>.text`).
 */
export function duplicateChoiceTexts(
  choices: readonly { text: string }[],
): { index: number; first: number }[] {
  const seen = new Map<string, number>();
  const out: { index: number; first: number }[] = [];
  choices.forEach((c, index) => {
    const key = choiceTextKey(c.text);
    if (key === '') return;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else out.push({ index, first });
  });
  return out;
}

export const templateVariableSchema = z
  .object({
    name: z.string().regex(TEMPLATE_VARIABLE_NAME),
    min: z.number().finite(),
    max: z.number().finite(),
    /** The drawn value is min + k·step (k a whole number), never above max. */
    step: z.number().finite().positive(),
  })
  .refine((v) => v.max >= v.min, { path: ['max'], message: 'max_below_min' });
export type TemplateVariable = z.infer<typeof templateVariableSchema>;

export const templateSchema = z.object({
  variables: z.array(templateVariableSchema).min(1).max(TEMPLATE_VARIABLES_MAX),
});
export type Template = z.infer<typeof templateSchema>;

export const numericSpecSchema = z.object({
  /** The answer (ignored when the item has a template and a formula). */
  answer: z.number().finite().nullable().default(null),
  /** A template item's answer, computed from its variables. */
  formula: z.string().trim().max(ITEM_FORMULA_MAX).nullable().default(null),
  tolerance: z.number().finite().min(0).default(0),
  tolerance_kind: z.enum(['absolute', 'relative']).default('absolute'),
});
export type NumericSpec = z.infer<typeof numericSpecSchema>;

export const textSpecSchema = z.object({
  accepted: z
    .array(z.string().trim().min(1).max(ITEM_ACCEPTED_ANSWER_MAX))
    .min(1)
    .max(ITEM_ACCEPTED_MAX),
});
export type TextSpec = z.infer<typeof textSpecSchema>;

export const expressionSpecSchema = z.object({
  /** LaTeX, e.g. `2x+2` or `\frac{x}{2}`; `{{name}}` for a template's variables. */
  answer: z.string().trim().min(1).max(ITEM_EXPRESSION_MAX),
});
export type ExpressionSpec = z.infer<typeof expressionSpecSchema>;

/** What a teacher writes (POST/PATCH of an item); the server checks the kind's own part. */
export const itemInputSchema = z.object({
  kind: z.enum(ITEM_KINDS),
  stem: z.string().trim().min(1).max(ITEM_STEM_MAX),
  explanation: z.string().trim().max(ITEM_EXPLANATION_MAX).default(''),
  skill_id: z.string().min(1).max(128).nullable().default(null),
  choices: z.array(choiceInputSchema).max(ITEM_CHOICES_MAX).default([]),
  numeric: numericSpecSchema.nullable().default(null),
  text: textSpecSchema.nullable().default(null),
  expression: expressionSpecSchema.nullable().default(null),
  template: templateSchema.nullable().default(null),
  /** Public items are in every student's practice pool; private ones only in the author's classes. */
  public: z.boolean().default(false),
  /**
   * Choice items: each student sees the choices in their own order (seeded by student and item,
   * so a reload or a later visit keeps it). Off for choices that refer to each other ("todas as
   * anteriores"). Items saved before this option keep their written order.
   */
  shuffle_choices: z.boolean().default(true),
});
export type ItemInput = z.infer<typeof itemInputSchema>;

/** The language numbers in answers are written in (decimal comma in pt-BR). */
export const answerLanguageSchema = z.enum(['pt-BR', 'en']).default('pt-BR');

/** What a student sends for one item. */
export const responseSchema = z.union([
  z.object({ choice: choiceIdSchema }),
  z.object({ choices: z.array(choiceIdSchema).max(ITEM_CHOICES_MAX) }),
  z.object({ value: z.string().max(RESPONSE_TEXT_MAX) }),
]);
export type ItemResponse = z.infer<typeof responseSchema>;

/** An item as a student receives it before answering: no answer, tolerance, list or formula. */
export interface PublicItem {
  id: string;
  kind: ItemKind;
  /** With the student's own template values in place. */
  stem: string;
  choices: { id: string; text: string }[];
  skill_id: string | null;
}

/** The graded answer, when feedback may show. */
export interface GradedResult {
  correct: boolean;
  /** 0–1 (partial credit for `multiple`). */
  score: number;
  /** The feedback of the choices the student picked (choice items). */
  feedback: { choice_id: string; text: string; misconception: string }[];
  explanation: string;
  /** The correct answer as text to show (the choice ids for choice items). */
  correct_answer: { choices: string[] } | { value: string };
}

// ── Authoring (teachers) ───────────────────────────────────────────────────────────────────────

export const ITEM_QUERY_MAX = 200;

/** GET /items: the caller's own items, newest first; `q` searches the stem, accent-blind. */
export const listItemsQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(ITEM_QUERY_MAX).optional(),
  skill_id: z.string().min(1).max(128).optional(),
});

/** An item as its author reads it (everything, answers included). */
export type ItemDetail = ItemInput & {
  id: string;
  author_id: string;
  /** The learner model's difficulty (0 = a student of average ability gets it right half the time). */
  difficulty: number;
  answer_count: number;
  created_at: string;
  updated_at: string;
};

/** POST /items/{id}/try: the author answers their own item (one variant per `seed`). */
export const tryItemSchema = z.object({
  response: responseSchema,
  seed: z.string().max(100).default('preview'),
  lang: answerLanguageSchema,
});

/** POST /items/import/gift: Moodle GIFT text; `save: false` only checks it (the preview). */
export const GIFT_TEXT_MAX = 1_000_000;
export const giftImportSchema = z.object({
  text: z.string().min(1).max(GIFT_TEXT_MAX),
  save: z.boolean().default(false),
  skill_id: z.string().min(1).max(128).nullable().default(null),
});

// ── Adaptive practice (students) ───────────────────────────────────────────────────────────────

export const MASTERY_LEVELS = ['attempted', 'familiar', 'proficient', 'mastered'] as const;
export type MasteryLevel = (typeof MASTERY_LEVELS)[number];

/** POST /practice/next: a skill, or null for "o que eu mais preciso". */
export const practiceNextSchema = z.object({
  skill_id: z.string().min(1).max(128).nullable().default(null),
});

/** The next item of a practice, or null when the pool has none. */
export interface PracticeNext {
  item: PublicItem | null;
  skill_id: string | null;
}

export const ANSWER_DURATION_MAX_MS = 3_600_000;

/** POST /practice/answers. */
export const practiceAnswerSchema = z.object({
  /** The client's id: a retry or a double tap counts once. */
  id: z.uuid(),
  item_id: z.string().min(1).max(128),
  response: responseSchema,
  duration_ms: z.number().int().min(0).max(ANSWER_DURATION_MAX_MS).default(0),
  lang: answerLanguageSchema,
  /** The student's time zone (IANA): the study day the answer counts for (metrics). */
  tz: timeZoneSchema.optional(),
});
export type PracticeAnswerInput = z.input<typeof practiceAnswerSchema>;

/** One student's standing in one skill. */
export interface SkillMastery {
  skill_id: string;
  level: MasteryLevel | null;
  ability: number;
  answers: number;
  /** Predicted success on an item of average difficulty (0–1). */
  success: number;
}

/**
 * The flashcard a wrong answer became automatically (settings `auto_flashcards`), in the
 * student's own deck; `deck_full`: the deck holds the most cards it may, so none was added.
 */
export interface AutoFlashcard {
  deck_id: string;
  deck_title: string;
  deck_full: boolean;
}

export interface PracticeAnswerResult {
  result: GradedResult;
  mastery: SkillMastery;
  /** The level before this answer (null: the first answer in the skill). */
  previous_level: MasteryLevel | null;
  /** Set when this answer made a flashcard now (never on a retry of a stored answer). */
  flashcard: AutoFlashcard | null;
}

/** GET/PUT /practice/settings: the student's practice settings (one per account). */
export const practiceSettingsSchema = z.object({
  /** Each wrong answer whose feedback shows at once becomes a flashcard. */
  auto_flashcards: z.boolean(),
});
export type PracticeSettings = z.infer<typeof practiceSettingsSchema>;

/** GET /practice/skills: the skills of the caller's pool with their standing. */
export interface PracticeSkill {
  id: string;
  code: string | null;
  name: string;
  items: number;
  mastery: SkillMastery | null;
}

/** GET /practice/skills/{id}/history: the answers that moved a skill ("por que mudou?"). */
export interface SkillHistoryEntry {
  answer_id: string;
  item_id: string;
  /** The item's stem as the student saw it. */
  stem: string;
  correct: boolean;
  ability_before: number;
  ability_after: number;
  created_at: string;
}

// ── Sets and assignments ───────────────────────────────────────────────────────────────────────

export const SET_TITLE_MAX = 120;
export const SET_DESCRIPTION_MAX = 2000;
export const SET_ENTRIES_MAX = 100;
export const DRAW_COUNT_MAX = 50;
export const ATTEMPTS_MAX = 10;

/** One entry of a set: an item chosen by hand, or N items drawn from a skill's pool per student. */
export const setEntrySchema = z.union([
  z.object({ item_id: z.string().min(1).max(128) }),
  z.object({
    skill_id: z.string().min(1).max(128),
    count: z.number().int().min(1).max(DRAW_COUNT_MAX),
  }),
]);
export type SetEntry = z.infer<typeof setEntrySchema>;

export const setInputSchema = z.object({
  title: z.string().trim().min(1).max(SET_TITLE_MAX),
  description: z.string().trim().max(SET_DESCRIPTION_MAX).default(''),
  entries: z.array(setEntrySchema).min(1).max(SET_ENTRIES_MAX),
});
export type SetInput = z.infer<typeof setInputSchema>;

/** A set as its author reads it. */
export interface ExerciseSet {
  id: string;
  title: string;
  description: string;
  entries: (
    | { item_id: string; kind: ItemKind | null; stem: string | null }
    | { skill_id: string; count: number }
  )[];
  /** How many items a student starting now answers (items deleted since then no longer count). */
  size: number;
  created_at: string;
  updated_at: string;
}

export const FEEDBACK_MODES = ['immediate', 'after_due'] as const;
export type FeedbackMode = (typeof FEEDBACK_MODES)[number];

/** POST /classes/{id}/assignments. Times are ISO date-times with an offset. */
export const assignmentInputSchema = z
  .object({
    set_id: z.string().min(1).max(128),
    open_at: z.iso.datetime({ offset: true }),
    due_at: z.iso.datetime({ offset: true }),
    /** 0: as many as the student wants. */
    attempts_allowed: z.number().int().min(0).max(ATTEMPTS_MAX).default(1),
    shuffle: z.boolean().default(true),
    feedback: z.enum(FEEDBACK_MODES).default('immediate'),
  })
  .refine((v) => Date.parse(v.due_at) > Date.parse(v.open_at), {
    path: ['due_at'],
    message: 'due_before_open',
  });
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

/**
 * PATCH /assignments/{id}: the teacher moves the dates or changes the attempts allowed. Each field
 * optional, at least one; the dates are checked against the stored ones (due after open, a new due
 * date not past).
 */
export const assignmentUpdateSchema = z
  .object({
    open_at: z.iso.datetime({ offset: true }).optional(),
    due_at: z.iso.datetime({ offset: true }).optional(),
    attempts_allowed: z.number().int().min(0).max(ATTEMPTS_MAX).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'at least one field is required',
  });
export type AssignmentUpdate = z.input<typeof assignmentUpdateSchema>;

export interface Assignment {
  id: string;
  class_id: string;
  class_title: string;
  set_id: string;
  title: string;
  description: string;
  open_at: string;
  due_at: string;
  attempts_allowed: number;
  shuffle: boolean;
  feedback: FeedbackMode;
  /** The class event of the due date (the calendar and the iCal feed show it). */
  event_id: string | null;
  /** Items a student starting now answers (chosen items deleted since no longer count). */
  size: number;
  created_at: string;
}

/** An assignment as a student lists it ("Para fazer" / "Feitas"). */
export interface StudentAssignment extends Assignment {
  status: 'upcoming' | 'todo' | 'in_progress' | 'done' | 'missed';
  attempts_used: number;
  /**
   * The best submitted score (0–1), or null — also null while feedback waits for the due date
   * (the score would tell which answers were right).
   */
  best_score: number | null;
  late: boolean;
  /** The student's latest attempt (to resume it or read its result from any device). */
  last_attempt_id: string | null;
}

/** An attempt as its student reads it. */
export interface Attempt {
  id: string;
  assignment_id: string;
  number: number;
  started_at: string;
  submitted_at: string | null;
  late: boolean;
  /**
   * Sum of the items' scores / items (0–1), once submitted and once feedback may show (with
   * feedback after the due date, null until then).
   */
  score: number | null;
  items: {
    item: PublicItem;
    /** The student's answer so far (their own words), or null. */
    response: ItemResponse | null;
    /** Present once feedback may show (at once, or after the due date). */
    result: GradedResult | null;
    /** The flashcard the last answer became automatically (its deck still exists), or null. */
    flashcard: AutoFlashcard | null;
  }[];
  /** Whether results show now (feedback `immediate`, or the due date has passed). */
  feedback_visible: boolean;
}

/** The answer of POST /attempts/{id}/answers. */
export interface AttemptAnswerResult {
  /** Null while feedback waits for the due date ("recorded"). */
  result: GradedResult | null;
  /** Set when this answer made a flashcard now (feedback `immediate` only). */
  flashcard: AutoFlashcard | null;
}

/** POST /attempts/{id}/answers. */
export const attemptAnswerSchema = z.object({
  id: z.uuid(),
  item_id: z.string().min(1).max(128),
  response: responseSchema,
  duration_ms: z.number().int().min(0).max(ANSWER_DURATION_MAX_MS).default(0),
  lang: answerLanguageSchema,
  /** The student's time zone (IANA): the study day the answer counts for (metrics). */
  tz: timeZoneSchema.optional(),
});

// ── Results (teachers) ─────────────────────────────────────────────────────────────────────────

export interface ItemAnalysis {
  item_id: string;
  stem: string;
  kind: ItemKind;
  /** Attempts that count for the item: answered, or handed in with it blank (scored 0). */
  answers: number;
  /** Of `answers`, the handed-in attempts that left the item blank. */
  blank: number;
  /** Share of the answers that were right (Moodle's facility index), or null without answers. */
  facility: number | null;
  /** Correlation of the item's score with the rest of the test (Moodle's discrimination index). */
  discrimination: number | null;
  /** How often each choice was picked (choice items). */
  choices: { id: string; text: string; correct: boolean; picked: number }[];
  flags: ('too_easy' | 'too_hard' | 'low_discrimination' | 'unused_distractor')[];
}

export interface AssignmentResults {
  assignment: Assignment;
  items: { id: string; stem: string; kind: ItemKind }[];
  students: {
    user_id: string;
    name: string;
    submitted_at: string | null;
    late: boolean;
    score: number | null;
    /** Per item of `items`: the state of the student's best attempt. */
    cells: ('correct' | 'wrong' | 'partial' | 'missing')[];
    /**
     * Per item of `items`: what the student answered, as text (the picked choices' texts in their
     * own variant, or what they typed), or null.
     */
    answers: (string | null)[];
  }[];
  /** Scores of the submitted students in ten bands (0–10 %, …, 90–100 %). */
  distribution: number[];
  analysis: ItemAnalysis[];
}

/** `?lang=` of the attempt routes (numbers in correct answers). */
export const langQuerySchema = z.object({ lang: answerLanguageSchema });

/** GET /assignments/{id}/results.csv?table=grid|items (the server adds `lang` and `tz`: results-csv.ts). */
export const resultsCsvQuerySchema = z.object({
  table: z.enum(['grid', 'items']).default('grid'),
});

export const listSetsQuerySchema = pageQuerySchema;

// ── Items from the AI ──────────────────────────────────────────────────────────────────────────

export const GENERATE_ITEMS_TEXT_MAX = 20_000;
export const GENERATE_ITEMS_COUNT_MAX = 20;
export const GENERATE_ITEMS_COUNT_DEFAULT = 5;

/**
 * POST /items/generate: the AI proposes items from a topic or a text; nothing is saved — the
 * teacher reviews, edits or discards each and saves the ones kept through POST /items.
 */
export const generateItemsSchema = z.object({
  text: z.string().trim().min(1).max(GENERATE_ITEMS_TEXT_MAX),
  skill_id: z.string().min(1).max(128).nullable().default(null),
  count: z
    .number()
    .int()
    .min(1)
    .max(GENERATE_ITEMS_COUNT_MAX)
    .default(GENERATE_ITEMS_COUNT_DEFAULT),
  model: modelIdSchema.optional(),
});
export type GenerateItemsInput = z.input<typeof generateItemsSchema>;

export interface GenerateItemsResult {
  /** Proposals that pass every authoring check, ready for POST /items. */
  items: ItemInput[];
  model: string;
}
