/** Where the diagram screens live. */
export const DIAGRAMS_PATH = '/dashboard/mermaid';
export const NEW_DIAGRAM_ID = 'new';

export function diagramPath(id: string): string {
  return `${DIAGRAMS_PATH}/${encodeURIComponent(id)}`;
}

/** The editor, empty or starting from a template or from a conversation (the chat links here). */
export function newDiagramPath(from?: { template?: string; conversationId?: string }): string {
  const query = new URLSearchParams();
  if (from?.template) query.set('modelo', from.template);
  if (from?.conversationId) query.set('conversa', from.conversationId);
  const qs = query.toString();
  return `${DIAGRAMS_PATH}/${NEW_DIAGRAM_ID}${qs ? `?${qs}` : ''}`;
}

export function boardPath(id: string): string {
  return `/dashboard/whiteboard/${encodeURIComponent(id)}`;
}
