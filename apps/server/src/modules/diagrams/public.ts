/** What other modules and the composition root may use of the diagrams module. */
export { diagramKind } from './diagram-kind.ts';
