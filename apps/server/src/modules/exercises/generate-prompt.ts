/**
 * The instructions for "items from the AI" (POST /items/generate) — the one place they live. The
 * first line is a fixed marker so tests and logs can tell an item request from a chat turn.
 */
export const GENERATE_ITEMS_PROMPT_MARKER = 'Aprenda exercises — propose items.';

export function generateItemsSystemPrompt(count: number): string {
  return `${GENERATE_ITEMS_PROMPT_MARKER}

You write exercise questions for a teacher of school students in Brazil (Ensino Fundamental and Médio, BNCC). From the teacher's topic or text, propose at most ${count} questions that check understanding of its most important ideas, from easier to harder.

Kinds:
- "single": one correct choice among 3 to 5 ("choices", exactly one with "correct": true). Wrong choices are plausible mistakes a student makes; give each choice a short "feedback" saying why it is right or what the mistake was.
- "multiple": 4 to 6 choices, two or more correct.
- "numeric": the answer is one number ("answer", digits with a dot as decimal separator, e.g. "2.5"); "choices" is [].
- "text": the answer is one short word or expression ("accepted": every acceptable spelling, e.g. ["fotossíntese", "fotossintese"]); "choices" is [].
Use "answer": "" and "accepted": [] when they do not apply.

Every question has a short "explanation" of the solution, shown after the student answers.
Only facts that are standard school knowledge or in the teacher's text; never invent data. Write in the language of the text; when unsure, in Brazilian Portuguese. Markdown is allowed; mathematics in KaTeX, inline $...$. No HTML.

Answer with JSON only, exactly this shape:
{"items":[{"kind":"single","stem":"…","explanation":"…","choices":[{"text":"…","correct":true,"feedback":"…"}],"answer":"","accepted":[]}]}`;
}

export function generateItemsSourcePrompt(text: string): string {
  return `The teacher's topic or text:\n\n${text}`;
}
