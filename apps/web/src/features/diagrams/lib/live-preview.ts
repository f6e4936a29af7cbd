import { useEffect, useState } from 'react';
import { parseMermaid, renderMermaid } from '@/lib/mermaid';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { labelSvg, withAccessibility } from './accessibility';
import { describeSyntaxError, type SyntaxProblem } from './syntax-error';

/** The preview follows typing this long after the last key. */
export const PREVIEW_DELAY_MS = 300;

export interface GoodPreview {
  /** Sanitised SVG markup. */
  svg: string;
  /** The code it was drawn from (the outline and the board conversion read it). */
  code: string;
  /** Mermaid's diagram type (`flowchart-v2`, `mindmap`…). */
  type: string;
}

let renders = 0;

/**
 * Draw `code` as SVG: parse it first (a syntax error rejects with a SyntaxProblem), then render it
 * with the title and description as `accTitle`/`accDescr` — or, for diagram types that do not
 * accept those, render it plain and label the SVG itself.
 */
export async function drawDiagram(
  code: string,
  title: string,
  description: string,
): Promise<GoodPreview> {
  let type: string;
  try {
    type = await parseMermaid(code);
  } catch (error) {
    throw describeSyntaxError(error, code);
  }
  renders += 1;
  const id = `diagram-preview-${renders}`;
  const accessible = withAccessibility(code, title, description);
  try {
    if (accessible !== code) {
      try {
        await parseMermaid(accessible);
        return { svg: await renderMermaid(id, accessible), code, type };
      } catch {
        // This diagram type has no accTitle/accDescr: label the plain drawing instead.
      }
    }
    const svg = await renderMermaid(id, code);
    return { svg: title.trim() ? labelSvg(svg, title, description) : svg, code, type };
  } catch {
    throw { line: null, hint: 'generic' } satisfies SyntaxProblem;
  }
}

function isProblem(value: unknown): value is SyntaxProblem {
  return typeof value === 'object' && value !== null && 'hint' in value && 'line' in value;
}

/**
 * The live preview: the code (with title and description) drawn PREVIEW_DELAY_MS after the last
 * change. A syntax error sets `problem` and keeps the last good drawing on screen.
 */
export function useLivePreview(code: string, title: string, description: string) {
  // One string, so the debounced value only changes when the text does.
  const settled = useDebouncedValue(JSON.stringify([code, title, description]), PREVIEW_DELAY_MS);
  const [state, setState] = useState<{
    key: string | null;
    good: GoodPreview | null;
    problem: SyntaxProblem | null;
  }>({ key: null, good: null, problem: null });

  useEffect(() => {
    const [inputCode, inputTitle, inputDescription] = JSON.parse(settled) as [
      string,
      string,
      string,
    ];
    let live = true;
    const job: Promise<{ good: GoodPreview | null | undefined; problem: SyntaxProblem | null }> =
      inputCode.trim()
        ? drawDiagram(inputCode, inputTitle, inputDescription).then(
            (good) => ({ good, problem: null }),
            (error: unknown) => ({
              // undefined: keep the last good drawing.
              good: undefined,
              problem: isProblem(error) ? error : { line: null, hint: 'generic' },
            }),
          )
        : Promise.resolve({ good: null, problem: null });
    void job.then(({ good, problem }) => {
      if (!live) return;
      setState((old) => ({ key: settled, good: good === undefined ? old.good : good, problem }));
    });
    return () => {
      live = false;
    };
  }, [settled]);

  return { good: state.good, problem: state.problem, drawing: state.key !== settled };
}
