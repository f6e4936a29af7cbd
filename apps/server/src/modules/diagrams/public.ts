/** What other modules and the composition root may use of the diagrams module. */
export { diagramKind } from './diagram-kind.ts';
export { DEMO_DIAGRAM, seedDemoDiagram } from './demo.service.ts';
export { selectDiagramsForExport } from './export.queries.ts';
