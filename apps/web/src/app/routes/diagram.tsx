import { useParams } from 'react-router';
import { useDiagram } from '@/features/diagrams/api/diagrams';
import { DiagramEditorScreen } from '@/features/diagrams/components/diagram-editor';
import { NEW_DIAGRAM_ID } from '@/features/diagrams/lib/paths';
import { usePageTitle } from '@/lib/page-title';

/** `/dashboard/mermaid/:diagramId` (or `new`): the diagram editor with its live preview. */
export function DiagramPage() {
  const { diagramId = NEW_DIAGRAM_ID } = useParams();
  const isNew = diagramId === NEW_DIAGRAM_ID;
  const diagram = useDiagram(isNew ? null : diagramId);
  usePageTitle(
    diagram.data
      ? 'diagrams:pageTitle'
      : isNew
        ? 'diagrams:editor.newTitle'
        : 'dashboard:tools.mermaid.name',
    diagram.data ? { title: diagram.data.title } : undefined,
  );
  return <DiagramEditorScreen key={diagramId} diagramId={diagramId} />;
}
