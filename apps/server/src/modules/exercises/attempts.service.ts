import type {
  Attempt,
  AttemptAnswerResult,
  AutoFlashcard,
  GradedResult,
  ItemResponse,
  SetEntry,
} from '@aprenda/shared/schemas/exercises';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Executor } from '../../db/types.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { applyAnswer, standingIn } from '../learner/public.ts';
import { ownDeckTitles } from '../flashcards/public.ts';
import { activityDay, countAnswer } from '../metrics/public.ts';
import { createUserAction } from '../records/public.ts';
import {
  insertAttempt,
  selectAnsweredItemIds,
  selectAttempt,
  selectAttemptAnswers,
  selectItemsByIds,
  selectSkillPoolIds,
  selectUserAttempts,
  setAnswerAbility,
  setAnswerFlashcardDeck,
  submitAttemptRow,
  type AttemptRow,
  attemptItemIds,
} from './assignments.queries.ts';
import { assignmentAccess } from './assignments.service.ts';
import { gradeResponse } from './grading.ts';
import { addItemDifficulty, insertAnswer, selectAnswer, type ItemRow } from './items.queries.ts';
import { gradedResult, itemSpecOf, publicItem } from './items.service.ts';
import { AlreadyStored, guessOf, OVERALL } from './practice.service.ts';
import { parseEntries } from './sets.service.ts';
import { autoFlashcard } from './settings.service.ts';
import { resolveItem, seededShuffle, variantSeed } from './templates.ts';

/**
 * Attempts at an assignment (docs/api/exercises.md "Attempts"): a student starts one while the
 * assignment is open (after the due date too — it is then marked late) and has attempts left,
 * answers its items (graded here; the result shows at once or after the due date, as the teacher
 * chose), and hands it in. Each answer carries the client's id (a retry counts once). With
 * feedback at once an answer is final and moves the learner model immediately; with feedback after
 * the due date the student may change answers until handing in, and the model moves then.
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;
type Lang = 'pt-BR' | 'en';

/**
 * The items of one student's attempt: hand-picked items that still exist, then for each draw N
 * items of the skill's pool (the assigning teacher's and public items) the student has not
 * answered before — answered ones only when the pool runs short — in a seeded random order.
 */
async function chooseItems(
  ctx: Ctx,
  entries: SetEntry[],
  userId: string,
  teacherId: string | null,
  seed: string,
  shuffle: boolean,
): Promise<string[]> {
  const fixed = entries.flatMap((e) => ('item_id' in e ? [e.item_id] : []));
  const live = new Set(
    (await selectItemsByIds(ctx.db.db, fixed)).filter((r) => !r.deleted_at).map((r) => r.id),
  );
  const chosen: string[] = [];
  const taken = new Set<string>();
  let answered: Set<string> | null = null;
  for (const [i, entry] of entries.entries()) {
    if ('item_id' in entry) {
      if (live.has(entry.item_id) && !taken.has(entry.item_id)) {
        chosen.push(entry.item_id);
        taken.add(entry.item_id);
      }
      continue;
    }
    answered ??= await selectAnsweredItemIds(ctx.db.db, userId);
    const pool = await selectSkillPoolIds(ctx.db.db, entry.skill_id, teacherId ? [teacherId] : []);
    const fresh = seededShuffle(
      pool.filter((id) => !taken.has(id) && !answered!.has(id)),
      `${seed}:${i}`,
    );
    const seen = seededShuffle(
      pool.filter((id) => !taken.has(id) && answered!.has(id)),
      `${seed}:${i}:s`,
    );
    for (const id of [...fresh, ...seen].slice(0, entry.count)) {
      chosen.push(id);
      taken.add(id);
    }
  }
  return shuffle ? seededShuffle(chosen, `${seed}:order`) : chosen;
}

/** POST /assignments/{id}/attempts: start an attempt, or resume the one not handed in. */
export async function startAttempt(
  ctx: Ctx,
  userId: string,
  assignmentId: string,
  lang: Lang = 'pt-BR',
): Promise<Attempt> {
  const { row } = await assignmentAccess(ctx, userId, assignmentId);
  const now = ctx.clock.now();
  if (Date.parse(row.open_at) > now.getTime()) {
    throw conflict('The assignment is not open yet', 'assignment_not_open');
  }
  const attempts = await selectUserAttempts(ctx.db.db, userId, [assignmentId]);
  const open = attempts.find((t) => t.submitted_at === null);
  if (open) return readAttempt(ctx, userId, open, lang);
  const allowed = Number(row.attempts_allowed);
  if (allowed > 0 && attempts.length >= allowed) {
    throw conflict('No attempts left', 'no_attempts_left');
  }
  const id = uuidv7(now.getTime());
  const itemIds = await chooseItems(
    ctx,
    parseEntries(row.entries),
    userId,
    row.created_by,
    `${assignmentId}:${userId}:${attempts.length + 1}`,
    Number(row.shuffle) === 1,
  );
  try {
    await insertAttempt(ctx.db.db, {
      id,
      assignment_id: assignmentId,
      user_id: userId,
      number: attempts.length + 1,
      item_ids: JSON.stringify(itemIds),
      started_at: now.toISOString(),
      submitted_at: null,
      score: null,
    });
  } catch (err) {
    // A double tap raced itself: the other request's attempt is the one.
    const again = await selectUserAttempts(ctx.db.db, userId, [assignmentId]);
    const twin = again.find((t) => t.submitted_at === null);
    if (twin) return readAttempt(ctx, userId, twin, lang);
    throw err;
  }
  return readAttempt(ctx, userId, (await selectAttempt(ctx.db.db, id))!, lang);
}

/** The attempt if it is the caller's (404 otherwise), with its assignment. */
async function ownAttempt(ctx: Ctx, userId: string, attemptId: string) {
  const attempt = await selectAttempt(ctx.db.db, attemptId);
  if (!attempt || attempt.user_id !== userId) throw notFound('Attempt not found');
  const { row } = await assignmentAccess(ctx, userId, attempt.assignment_id);
  return { attempt, assignment: row };
}

function feedbackVisible(assignment: { feedback: string; due_at: string }, now: Date): boolean {
  return assignment.feedback === 'immediate' || Date.parse(assignment.due_at) <= now.getTime();
}

/** The last answer per item of an attempt. */
async function lastAnswers(db: Executor, attemptId: string) {
  const answers = await selectAttemptAnswers(db, [attemptId]);
  const last = new Map<string, (typeof answers)[number]>();
  for (const a of answers) last.set(a.item_id, a);
  return last;
}

async function readAttempt(
  ctx: Ctx,
  userId: string,
  attempt: AttemptRow,
  lang: Lang,
): Promise<Attempt> {
  const { row } = await assignmentAccess(ctx, userId, attempt.assignment_id);
  const ids = attemptItemIds(attempt);
  const items = new Map((await selectItemsByIds(ctx.db.db, ids)).map((r) => [r.id, r]));
  const last = await lastAnswers(ctx.db.db, attempt.id);
  const visible = feedbackVisible(row, ctx.clock.now());
  const deckIds = [...last.values()].flatMap((a) => a.flashcard_deck_id ?? []);
  const deckTitles = await ownDeckTitles(ctx.db.db, userId, deckIds);
  return {
    id: attempt.id,
    assignment_id: attempt.assignment_id,
    number: Number(attempt.number),
    started_at: attempt.started_at,
    submitted_at: attempt.submitted_at,
    late: Number(attempt.late) === 1,
    score: attempt.score === null || !visible ? null : Number(attempt.score),
    feedback_visible: visible,
    items: ids.flatMap((id) => {
      const item = items.get(id);
      if (!item) return [];
      const resolved = resolveItem(itemSpecOf(item), variantSeed(userId, id));
      const answer = last.get(id);
      const response = answer ? (JSON.parse(answer.response) as ItemResponse) : null;
      let result: GradedResult | null = null;
      if (visible && response)
        result = gradedResult(resolved, gradeResponse(resolved, response), lang);
      const deckId = answer?.flashcard_deck_id ?? null;
      const deckTitle = deckId === null ? undefined : deckTitles.get(deckId);
      const flashcard =
        deckId !== null && deckTitle !== undefined
          ? { deck_id: deckId, deck_title: deckTitle, deck_full: false }
          : null;
      return [{ item: publicItem(resolved), response, result, flashcard }];
    }),
  };
}

/** GET /attempts/{id}. */
export async function getAttempt(
  ctx: Ctx,
  userId: string,
  attemptId: string,
  lang: Lang = 'pt-BR',
): Promise<Attempt> {
  const { attempt } = await ownAttempt(ctx, userId, attemptId);
  return readAttempt(ctx, userId, attempt, lang);
}

/** Move the learner model for one answer and store the item's side; returns θ before/after. */
async function moveModel(
  trx: Executor,
  userId: string,
  item: ItemRow,
  score: number,
  now: string,
): Promise<{ before: number; after: number }> {
  const applied = await applyAnswer(
    trx,
    userId,
    item.skill_id ?? OVERALL,
    {
      difficulty: Number(item.difficulty),
      answers: Number(item.answer_count),
      guess: guessOf(itemSpecOf(item)),
    },
    score,
    now,
  );
  await addItemDifficulty(trx, item.id, applied.difficultyDelta);
  return { before: applied.abilityBefore, after: applied.abilityAfter };
}

/**
 * POST /attempts/{id}/answers: grade and store one answer. The result comes back when feedback
 * may show now, else null ("recorded"). Same id and answer again → the same answer (counted once).
 */
export async function answerAttempt(
  ctx: Ctx,
  userId: string,
  attemptId: string,
  input: {
    id: string;
    item_id: string;
    response: ItemResponse;
    duration_ms: number;
    lang: Lang;
    tz?: string | undefined;
  },
): Promise<{ created: boolean } & AttemptAnswerResult> {
  const { attempt, assignment } = await ownAttempt(ctx, userId, attemptId);
  if (!attemptItemIds(attempt).includes(input.item_id)) throw notFound('Item not in this attempt');
  const [item] = await selectItemsByIds(ctx.db.db, [input.item_id]);
  if (!item) throw notFound('Item not found');
  const resolved = resolveItem(itemSpecOf(item), variantSeed(userId, item.id));
  const visible = feedbackVisible(assignment, ctx.clock.now());
  const respond = (response: ItemResponse) =>
    visible ? gradedResult(resolved, gradeResponse(resolved, response), input.lang) : null;

  const known = await selectAnswer(ctx.db.db, userId, input.id);
  if (known) {
    if (known.item_id !== input.item_id || known.response !== JSON.stringify(input.response)) {
      throw conflict('Another answer was stored under this id', 'answer_conflict');
    }
    return { created: false, result: respond(input.response), flashcard: null };
  }
  if (attempt.submitted_at !== null) throw conflict('Handed in', 'attempt_submitted');
  const immediate = assignment.feedback === 'immediate';
  if (immediate && (await lastAnswers(ctx.db.db, attemptId)).has(input.item_id)) {
    throw conflict('Already answered', 'already_answered');
  }
  const outcome = gradeResponse(resolved, input.response);
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const graded = visible ? gradedResult(resolved, outcome, input.lang) : null;
  let flashcard: AutoFlashcard | null = null;
  try {
    await inTransaction(ctx.db, async (trx) => {
      const skillKey = item.skill_id ?? OVERALL;
      const standing = await standingIn(trx, userId, skillKey);
      const moved = immediate
        ? await moveModel(trx, userId, item, outcome.score, nowIso)
        : { before: standing.ability, after: standing.ability };
      const stored = await insertAnswer(trx, {
        id: input.id,
        user_id: userId,
        item_id: item.id,
        skill_id: skillKey,
        context: 'assignment',
        attempt_id: attemptId,
        response: JSON.stringify(input.response),
        correct: outcome.correct ? 1 : 0,
        score: outcome.score,
        ability_before: moved.before,
        ability_after: moved.after,
        duration_ms: input.duration_ms,
        created_at: nowIso,
      });
      if (!stored) throw new AlreadyStored();
      await countAnswer(trx, ctx.db, {
        userId,
        day: activityDay(ctx.clock.now(), input.tz),
        correct: outcome.correct,
        durationMs: input.duration_ms,
        classId: assignment.class_id,
      });
      // Only with feedback at once: before the due date of a feedback-after-due assignment the
      // card would tell the answer, and its answers may still change until handed in.
      if (immediate && graded) {
        flashcard = await autoFlashcard(
          trx,
          userId,
          {
            item: publicItem(resolved),
            result: graded,
            lang: input.lang,
            assignmentTitle: assignment.title,
          },
          now,
        );
        if (flashcard && !flashcard.deck_full) {
          await setAnswerFlashcardDeck(trx, input.id, flashcard.deck_id);
        }
      }
    });
  } catch (err) {
    if (!(err instanceof AlreadyStored)) throw err;
    return { created: false, result: respond(input.response), flashcard: null };
  }
  return { created: true, result: graded, flashcard };
}

/**
 * POST /attempts/{id}/submit: hand the attempt in — its score is the mean of the items' last
 * answers (unanswered items count 0), late when after the due date; with feedback after the due
 * date the learner model moves now, once per item. Handing in twice answers the same.
 */
export async function submitAttempt(
  ctx: Ctx,
  userId: string,
  attemptId: string,
  lang: Lang = 'pt-BR',
): Promise<Attempt> {
  const { attempt, assignment } = await ownAttempt(ctx, userId, attemptId);
  if (attempt.submitted_at !== null) return readAttempt(ctx, userId, attempt, lang);
  const ids = attemptItemIds(attempt);
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const late = now.getTime() > Date.parse(assignment.due_at);
  let submittedNow = false;
  let score = 0;
  await inTransaction(ctx.db, async (trx) => {
    const last = await lastAnswers(trx, attemptId);
    const total = ids.reduce((sum, id) => sum + Number(last.get(id)?.score ?? 0), 0);
    score = ids.length > 0 ? total / ids.length : 0;
    submittedNow = await submitAttemptRow(trx, attemptId, {
      submitted_at: nowIso,
      score,
      late: late ? 1 : 0,
    });
    if (!submittedNow) return;
    // In the submission's own commit.
    await createUserAction(
      ctx,
      userId,
      {
        action: 'exercise_submitted',
        context: { assignment_id: assignment.id, attempt_id: attemptId, score, late },
      },
      trx,
    );
    if (assignment.feedback === 'immediate') return;
    const items = new Map((await selectItemsByIds(trx, [...last.keys()])).map((r) => [r.id, r]));
    for (const [itemId, answer] of last) {
      const item = items.get(itemId);
      if (!item) continue;
      const moved = await moveModel(trx, userId, item, Number(answer.score), nowIso);
      await setAnswerAbility(trx, userId, answer.id, moved.before, moved.after);
    }
  });
  return readAttempt(ctx, userId, (await selectAttempt(ctx.db.db, attemptId))!, lang);
}
