import type { UserRole } from '@aprenda/shared/constants';
import type { FieldError } from '@aprenda/shared/errors';
import type { Page } from '@aprenda/shared/schemas/common';
import type {
  GradedResult,
  ItemDetail,
  ItemInput,
  ItemKind,
  ItemResponse,
  PublicItem,
} from '@aprenda/shared/schemas/exercises';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { decodeCursor, pageOf } from '../../lib/cursor.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { foldText, searchWords } from '../../lib/search-text.ts';
import { guessFloor } from '../learner/public.ts';
import { findSkills } from '../skills/public.ts';
import { checkItem, correctAnswerOf, gradeResponse, type GradeOutcome } from './grading.ts';
import {
  insertItems,
  selectAuthorItemPage,
  selectItem,
  updateItemRow,
  type ItemRow,
} from './items.queries.ts';
import { resolveItem, type ItemSpec, type ResolvedItem } from './templates.ts';

/**
 * Items as their authors (teachers) write and read them (docs/api/exercises.md). Only teacher
 * accounts create items; an item is read, changed, tried and deleted by its author alone — anyone
 * else gets 404. What a student receives of an item is `publicItem` below: never the answer.
 */

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** The parts of an item stored in its `spec` column (never sent to a student before answering). */
interface StoredSpec {
  choices: ItemInput['choices'];
  numeric: ItemInput['numeric'];
  text: ItemInput['text'];
  expression: ItemInput['expression'];
  template: ItemInput['template'];
  /** Absent in items saved before the option: their choices keep the written order. */
  shuffle_choices?: boolean;
}

function parseSpec(json: string): Required<StoredSpec> {
  const v = JSON.parse(json) as Partial<StoredSpec>;
  return {
    choices: v.choices ?? [],
    numeric: v.numeric ?? null,
    text: v.text ?? null,
    expression: v.expression ?? null,
    template: v.template ?? null,
    shuffle_choices: v.shuffle_choices ?? false,
  };
}

/** The item as the grading and template code read it. */
export function itemSpecOf(
  row: Pick<ItemRow, 'id' | 'kind' | 'stem' | 'explanation' | 'skill_id' | 'public' | 'spec'>,
): ItemSpec {
  return {
    id: row.id,
    kind: row.kind as ItemKind,
    stem: row.stem,
    explanation: row.explanation,
    skill_id: row.skill_id,
    public: Number(row.public) === 1,
    ...parseSpec(row.spec),
  };
}

function toDetail(row: ItemRow): ItemDetail {
  const { id: _id, ...input } = itemSpecOf(row);
  return {
    ...input,
    id: row.id,
    author_id: row.author_id,
    difficulty: Number(row.difficulty),
    answer_count: Number(row.answer_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What a student receives before answering: the stem and the choices' texts, nothing else. */
export function publicItem(resolved: ResolvedItem): PublicItem {
  return {
    id: resolved.id,
    kind: resolved.kind,
    stem: resolved.stem,
    choices: resolved.choices.map((c) => ({ id: c.id, text: c.text })),
    skill_id: resolved.skill_id,
  };
}

/** The graded answer as the API answers it. */
export function gradedResult(
  resolved: ResolvedItem,
  outcome: GradeOutcome,
  lang: 'pt-BR' | 'en',
): GradedResult {
  return {
    correct: outcome.correct,
    score: outcome.score,
    feedback: outcome.feedback,
    explanation: resolved.explanation,
    correct_answer: correctAnswerOf(resolved, lang),
  };
}

export function requireTeacherAccount(role: UserRole): void {
  if (role !== 'teacher') {
    throw forbidden('Only teacher accounts write items', 'teacher_account_required');
  }
}

/** Authoring checks beyond the schema (grading.ts) and an existing skill, as field errors. */
export async function validateItem(ctx: Ctx, input: ItemInput, prefix = ''): Promise<FieldError[]> {
  const errors: FieldError[] = checkItem(input).map((e) => ({
    path: prefix + e.path,
    code: e.code,
    message: e.code.replace(/_/g, ' '),
  }));
  if (input.skill_id !== null) {
    const found = await findSkills(ctx, [input.skill_id]);
    if (found.length === 0) {
      errors.push({ path: `${prefix}skill_id`, code: 'unknown_skill', message: 'No such skill' });
    }
  }
  return errors;
}

function rowValues(input: ItemInput) {
  const spec: StoredSpec = {
    choices: input.choices,
    numeric: input.numeric,
    text: input.text,
    expression: input.expression,
    template: input.template,
    shuffle_choices: input.shuffle_choices,
  };
  return {
    kind: input.kind,
    stem: input.stem,
    explanation: input.explanation,
    skill_id: input.skill_id,
    public: input.public ? 1 : 0,
    spec: JSON.stringify(spec),
    search: foldText(input.stem),
    guess: guessFloor(
      input.kind,
      input.choices.length,
      input.choices.filter((c) => c.correct).length,
    ),
  };
}

/** POST /items: a teacher's new item (400 `validation_failed` with the fields at fault). */
export async function createItem(
  ctx: Ctx,
  user: { id: string; role: UserRole },
  input: ItemInput,
): Promise<ItemDetail> {
  requireTeacherAccount(user.role);
  const errors = await validateItem(ctx, input);
  if (errors.length > 0) throw badRequest('Invalid item', errors);
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const id = uuidv7(now.getTime());
  await insertItems(ctx.db.db, [
    {
      id,
      author_id: user.id,
      ...rowValues(input),
      created_at: iso,
      updated_at: iso,
      deleted_at: null,
    },
  ]);
  return getItem(ctx, user.id, id);
}

/** The item if `userId` wrote it; 404 otherwise (whether or not it exists). */
async function ownItem(ctx: Ctx, userId: string, id: string): Promise<ItemRow> {
  const row = await selectItem(ctx.db.db, id);
  if (!row || row.author_id !== userId) throw notFound('Item not found');
  return row;
}

export async function getItem(ctx: Ctx, userId: string, id: string): Promise<ItemDetail> {
  return toDetail(await ownItem(ctx, userId, id));
}

/** PUT /items/{id}: the whole item again (its learner-model difficulty is kept). */
export async function updateItem(
  ctx: Ctx,
  userId: string,
  id: string,
  input: ItemInput,
): Promise<ItemDetail> {
  await ownItem(ctx, userId, id);
  const errors = await validateItem(ctx, input);
  if (errors.length > 0) throw badRequest('Invalid item', errors);
  await updateItemRow(ctx.db.db, id, {
    ...rowValues(input),
    updated_at: ctx.clock.now().toISOString(),
  });
  return getItem(ctx, userId, id);
}

/** DELETE /items/{id}: gone from lists and pools; past answers keep pointing to it. */
export async function deleteItem(ctx: Ctx, userId: string, id: string): Promise<void> {
  await ownItem(ctx, userId, id);
  const iso = ctx.clock.now().toISOString();
  await updateItemRow(ctx.db.db, id, { deleted_at: iso, updated_at: iso });
}

/** GET /items: the caller's items, newest first. */
export async function listItems(
  ctx: Ctx,
  userId: string,
  query: {
    q?: string | undefined;
    skill_id?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<Page<ItemDetail>> {
  const after = query.cursor
    ? (() => {
        const [created_at, id] = decodeCursor(query.cursor, 2) as [string, string];
        return { created_at, id };
      })()
    : null;
  const words = searchWords(query.q);
  const rows = await selectAuthorItemPage(
    ctx.db.db,
    userId,
    { words, skillId: query.skill_id },
    after,
    query.limit + 1,
  );
  const page = pageOf(rows, query.limit, (last) => [last.created_at, last.id]);
  return { items: page.rows.map(toDetail), nextCursor: page.nextCursor };
}

/**
 * POST /items/{id}/try: the author answers their own item as a student would see it (the variant
 * of `seed`), and gets the graded result — how a teacher checks a template or a tolerance.
 */
export async function tryItem(
  ctx: Ctx,
  userId: string,
  id: string,
  input: { response: ItemResponse; seed: string; lang: 'pt-BR' | 'en' },
): Promise<{ item: PublicItem; result: GradedResult }> {
  const row = await ownItem(ctx, userId, id);
  const resolved = resolveItem(itemSpecOf(row), input.seed);
  const outcome = gradeResponse(resolved, input.response);
  return { item: publicItem(resolved), result: gradedResult(resolved, outcome, input.lang) };
}

/** Items a GIFT import saves, in one transaction (all or nothing). */
export async function saveImportedItems(
  ctx: Ctx,
  userId: string,
  inputs: ItemInput[],
): Promise<string[]> {
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const rows = inputs.map((input, i) => ({
    id: uuidv7(now.getTime() + i),
    author_id: userId,
    ...rowValues(input),
    created_at: iso,
    updated_at: iso,
    deleted_at: null,
  }));
  await inTransaction(ctx.db, (trx) => insertItems(trx, rows));
  return rows.map((r) => r.id);
}
