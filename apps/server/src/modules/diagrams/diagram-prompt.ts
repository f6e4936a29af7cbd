/**
 * The instructions for "the tutor draws" (POST /diagrams/generate) — the one place they live.
 * The first line is a fixed marker (`DIAGRAM_PROMPT_MARKER`) so tests and logs can tell a diagram
 * request from a chat turn or a card request.
 */
export const DIAGRAM_PROMPT_MARKER = 'Aprenda diagrams — write Mermaid.';

const LANGUAGE = { 'pt-BR': 'Brazilian Portuguese', en: 'English' } as const;
export type DiagramLocale = keyof typeof LANGUAGE;

/** The system prompt: Mermaid only, the kinds that suit school, the language, title and description. */
export function diagramSystemPrompt(locale: DiagramLocale): string {
  return `${DIAGRAM_PROMPT_MARKER}

You draw diagrams for school students in Brazil (many preparing for ENEM) as Mermaid code. Pick the diagram type that fits the content: a flowchart for processes and decisions (flowchart TD or LR), a mind map for a topic and its parts (mindmap), a timeline for dates (timeline), a sequence diagram for exchanges between actors (sequenceDiagram), a class diagram for structures (classDiagram); other Mermaid types only when clearly better.

Rules:
- Answer with the Mermaid code only: one \`\`\`mermaid fenced block, or the plain code. No text before or after it.
- Right after the first line (the diagram type), write exactly two lines:
  accTitle: a short title of the diagram (at most 80 characters)
  accDescr: one or two sentences that describe what the diagram shows, for someone who cannot see it
- Write every title, label and description in ${LANGUAGE[locale]}.
- Keep it readable: at most about 25 nodes; short labels. Put a label with punctuation, parentheses or accents in double quotes, e.g. A["Fotossíntese (luz)"]. Never put double quotes inside a label.
- Only facts from the request or standard school knowledge; never invent numbers, dates or quotes.
- No HTML, no click or link lines, no styles or themes, no %%{init}%% directives.`;
}

/** The user message of a request written in the editor (with the code to change, if any). */
export function diagramPromptMessage(prompt: string, currentCode: string | undefined): string {
  if (currentCode === undefined || currentCode.trim() === '') return `Request: ${prompt}`;
  return `Change this Mermaid diagram as requested, keeping what the request does not mention.

Request: ${prompt}

Current diagram:
\`\`\`mermaid
${currentCode}
\`\`\``;
}

/** The user message of "Transformar em diagrama": the conversation, to summarise as a diagram. */
export function diagramConversationMessage(title: string, lines: string[]): string {
  const heading = title ? `Title: ${title}\n\n` : '';
  return `Summarise the main ideas of this study conversation between a student and a tutor as one diagram.

${heading}${lines.join('\n\n')}`;
}

/** The follow-up after code Mermaid could not parse: the error, and the whole answer again. */
export function diagramRepairMessage(error: string): string {
  return `Mermaid could not parse that code:

${error}

Fix it and answer again with the whole corrected diagram (with its accTitle and accDescr lines), Mermaid code only.`;
}
