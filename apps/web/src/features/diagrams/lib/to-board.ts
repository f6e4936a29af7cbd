import type { CreateBoardInput } from '@aprenda/shared/schemas/boards';
import { DIAGRAM_CODE_MAX } from '@aprenda/shared/schemas/diagrams';
import { withMermaid, withoutInlineHandlers } from '@/lib/mermaid';

let conversions = 0;

/**
 * "Abrir no quadro branco": a flowchart's nodes and arrows as editable Excalidraw elements. The
 * converter (`@excalidraw/mermaid-to-excalidraw`, on our one mermaid through the npm override) and
 * Excalidraw's `convertToExcalidrawElements` are large, so they load on the click only. The
 * converter re-initializes mermaid with its own configuration: it runs in our mermaid queue, which
 * puts ours back afterwards; and it re-applies its own only when its configuration changed since
 * its last call, so each call passes a fresh (harmless) `maxTextSize`.
 */
export async function flowchartToScene(
  code: string,
): Promise<NonNullable<CreateBoardInput['scene']>> {
  const [{ parseMermaidToExcalidraw }, { convertToExcalidrawElements }] = await Promise.all([
    import('@excalidraw/mermaid-to-excalidraw'),
    import('@excalidraw/excalidraw'),
  ]);
  conversions += 1;
  const { elements } = await withMermaid(
    () =>
      parseMermaidToExcalidraw(withoutInlineHandlers(code), {
        themeVariables: { fontSize: '20px' },
        // Mermaid 12 defaults to ELK (a 450 KB chunk); the converter reads dagre's layout well.
        ...({ layout: 'dagre' } as object),
        maxTextSize: DIAGRAM_CODE_MAX + (conversions % 2),
      }),
    { restoreConfig: true },
  );
  const scene = convertToExcalidrawElements(elements, { regenerateIds: true });
  return {
    type: 'excalidraw',
    // Plain JSON objects (what the API stores), without Excalidraw's branded types.
    elements: JSON.parse(JSON.stringify(scene)) as NonNullable<
      CreateBoardInput['scene']
    >['elements'],
    appState: {},
  };
}
