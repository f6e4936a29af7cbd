import { z } from 'zod';
import { modelIdSchema } from './conversations.ts';

/**
 * Diagrams (Mermaid) API contract (docs/api/diagrams.md), under `/api/diagrams`.
 *
 * A diagram belongs to its owner, who may share it read-only with classes they teach. Every saved
 * diagram has a title and a description: the web renders them as Mermaid's `accTitle`/`accDescr`
 * (screen readers) — they are stored apart from the code.
 *
 * `POST /api/diagrams/generate` asks the AI (same key rules as the chat: the user's key for the
 * model's provider, else the server's; `no_api_key` when neither) to write Mermaid code from a
 * prompt or from one of the user's conversations. The server parses the code before answering and
 * asks the model once more with the parse error when it is invalid; twice invalid is
 * `generated_diagram_invalid` (502). Nothing is saved: the web opens the result in the editor.
 *
 * Errors: `diagram_too_long` (413), `validation_failed` (400, e.g. an empty title or
 * description), `forbidden` (403: sharing with a class one does not teach), `not_found` (404).
 */

export const DIAGRAM_TITLE_MAX = 120;
export const DIAGRAM_DESCRIPTION_MAX = 1000;
/** Mermaid code of one diagram, in characters. */
export const DIAGRAM_CODE_MAX = 50_000;
export const DIAGRAM_PROMPT_MAX = 4000;
/** Diagrams one user may own. */
export const DIAGRAMS_PER_USER_MAX = 1000;

/** Starter templates the editor offers (the code lives in the web's locales). */
export const DIAGRAM_TEMPLATES = ['flowchart', 'mindmap', 'timeline', 'sequence', 'class'] as const;
export type DiagramTemplate = (typeof DIAGRAM_TEMPLATES)[number];

const title = z.string().trim().min(1).max(DIAGRAM_TITLE_MAX);
const description = z.string().trim().min(1).max(DIAGRAM_DESCRIPTION_MAX);
/** Longer code is the server's `diagram_too_long` (413), so it is bounded loosely here. */
const code = z.string().max(DIAGRAM_CODE_MAX * 2);

/** POST /api/diagrams */
export const createDiagramSchema = z.object({ title, description, code });
export type CreateDiagramInput = z.input<typeof createDiagramSchema>;

/** PATCH /api/diagrams/{id} — any of the three. */
export const updateDiagramSchema = z
  .object({ title, description, code })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type UpdateDiagramInput = z.input<typeof updateDiagramSchema>;

/** PUT /api/diagrams/{id}/shares */
export const diagramSharesSchema = z.object({
  classIds: z.array(z.string().trim().min(1).max(128)).max(50),
});
export type DiagramSharesInput = z.input<typeof diagramSharesSchema>;

/** POST /api/diagrams/generate — exactly one of `prompt` and `conversationId`. */
export const generateDiagramSchema = z
  .object({
    prompt: z.string().trim().min(1).max(DIAGRAM_PROMPT_MAX).optional(),
    conversationId: z.string().trim().min(1).max(128).optional(),
    /** The code in the editor now, when the prompt asks to change it. */
    currentCode: code.optional(),
    model: modelIdSchema.optional(),
    /** The UI language: titles and labels are written in it. */
    locale: z.enum(['pt-BR', 'en']).default('pt-BR'),
  })
  .refine((v) => (v.prompt === undefined) !== (v.conversationId === undefined), {
    message: 'Give either prompt or conversationId',
  });
export type GenerateDiagramInput = z.input<typeof generateDiagramSchema>;

export interface DiagramClassRef {
  id: string;
  name: string;
}

export interface DiagramSummary {
  id: string;
  title: string;
  description: string;
  owner: { id: string; name: string };
  /** `owner` edits; `class` reads (shared with a class the user is in). */
  access: 'owner' | 'class';
  /** The diagram type Mermaid detects from the first line (e.g. `flowchart`), or null. */
  kind: string | null;
  sharedWith: DiagramClassRef[];
  createdAt: string;
  updatedAt: string;
}

export interface Diagram extends DiagramSummary {
  code: string;
}

/** GET /api/diagrams */
export interface DiagramList {
  mine: DiagramSummary[];
  shared: DiagramSummary[];
}

/** POST /api/diagrams/generate → 200 */
export interface GeneratedDiagram {
  code: string;
  /** Suggested title and description (the user may change them before saving). */
  title: string;
  description: string;
  /** The model that wrote it and whether a second request (with the parse error) was needed. */
  model: string;
  retried: boolean;
}
