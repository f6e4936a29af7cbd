import type {
  AssignmentResults,
  ItemAnalysis,
  ItemKind,
  ItemResponse,
} from '@aprenda/shared/schemas/exercises';
import type { AppContext } from '../../context.ts';
import { listMembers, requireTeacher } from '../classes/public.ts';
import {
  selectAssignmentAttempts,
  selectAttemptAnswers,
  selectItemsByIds,
  type AttemptRow,
  attemptItemIds,
} from './assignments.queries.ts';
import { assignmentAccess, toAssignments } from './assignments.service.ts';
import { itemSpecOf } from './items.service.ts';
import { parseEntries } from './sets.service.ts';
import { resolveItem, variantSeed } from './templates.ts';

/**
 * A teacher's results of one assignment (docs/api/exercises.md "Results"): the students × items
 * grid (every question of the list, answered or not yet, then those drawn from a skill; each
 * student's best handed-in attempt, else the one in progress), the score distribution and the
 * item analysis as Moodle computes it —
 * - facility index F = mean score on the item (share right, partial credit counted);
 * - discrimination index D = Pearson correlation between the item's score and the score on the
 *   rest of the assignment, over the students who got the item (null when either does not vary);
 * - how often each choice was picked;
 * - flags once an item has at least FLAG_MIN_ANSWERS answers: `too_easy` (F > 0.7), `too_hard`
 *   (F < 0.3), `low_discrimination` (D < 0.25), `unused_distractor` (a wrong choice nobody
 *   picked).
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;

export const FLAG_MIN_ANSWERS = 5;
export const FACILITY_LOW = 0.3;
export const FACILITY_HIGH = 0.7;
export const DISCRIMINATION_MIN = 0.25;

function pearson(xs: number[], ys: number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** A stored response as the teacher reads it: the picked choices' texts, or what was typed. */
function answerText(
  row: Parameters<typeof itemSpecOf>[0],
  userId: string,
  responseJson: string,
): string {
  const response = JSON.parse(responseJson) as ItemResponse;
  if ('value' in response) return response.value;
  const picked = 'choice' in response ? [response.choice] : response.choices;
  const choices = resolveItem(itemSpecOf(row), variantSeed(userId, row.id)).choices;
  return picked.map((id) => choices.find((c) => c.id === id)?.text ?? id).join('; ');
}

/** Each student's attempt that counts: the best handed in, else the latest in progress. */
function countingAttempts(attempts: AttemptRow[]): Map<string, AttemptRow> {
  const out = new Map<string, AttemptRow>();
  for (const t of attempts) {
    const cur = out.get(t.user_id);
    const better =
      !cur ||
      (t.submitted_at !== null && cur.submitted_at === null) ||
      (t.submitted_at !== null &&
        cur.submitted_at !== null &&
        Number(t.score ?? 0) > Number(cur.score ?? 0)) ||
      (t.submitted_at === null && cur.submitted_at === null && t.number > cur.number);
    if (better) out.set(t.user_id, t);
  }
  return out;
}

/** GET /assignments/{id}/results (teachers of the class). */
export async function assignmentResults(
  ctx: Ctx,
  userId: string,
  assignmentId: string,
): Promise<AssignmentResults> {
  const { row, access } = await assignmentAccess(ctx, userId, assignmentId);
  requireTeacher(access);
  const students: { user_id: string; name: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await listMembers(ctx, access, { limit: 100, cursor });
    for (const m of page.items) if (m.role === 'student') students.push(m);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);

  // The class's students now: a removed student's attempts stay stored (they count again if the
  // student comes back) but leave the grid, the distribution and the analysis alike.
  const current = new Set(students.map((s) => s.user_id));
  const counting = countingAttempts(
    (await selectAssignmentAttempts(ctx.db.db, assignmentId)).filter((t) => current.has(t.user_id)),
  );
  const attemptIds = [...counting.values()].map((t) => t.id);
  const answers = await selectAttemptAnswers(ctx.db.db, attemptIds);
  // The last answer per (attempt, item).
  const last = new Map<string, (typeof answers)[number]>();
  for (const a of answers) last.set(`${a.attempt_id}|${a.item_id}`, a);

  // The list's questions, numbered as the list has them (Q1 is the list's first question,
  // whatever order a shuffled attempt showed it in, and whoever started first) — before anyone
  // starts too: each is there with no answers yet. A question deleted from the collection stays
  // only if some student got it (a student starting now no longer does). The items drawn from a
  // skill come after, in order of first appearance among the students' attempts.
  const given = new Set<string>();
  const drawn: string[] = [];
  for (const t of counting.values()) {
    for (const id of attemptItemIds(t)) if (!given.has(id) && (given.add(id), true)) drawn.push(id);
  }
  const chosen = parseEntries(row.entries).flatMap((e) => ('item_id' in e ? [e.item_id] : []));
  const itemRows = new Map(
    (await selectItemsByIds(ctx.db.db, [...new Set([...chosen, ...drawn])])).map((r) => [r.id, r]),
  );
  const listed = chosen.filter((id) => given.has(id) || !itemRows.get(id)?.deleted_at);
  const order = [...new Set([...listed, ...drawn])];
  const items = order
    .filter((id) => itemRows.has(id))
    .map((id) => ({ id, stem: itemRows.get(id)!.stem, kind: itemRows.get(id)!.kind as ItemKind }));

  const distribution = Array.from({ length: 10 }, () => 0);
  const studentRows: AssignmentResults['students'] = students.map((s) => {
    const t = counting.get(s.user_id);
    const given = new Set(t ? attemptItemIds(t) : []);
    const cells = items.map((item) => {
      if (!t || !given.has(item.id)) return 'missing' as const;
      const a = last.get(`${t.id}|${item.id}`);
      if (!a) return 'missing' as const;
      const score = Number(a.score);
      return score >= 0.999
        ? ('correct' as const)
        : score > 0
          ? ('partial' as const)
          : ('wrong' as const);
    });
    const answers = items.map((item) => {
      const a = t && given.has(item.id) ? last.get(`${t.id}|${item.id}`) : undefined;
      return a ? answerText(itemRows.get(item.id)!, s.user_id, a.response) : null;
    });
    const score = t?.submitted_at ? Number(t.score ?? 0) : null;
    if (score !== null) distribution[Math.min(9, Math.floor(score * 10))]! += 1;
    return {
      user_id: s.user_id,
      name: s.name,
      submitted_at: t?.submitted_at ?? null,
      late: t ? Number(t.late) === 1 : false,
      score,
      cells,
      answers,
    };
  });

  const analysis: ItemAnalysis[] = items.map((item) => {
    const row = itemRows.get(item.id)!;
    const spec = itemSpecOf(row);
    const itemScores: number[] = [];
    const restScores: number[] = [];
    const picks = new Map<string, number>();
    let blank = 0;
    for (const t of counting.values()) {
      const ids = attemptItemIds(t);
      if (!ids.includes(item.id)) continue;
      const a = last.get(`${t.id}|${item.id}`);
      if (!a && t.submitted_at === null) continue;
      const mine = Number(a?.score ?? 0);
      const total = ids.reduce((sum, id) => sum + Number(last.get(`${t.id}|${id}`)?.score ?? 0), 0);
      itemScores.push(mine);
      restScores.push(total - mine);
      if (!a) blank += 1;
      if (a) {
        const response = JSON.parse(a.response) as ItemResponse;
        const picked =
          'choice' in response ? [response.choice] : 'choices' in response ? response.choices : [];
        for (const id of picked) picks.set(id, (picks.get(id) ?? 0) + 1);
      }
    }
    const n = itemScores.length;
    const facility = n > 0 ? itemScores.reduce((x, y) => x + y, 0) / n : null;
    const discrimination = pearson(itemScores, restScores);
    const choices = spec.choices.map((c) => ({
      id: c.id,
      text: c.text,
      correct: c.correct,
      picked: picks.get(c.id) ?? 0,
    }));
    const flags: ItemAnalysis['flags'] = [];
    if (n >= FLAG_MIN_ANSWERS && facility !== null) {
      if (facility > FACILITY_HIGH) flags.push('too_easy');
      if (facility < FACILITY_LOW) flags.push('too_hard');
      if (discrimination === null || discrimination < DISCRIMINATION_MIN) {
        flags.push('low_discrimination');
      }
      if (choices.some((c) => !c.correct && c.picked === 0)) flags.push('unused_distractor');
    }
    return {
      item_id: item.id,
      stem: item.stem,
      kind: item.kind,
      answers: n,
      blank,
      facility,
      discrimination,
      choices,
      flags,
    };
  });

  const [assignment] = await toAssignments(ctx, [row]);
  return {
    assignment: assignment!,
    items,
    students: studentRows,
    distribution,
    analysis,
  };
}
