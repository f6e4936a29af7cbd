import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { userMemberships } from '../classes/public.ts';
import { selectDiagramSharesIn } from './access.queries.ts';
import { selectDiagram, type DiagramRow } from './diagrams.queries.ts';

/** What the jobs of the module need of the context. */
export type ReadCtx = Pick<AppContext, 'db' | 'clock'>;

/**
 * Who may do what with a diagram (docs/api/diagrams.md, "Permissions"): its owner everything; a
 * member (teacher or student) of a class it is shared with reads it; anyone else gets 404 — a
 * diagram you cannot read does not exist for you. Memberships are read for every request, so a
 * student removed from a class loses the class's diagrams at once.
 */
export interface DiagramAccess {
  diagram: DiagramRow & { owner_name: string };
  userId: string;
  isOwner: boolean;
  /** Not the owner: the caller's classes the diagram is shared with (id and title). */
  viaClasses: Array<{ id: string; name: string }>;
}

/** The diagram as the user may see it, or 404. */
export async function diagramAccess(
  ctx: ReadCtx,
  diagramId: string,
  userId: string,
): Promise<DiagramAccess> {
  const diagram = await selectDiagram(ctx.db.db, diagramId);
  if (!diagram) throw notFound('No such diagram');
  if (diagram.owner_id === userId) return { diagram, userId, isOwner: true, viaClasses: [] };
  const memberships = await userMemberships(ctx, userId);
  const shared = new Set(
    await selectDiagramSharesIn(
      ctx.db.db,
      diagram.id,
      memberships.map((m) => m.class_id),
    ),
  );
  if (shared.size === 0) throw notFound('No such diagram');
  return {
    diagram,
    userId,
    isOwner: false,
    viaClasses: memberships
      .filter((m) => shared.has(m.class_id))
      .map((m) => ({ id: m.class_id, name: m.title })),
  };
}

/** 403 `owner_only` unless the caller owns the diagram (class readers cannot change it). */
export function requireOwner(access: DiagramAccess): void {
  if (!access.isOwner) {
    throw forbidden('Only the owner of this diagram may do this', 'owner_only');
  }
}
