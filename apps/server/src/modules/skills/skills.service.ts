import type { UserRole } from '@aprenda/shared/constants';
import type { Page } from '@aprenda/shared/schemas/common';
import type { Skill } from '@aprenda/shared/schemas/skills';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { foldText, searchWords } from '../../lib/search-text.ts';
import {
  insertSkill,
  isUniqueViolation,
  selectSkillPage,
  selectSkillsByIds,
} from './skills.queries.ts';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** GET /skills: the whole catalogue (built-in and teachers' skills), coded ones by code first. */
export function listSkills(
  ctx: Ctx,
  query: { q?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<Page<Skill>> {
  return selectSkillPage(ctx.db.db, searchWords(query.q), query);
}

/**
 * POST /skills: teacher accounts add a skill to the shared catalogue (students → 403
 * `teacher_account_required`); a code already in the catalogue → 409 `skill_code_taken`.
 */
export async function createSkillAs(
  ctx: Ctx,
  user: { id: string; role: UserRole },
  input: { name: string; code?: string | null | undefined },
): Promise<Skill> {
  if (user.role !== 'teacher') {
    throw forbidden('Only teacher accounts add skills', 'teacher_account_required');
  }
  const now = ctx.clock.now();
  const code = input.code ?? null;
  try {
    return await insertSkill(ctx.db.db, {
      id: uuidv7(now.getTime()),
      code,
      name: input.name,
      built_in: 0,
      search: foldText(code ? `${code} ${input.name}` : input.name),
      sort_key: code ? `0${code}` : `1${foldText(input.name)}`,
      created_by: user.id,
      created_at: now.toISOString(),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A skill with this code exists', 'skill_code_taken');
    throw err;
  }
}

/** The skills among `ids` that exist. */
export function findSkills(ctx: Pick<AppContext, 'db'>, ids: readonly string[]): Promise<Skill[]> {
  return selectSkillsByIds(ctx.db.db, [...new Set(ids)]);
}

/** GET /skills/{id}: one skill of the catalogue (the card editor shows the chosen one); 404 otherwise. */
export async function getSkill(ctx: Pick<AppContext, 'db'>, id: string): Promise<Skill> {
  const [skill] = await findSkills(ctx, [id]);
  if (!skill) throw notFound('No such skill');
  return skill;
}
