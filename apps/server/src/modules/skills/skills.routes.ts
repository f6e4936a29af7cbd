import { Hono } from 'hono';
import { createSkillSchema, skillsQuerySchema } from '@aprenda/shared/schemas/skills';
import type { AppContext, AppEnv } from '../../context.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { idParams, zv } from '../../middleware/validate.ts';
import { createSkillAs, getSkill, listSkills } from './skills.service.ts';

/** Skills catalogue under `${API_PREFIX}/skills` (docs/api/skills.md). */
export function skillsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser);

  r.get('/', zv('query', skillsQuerySchema), async (c) => {
    return c.json(await listSkills(ctx, c.req.valid('query')));
  });

  r.get('/:id', idParams('id'), async (c) => {
    return c.json(await getSkill(ctx, c.req.valid('param').id));
  });

  r.post('/', zv('json', createSkillSchema), async (c) => {
    return c.json(await createSkillAs(ctx, currentUser(c), c.req.valid('json')), 201);
  });

  return r;
}
