import type {
  AutoFlashcard,
  ItemResponse,
  PracticeAnswerResult,
  PracticeNext,
  SkillHistoryEntry,
  SkillMastery,
} from '@aprenda/shared/schemas/exercises';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { practiceTargetOf } from '../classes/public.ts';
import {
  applyAnswer,
  guessFloor,
  type AppliedAnswer,
  pickNextItem,
  predictCorrect,
  standingIn,
  TARGET_DEFAULT,
  TARGET_MAX,
  TARGET_MIN,
} from '../learner/public.ts';
import { activityDay, countAnswer } from '../metrics/public.ts';
import { createUserAction } from '../records/public.ts';
import { gradeResponse } from './grading.ts';
import {
  addItemDifficulty,
  insertAnswer,
  selectAnswer,
  selectItem,
  selectPoolCandidates,
  selectSeenItems,
  selectSkillAnswers,
  type ItemRow,
} from './items.queries.ts';
import { gradedResult, itemSpecOf, publicItem } from './items.service.ts';
import { neediestSkill, poolAuthors, practiceSkills } from './practice-skills.service.ts';
import { autoFlashcard } from './settings.service.ts';
import { resolveItem, variantSeed, type ItemSpec } from './templates.ts';

/**
 * Adaptive practice (docs/api/exercises.md "Practice"): the student picks a skill, or lets the
 * server pick the one they most need; the next item is the one of the student's pool whose
 * predicted success is closest to the target (learner module); each answer is graded here, moves
 * the student's ability and the item's difficulty, and is kept with the client's id (a retry
 * counts once).
 *
 * The pool: public items, and the items of the teachers of the student's classes (and the
 * student's own, for a teacher trying their items). An item outside it is 404.
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;

/** Thrown inside an answer's transaction when its client id was stored meanwhile. */
export class AlreadyStored extends Error {}

/** The skill key of the learner model for an item without a skill. */
export const OVERALL = '*';
/** Practice candidates read on each side of the target difficulty. */
export const CANDIDATES_PER_SIDE = 40;
/** Answers "por que mudou?" lists. */
export const HISTORY_LIMIT = 20;

/** GET /practice/skills (practice-skills.service.ts: "Hoje" asks it too). */
export { practiceSkills };

export function guessOf(spec: ItemSpec): number {
  return guessFloor(spec.kind, spec.choices.length, spec.choices.filter((c) => c.correct).length);
}

/** POST /practice/next: the item to answer now (null when the pool has none). */
export async function nextPracticeItem(
  ctx: Ctx,
  userId: string,
  input: { skill_id: string | null },
): Promise<PracticeNext> {
  const authors = await poolAuthors(ctx, userId);
  let skillId = input.skill_id;
  if (skillId === null) {
    skillId = neediestSkill(await practiceSkills(ctx, userId, authors));
    if (skillId === null) return { item: null, skill_id: null };
  }
  const [standing, classTarget] = await Promise.all([
    standingIn(ctx.db.db, userId, skillId),
    practiceTargetOf(ctx, userId),
  ]);
  // Items with no guessing are predicted right at the target when d = θ − logit(target); the
  // nearest items on either side of that difficulty are the candidates.
  const target = Math.min(TARGET_MAX, Math.max(TARGET_MIN, classTarget ?? TARGET_DEFAULT));
  const center = standing.ability - Math.log(target / (1 - target));
  const pool = await selectPoolCandidates(ctx.db.db, authors, skillId, center, CANDIDATES_PER_SIDE);
  if (pool.length === 0) return { item: null, skill_id: skillId };
  const seen = await selectSeenItems(
    ctx.db.db,
    ctx.db,
    userId,
    pool.map((p) => p.id),
  );
  const seenOf = new Map(seen.map((s) => [s.item_id, s]));
  const candidates = pool.map((row) => {
    const s = seenOf.get(row.id);
    return {
      id: row.id,
      difficulty: Number(row.difficulty),
      guess: Number(row.guess),
      lastSeenAt: s ? Date.parse(s.last) : null,
      seenCount: s?.seen ?? 0,
    };
  });
  const picked = pickNextItem(candidates, standing.ability, {
    target,
    now: ctx.clock.now().getTime(),
    seed: `${userId}:${skillId}:${standing.answers}`,
  });
  if (picked === null) return { item: null, skill_id: skillId };
  const row = await selectItem(ctx.db.db, picked);
  if (!row) return { item: null, skill_id: skillId };
  return {
    item: publicItem(resolveItem(itemSpecOf(row), variantSeed(userId, row.id))),
    skill_id: skillId,
  };
}

/** The item if it is in the caller's pool; 404 otherwise. */
async function poolItem(ctx: Ctx, userId: string, itemId: string): Promise<ItemRow> {
  const row = await selectItem(ctx.db.db, itemId);
  if (!row) throw notFound('Item not found');
  if (Number(row.public) !== 1 && row.author_id !== userId) {
    const authors = await poolAuthors(ctx, userId);
    if (!authors.includes(row.author_id)) throw notFound('Item not found');
  }
  return row;
}

function sameResponse(stored: string, response: ItemResponse): boolean {
  return stored === JSON.stringify(response);
}

/**
 * POST /practice/answers: grade one answer, store it with the client's id and move the learner
 * model. The same id again with the same answer gives the same result without counting twice
 * (200); with another answer, 409 `answer_conflict`.
 */
export async function answerPractice(
  ctx: Ctx,
  userId: string,
  input: {
    id: string;
    item_id: string;
    response: ItemResponse;
    duration_ms: number;
    lang: 'pt-BR' | 'en';
    tz?: string | undefined;
  },
): Promise<{ created: boolean; answer: PracticeAnswerResult }> {
  const known = await selectAnswer(ctx.db.db, userId, input.id);
  if (known) return { created: false, answer: await replay(ctx, userId, known, input) };

  const row = await poolItem(ctx, userId, input.item_id);
  const spec = itemSpecOf(row);
  const resolved = resolveItem(spec, variantSeed(userId, row.id));
  const outcome = gradeResponse(resolved, input.response);
  const skillKey = row.skill_id ?? OVERALL;
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const graded = gradedResult(resolved, outcome, input.lang);

  let applied: AppliedAnswer;
  let flashcard: AutoFlashcard | null = null;
  try {
    applied = await inTransaction(ctx.db, async (trx) => {
      const fresh = (await selectItem(trx, row.id)) ?? row;
      const result = await applyAnswer(
        trx,
        userId,
        skillKey,
        {
          difficulty: Number(fresh.difficulty),
          answers: Number(fresh.answer_count),
          guess: guessOf(spec),
        },
        outcome.score,
        nowIso,
      );
      const stored = await insertAnswer(trx, {
        id: input.id,
        user_id: userId,
        item_id: row.id,
        skill_id: skillKey,
        context: 'practice',
        attempt_id: null,
        response: JSON.stringify(input.response),
        correct: outcome.correct ? 1 : 0,
        score: outcome.score,
        ability_before: result.abilityBefore,
        ability_after: result.abilityAfter,
        duration_ms: input.duration_ms,
        created_at: nowIso,
      });
      // Another request stored this id first (a double tap racing itself): undo all of it.
      if (!stored) throw new AlreadyStored();
      await addItemDifficulty(trx, row.id, result.difficultyDelta);
      await countAnswer(trx, ctx.db, {
        userId,
        day: activityDay(ctx.clock.now(), input.tz),
        correct: outcome.correct,
        durationMs: input.duration_ms,
        classId: null,
      });
      flashcard = await autoFlashcard(
        trx,
        userId,
        { item: publicItem(resolved), result: graded, lang: input.lang, assignmentTitle: null },
        now,
      );
      // In the answer's own commit (one commit per answer, not two).
      await createUserAction(
        ctx,
        userId,
        {
          action: 'practice_answered',
          context: { item_id: row.id, skill_id: row.skill_id, correct: outcome.correct },
        },
        trx,
      );
      return result;
    });
  } catch (err) {
    if (!(err instanceof AlreadyStored)) throw err;
    const twin = await selectAnswer(ctx.db.db, userId, input.id);
    if (!twin) throw err;
    return { created: false, answer: await replay(ctx, userId, twin, input) };
  }
  return {
    created: true,
    answer: {
      result: graded,
      mastery: applied.mastery,
      previous_level: applied.previousLevel,
      flashcard,
    },
  };
}

async function replay(
  ctx: Ctx,
  userId: string,
  known: { item_id: string; response: string; skill_id: string },
  input: { item_id: string; response: ItemResponse; lang: 'pt-BR' | 'en' },
): Promise<PracticeAnswerResult> {
  if (known.item_id !== input.item_id || !sameResponse(known.response, input.response)) {
    throw conflict('Another answer was stored under this id', 'answer_conflict');
  }
  const row = await poolItem(ctx, userId, known.item_id);
  const resolved = resolveItem(itemSpecOf(row), variantSeed(userId, row.id));
  const outcome = gradeResponse(resolved, input.response);
  const standing = await standingIn(ctx.db.db, userId, known.skill_id);
  const mastery: SkillMastery = {
    skill_id: known.skill_id,
    level: standing.level,
    ability: standing.ability,
    answers: standing.answers,
    success: predictCorrect(standing.ability, 0),
  };
  return {
    result: gradedResult(resolved, outcome, input.lang),
    mastery,
    previous_level: standing.level,
    // A retry creates nothing: the card (if any) came with the first answer.
    flashcard: null,
  };
}

/** GET /practice/skills/{id}/history: the answers that moved a skill, newest first. */
export async function skillHistory(
  ctx: Ctx,
  userId: string,
  skillId: string,
): Promise<SkillHistoryEntry[]> {
  const rows = await selectSkillAnswers(ctx.db.db, userId, skillId, HISTORY_LIMIT);
  return rows.map((r) => {
    const spec = itemSpecOf({
      id: r.item_id,
      kind: r.kind,
      stem: r.stem,
      explanation: '',
      skill_id: r.skill_id === OVERALL ? null : r.skill_id,
      public: 0,
      spec: r.spec,
    });
    return {
      answer_id: r.id,
      item_id: r.item_id,
      stem: resolveItem(spec, variantSeed(userId, r.item_id)).stem,
      correct: Number(r.correct) === 1,
      ability_before: Number(r.ability_before),
      ability_after: Number(r.ability_after),
      created_at: r.created_at,
    };
  });
}
