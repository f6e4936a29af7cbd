import { diagramAccess, type ReadCtx } from './access.service.ts';
import { createDiagram, setDiagramShares } from './diagrams.service.ts';

/** The demo diagram a new install shows (seed.ts): the demo teacher's, shared with the demo class. */
export const DEMO_DIAGRAM = {
  title: 'Como resolver uma equação do 2º grau',
  description:
    'Fluxograma: calcule o discriminante Δ = b² − 4ac; se Δ < 0 não há raiz real, se Δ = 0 há uma raiz, se Δ > 0 há duas, dadas pela fórmula de Bhaskara.',
  code: [
    'flowchart TD',
    '  A[Equação ax² + bx + c = 0] --> B[Calcule Δ = b² − 4ac]',
    '  B --> C{Quanto vale Δ?}',
    '  C -->|Δ < 0| D[Nenhuma raiz real]',
    '  C -->|Δ = 0| E[Uma raiz: x = −b / 2a]',
    '  C -->|Δ > 0| F[Duas raízes: x = −b ± √Δ / 2a]',
  ].join('\n'),
};

/** Create the demo diagram of `teacherId` and share it with `classId`. */
export async function seedDemoDiagram(
  ctx: ReadCtx,
  teacherId: string,
  classId: string,
): Promise<void> {
  const diagram = await createDiagram(ctx, teacherId, DEMO_DIAGRAM);
  await setDiagramShares(ctx, await diagramAccess(ctx, diagram.id, teacherId), {
    classIds: [classId],
  });
}
