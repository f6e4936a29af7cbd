import type { UserRole } from '@aprenda/shared/constants';
import type { ItemKind } from '@aprenda/shared/schemas/exercises';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/app-error.ts';
import { parseGift, type GiftError } from './gift.ts';
import { findSkills } from '../skills/public.ts';
import { checkItem } from './grading.ts';
import { requireTeacherAccount, saveImportedItems } from './items.service.ts';

/**
 * POST /items/import/gift: Moodle GIFT text → items. The answer lists what each question became
 * and, per question, what is wrong with the others (with its line), before anything is saved
 * (`save: false`); with `save: true` the good questions are saved in one transaction — a file
 * whose every question is at fault saves nothing (400).
 */

type Ctx = Pick<AppContext, 'db' | 'clock'>;

export interface GiftImportAnswer {
  items: { index: number; line: number; title: string | null; kind: ItemKind; stem: string }[];
  errors: (Omit<GiftError, 'detail'> & { path?: string })[];
  /** Ids of the saved items (empty for a preview). */
  saved: string[];
}

export async function importGift(
  ctx: Ctx,
  user: { id: string; role: UserRole },
  input: { text: string; save: boolean; skill_id: string | null },
): Promise<GiftImportAnswer> {
  requireTeacherAccount(user.role);
  // The skill once for the whole file (not once per question).
  if (input.skill_id !== null && (await findSkills(ctx, [input.skill_id])).length === 0) {
    throw badRequest('Unknown skill', [
      { path: 'skill_id', code: 'unknown_skill', message: 'No such skill' },
    ]);
  }
  const parsed = parseGift(input.text);
  const errors: GiftImportAnswer['errors'] = parsed.errors.map(({ detail: _detail, ...e }) => e);
  const good: typeof parsed.items = [];
  for (const item of parsed.items) {
    const withSkill = { ...item.input, skill_id: input.skill_id };
    const problems = checkItem(withSkill);
    if (problems.length > 0) {
      errors.push({
        index: item.index,
        line: item.line,
        title: item.title,
        code: 'invalid',
        path: problems[0]!.path,
      });
    } else {
      good.push({ ...item, input: withSkill });
    }
  }
  errors.sort((a, b) => a.index - b.index);
  const items = good.map((g) => ({
    index: g.index,
    line: g.line,
    title: g.title,
    kind: g.input.kind,
    stem: g.input.stem,
  }));
  if (!input.save) return { items, errors, saved: [] };
  if (good.length === 0) {
    throw badRequest('No question can be imported', [
      { path: 'text', code: 'gift_nothing_to_import', message: 'No question can be imported' },
    ]);
  }
  const saved = await saveImportedItems(
    ctx,
    user.id,
    good.map((g) => g.input),
  );
  return { items, errors, saved };
}
