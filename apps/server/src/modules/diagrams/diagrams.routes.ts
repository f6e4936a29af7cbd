import { Hono } from 'hono';
import {
  createDiagramSchema,
  diagramSharesSchema,
  updateDiagramSchema,
} from '@aprenda/shared/schemas/diagrams';
import type { AppContext, AppEnv } from '../../context.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { idParams as params, zv } from '../../middleware/validate.ts';
import { diagramAccess } from './access.service.ts';
import {
  createDiagram,
  deleteDiagram,
  diagramDetail,
  listDiagrams,
  setDiagramShares,
  updateDiagram,
} from './diagrams.service.ts';
import { generateRoutes } from './generate.routes.ts';

/**
 * Diagrams (Mermaid) under /api/diagrams (docs/api/diagrams.md), mounted by app.ts. Every route
 * needs a session; what the caller may do comes from the diagram (its owner, or the classes it
 * is shared with) — anyone else gets 404. Answers are JSON only: the code and labels are the
 * user's text, returned as stored (the web renders them with Mermaid's strict security level).
 * POST /generate lives in generate.routes.ts.
 */
export function diagramsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser);
  r.route('/', generateRoutes(ctx));

  r.get('/', async (c) => c.json(await listDiagrams(ctx, currentUser(c).id)));

  r.post('/', zv('json', createDiagramSchema), async (c) =>
    c.json(await createDiagram(ctx, currentUser(c).id, c.req.valid('json')), 201),
  );

  r.get('/:id', params('id'), async (c) => {
    const access = await diagramAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await diagramDetail(ctx, access));
  });

  r.patch('/:id', params('id'), zv('json', updateDiagramSchema), async (c) => {
    const access = await diagramAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await updateDiagram(ctx, access, c.req.valid('json')));
  });

  r.delete('/:id', params('id'), async (c) => {
    await deleteDiagram(ctx, await diagramAccess(ctx, c.req.valid('param').id, currentUser(c).id));
    return c.body(null, 204);
  });

  r.put('/:id/shares', params('id'), zv('json', diagramSharesSchema), async (c) => {
    const access = await diagramAccess(ctx, c.req.valid('param').id, currentUser(c).id);
    return c.json(await setDiagramShares(ctx, access, c.req.valid('json')));
  });

  return r;
}
