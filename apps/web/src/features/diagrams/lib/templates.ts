import type { TFunction } from 'i18next';
import { DIAGRAM_TEMPLATES, type DiagramTemplate } from '@aprenda/shared/schemas/diagrams';

/**
 * The starter templates schools use (fluxograma, mapa mental, linha do tempo, sequência, classes):
 * the list is the API contract's, the code (with its words in the UI's language) lives in the
 * locales as `diagrams:templates.<template>.code`.
 */
export const TEMPLATES: readonly DiagramTemplate[] = DIAGRAM_TEMPLATES;

export function isTemplate(value: unknown): value is DiagramTemplate {
  return typeof value === 'string' && (DIAGRAM_TEMPLATES as readonly string[]).includes(value);
}

export function templateCode(t: TFunction, template: DiagramTemplate): string {
  return t(`diagrams:templates.${template}.code`);
}

export function templateName(t: TFunction, template: DiagramTemplate): string {
  return t(`diagrams:templates.${template}.name`);
}

export type DiagramKind = DiagramTemplate | 'other';

/** The kind a list shows for a diagram type Mermaid detected (`flowchart-v2`, `classDiagram`…). */
export function diagramKind(type: string | null | undefined): DiagramKind {
  if (!type) return 'other';
  if (/^(flowchart|graph)/.test(type)) return 'flowchart';
  if (/^class/.test(type)) return 'class';
  if (/^sequence/.test(type)) return 'sequence';
  if (type === 'mindmap') return 'mindmap';
  if (type === 'timeline') return 'timeline';
  return 'other';
}
