import {
  DIAGRAM_CODE_MAX,
  DIAGRAMS_PER_USER_MAX,
  type CreateDiagramInput,
  type Diagram,
  type DiagramClassRef,
  type DiagramList,
  type DiagramSharesInput,
  type DiagramSummary,
  type UpdateDiagramInput,
} from '@aprenda/shared/schemas/diagrams';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { classTitles, userMemberships } from '../classes/public.ts';
import { requireOwner, type DiagramAccess, type ReadCtx } from './access.service.ts';
import { diagramKind } from './diagram-kind.ts';
import {
  countOwnDiagrams,
  deleteDiagramRow,
  insertDiagram,
  replaceShares,
  selectClassDiagrams,
  selectDiagram,
  selectOwnDiagrams,
  selectSharesOf,
  updateDiagramRow,
  type DiagramSummaryRow,
} from './diagrams.queries.ts';

/** Diagrams of classes listed at most (the newest changed). */
const CLASS_LIST_MAX = 500;

/** 413 `diagram_too_long` over DIAGRAM_CODE_MAX characters. */
export function checkCodeLength(code: string): void {
  if (code.length > DIAGRAM_CODE_MAX) {
    throw new AppError(
      'diagram_too_long',
      `A diagram's code may have at most ${DIAGRAM_CODE_MAX} characters`,
    );
  }
}

/**
 * GET /diagrams — the caller's own diagrams (`mine`, all of them: at most DIAGRAMS_PER_USER_MAX)
 * and those shared with their classes (`shared`), each list last changed first, without code.
 */
export async function listDiagrams(ctx: ReadCtx, userId: string): Promise<DiagramList> {
  const memberships = await userMemberships(ctx, userId);
  const myClasses = new Map(memberships.map((m) => [m.class_id, m.title]));
  const [own, klass] = await Promise.all([
    selectOwnDiagrams(ctx.db.db, userId, DIAGRAMS_PER_USER_MAX),
    selectClassDiagrams(ctx.db.db, userId, [...myClasses.keys()], CLASS_LIST_MAX),
  ]);
  const shares = await selectSharesOf(
    ctx.db.db,
    [...own, ...klass].map((d) => d.id),
  );
  const ownShareIds = own.flatMap((d) => shares.get(d.id) ?? []);
  const titles = await classTitles(ctx, [...new Set(ownShareIds)]);
  return {
    mine: own.map((row) => toSummary(row, 'owner', refs(shares.get(row.id), titles))),
    shared: klass.map((row) => toSummary(row, 'class', refs(shares.get(row.id), myClasses))),
  };
}

/** Class refs of these ids that are in `names` (others are gone or not the caller's). */
function refs(ids: string[] | undefined, names: Map<string, string>): DiagramClassRef[] {
  return (ids ?? []).filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }));
}

function toSummary(
  row: DiagramSummaryRow,
  access: DiagramSummary['access'],
  sharedWith: DiagramClassRef[],
): DiagramSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    owner: { id: row.owner_id, name: row.owner_name },
    access,
    kind: row.kind,
    sharedWith,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** GET /diagrams/{id}: the diagram with its code; the owner sees every share, a reader theirs. */
export async function diagramDetail(ctx: ReadCtx, access: DiagramAccess): Promise<Diagram> {
  const { diagram } = access;
  let sharedWith: DiagramClassRef[];
  if (access.isOwner) {
    const ids = (await selectSharesOf(ctx.db.db, [diagram.id])).get(diagram.id) ?? [];
    sharedWith = refs(ids, await classTitles(ctx, ids));
  } else {
    sharedWith = access.viaClasses;
  }
  return {
    ...toSummary(diagram, access.isOwner ? 'owner' : 'class', sharedWith),
    code: diagram.code,
  };
}

/**
 * POST /diagrams: a new own diagram (`kind` detected from the code). 413 `diagram_too_long` over
 * DIAGRAM_CODE_MAX characters; 409 `conflict` at DIAGRAMS_PER_USER_MAX diagrams.
 */
export async function createDiagram(
  ctx: ReadCtx,
  userId: string,
  input: CreateDiagramInput,
): Promise<Diagram> {
  checkCodeLength(input.code);
  if ((await countOwnDiagrams(ctx.db.db, userId)) >= DIAGRAMS_PER_USER_MAX) {
    throw new AppError(
      'conflict',
      `A user may keep at most ${DIAGRAMS_PER_USER_MAX} diagrams: delete some first`,
    );
  }
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const id = uuidv7(now.getTime());
  await insertDiagram(ctx.db.db, {
    id,
    owner_id: userId,
    title: input.title.trim(),
    description: input.description.trim(),
    code: input.code,
    kind: diagramKind(input.code),
    created_at: iso,
    updated_at: iso,
  });
  return reread(ctx, id, userId);
}

/** PATCH /diagrams/{id} (owner): any of title, description and code. */
export async function updateDiagram(
  ctx: ReadCtx,
  access: DiagramAccess,
  input: UpdateDiagramInput,
): Promise<Diagram> {
  requireOwner(access);
  if (input.code !== undefined) checkCodeLength(input.code);
  const changed = await updateDiagramRow(ctx.db.db, access.diagram.id, {
    ...(input.title !== undefined ? { title: input.title.trim() } : {}),
    ...(input.description !== undefined ? { description: input.description.trim() } : {}),
    ...(input.code !== undefined ? { code: input.code, kind: diagramKind(input.code) } : {}),
    updated_at: ctx.clock.now().toISOString(),
  });
  if (!changed) throw notFound('No such diagram');
  return reread(ctx, access.diagram.id, access.userId);
}

/** DELETE /diagrams/{id} (owner); its shares go with it. */
export async function deleteDiagram(ctx: ReadCtx, access: DiagramAccess): Promise<void> {
  requireOwner(access);
  await inTransaction(ctx.db, (trx) => deleteDiagramRow(trx, access.diagram.id));
}

/**
 * PUT /diagrams/{id}/shares (owner): the diagram is shared with exactly these classes afterwards.
 * Every class must be one the owner teaches (403 `forbidden` otherwise, nothing changes).
 */
export async function setDiagramShares(
  ctx: ReadCtx,
  access: DiagramAccess,
  input: DiagramSharesInput,
): Promise<Diagram> {
  requireOwner(access);
  const classIds = [...new Set(input.classIds.map((id) => id.trim()))];
  const taught = new Set(
    (await userMemberships(ctx, access.userId))
      .filter((m) => m.role === 'teacher')
      .map((m) => m.class_id),
  );
  if (classIds.some((id) => !taught.has(id))) {
    throw forbidden('A diagram can be shared only with classes you teach');
  }
  const iso = ctx.clock.now().toISOString();
  await inTransaction(ctx.db, (trx) => replaceShares(trx, access.diagram.id, classIds, iso));
  return reread(ctx, access.diagram.id, access.userId);
}

async function reread(ctx: ReadCtx, id: string, userId: string): Promise<Diagram> {
  const diagram = await selectDiagram(ctx.db.db, id);
  if (!diagram) throw notFound('No such diagram');
  return diagramDetail(ctx, { diagram, userId, isOwner: true, viaClasses: [] });
}
