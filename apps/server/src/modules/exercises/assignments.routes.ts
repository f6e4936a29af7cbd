import { Hono } from 'hono';
import {
  assignmentInputSchema,
  assignmentUpdateSchema,
  attemptAnswerSchema,
  langQuerySchema,
  listSetsQuerySchema,
  setInputSchema,
} from '@aprenda/shared/schemas/exercises';
import type { AppContext, AppEnv } from '../../context.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { idParams as params, zv } from '../../middleware/validate.ts';
import {
  classAssignments,
  createAssignment,
  deleteAssignment,
  getAssignment,
  myAssignments,
  ownAssignmentEvents,
  updateAssignment,
} from './assignments.service.ts';
import { answerAttempt, getAttempt, startAttempt, submitAttempt } from './attempts.service.ts';
import { resultsCsv, resultsCsvFullQuerySchema } from './results-csv.ts';
import { assignmentResults } from './results.service.ts';
import { createSet, deleteSet, getSet, listSets, updateSet } from './sets.service.ts';

/**
 * Sets, assignments, attempts and results under the API prefix (docs/api/exercises.md). Every
 * route needs a session; sets are their author's, assignments their class's (404 for anyone
 * else), attempts their student's.
 */
export function assignmentsRoutes(ctx: AppContext) {
  ownAssignmentEvents();
  const r = new Hono<AppEnv>();
  for (const path of ['/sets', '/sets/*', '/assignments', '/assignments/*', '/attempts/*']) {
    r.use(path, requireUser);
  }
  r.use('/classes/:id/assignments', requireUser);

  // ── Sets ──
  r.get('/sets', zv('query', listSetsQuerySchema), async (c) =>
    c.json(await listSets(ctx, currentUser(c).id, c.req.valid('query'))),
  );
  r.post('/sets', zv('json', setInputSchema), async (c) =>
    c.json(await createSet(ctx, currentUser(c), c.req.valid('json')), 201),
  );
  r.get('/sets/:id', params('id'), async (c) =>
    c.json(await getSet(ctx, currentUser(c).id, c.req.valid('param').id)),
  );
  r.put('/sets/:id', params('id'), zv('json', setInputSchema), async (c) =>
    c.json(await updateSet(ctx, currentUser(c).id, c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/sets/:id', params('id'), async (c) => {
    await deleteSet(ctx, currentUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });

  // ── Assignments ──
  r.get('/classes/:id/assignments', params('id'), async (c) =>
    c.json(await classAssignments(ctx, currentUser(c).id, c.req.valid('param').id)),
  );
  r.post('/classes/:id/assignments', params('id'), zv('json', assignmentInputSchema), async (c) =>
    c.json(
      await createAssignment(ctx, currentUser(c).id, c.req.valid('param').id, c.req.valid('json')),
      201,
    ),
  );
  r.get('/assignments', async (c) => c.json(await myAssignments(ctx, currentUser(c).id)));
  r.get('/assignments/:id', params('id'), async (c) =>
    c.json(await getAssignment(ctx, currentUser(c).id, c.req.valid('param').id)),
  );
  r.patch('/assignments/:id', params('id'), zv('json', assignmentUpdateSchema), async (c) =>
    c.json(
      await updateAssignment(ctx, currentUser(c).id, c.req.valid('param').id, c.req.valid('json')),
    ),
  );
  r.delete('/assignments/:id', params('id'), async (c) => {
    await deleteAssignment(ctx, currentUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });
  r.get('/assignments/:id/results', params('id'), async (c) =>
    c.json(await assignmentResults(ctx, currentUser(c).id, c.req.valid('param').id)),
  );
  r.get(
    '/assignments/:id/results.csv',
    params('id'),
    zv('query', resultsCsvFullQuerySchema),
    async (c) => {
      const { fileName, csv } = await resultsCsv(
        ctx,
        currentUser(c).id,
        c.req.valid('param').id,
        c.req.valid('query'),
      );
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
        'cache-control': 'private, no-store',
      });
    },
  );

  // ── Attempts ──
  r.post('/assignments/:id/attempts', params('id'), zv('query', langQuerySchema), async (c) =>
    c.json(
      await startAttempt(
        ctx,
        currentUser(c).id,
        c.req.valid('param').id,
        c.req.valid('query').lang,
      ),
      201,
    ),
  );
  r.get('/attempts/:id', params('id'), zv('query', langQuerySchema), async (c) =>
    c.json(
      await getAttempt(ctx, currentUser(c).id, c.req.valid('param').id, c.req.valid('query').lang),
    ),
  );
  r.post('/attempts/:id/answers', params('id'), zv('json', attemptAnswerSchema), async (c) => {
    const out = await answerAttempt(
      ctx,
      currentUser(c).id,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json({ result: out.result, flashcard: out.flashcard }, out.created ? 201 : 200);
  });
  r.post('/attempts/:id/submit', params('id'), zv('query', langQuerySchema), async (c) =>
    c.json(
      await submitAttempt(
        ctx,
        currentUser(c).id,
        c.req.valid('param').id,
        c.req.valid('query').lang,
      ),
    ),
  );

  return r;
}
