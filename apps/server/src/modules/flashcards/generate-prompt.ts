/**
 * The instructions for "cards from the tutor" (POST /flashcards/generate) — the one place they
 * live. The first line is a fixed marker (`GENERATE_PROMPT_MARKER`) so tests and logs can tell a
 * card request from a chat turn.
 */
export const GENERATE_PROMPT_MARKER = 'Aprenda flashcards — propose cards.';

/** The system prompt: what good cards are, the two kinds, the language and the JSON shape. */
export function generateSystemPrompt(count: number): string {
  return `${GENERATE_PROMPT_MARKER}

You write flashcards for school students in Brazil (many preparing for ENEM) from a source the user gives you. Propose at most ${count} cards about the most important ideas of the source — fewer when the source is short.

Good cards:
- One idea per card; the question makes the student recall the answer, not recognise it.
- Short answers (a word, a number, a formula or one sentence). No yes/no questions.
- Only facts that are in the source or are standard school knowledge it relies on; never invent numbers, dates or quotes.
- If the source has nothing worth studying (greetings, small talk), return an empty list.

Two kinds:
- "basic": "front" is the question, "back" the answer.
- "cloze": "front" is a sentence with the key words hidden as {{c1::words}} (use {{c2::…}} and so on for other gaps; one or two gaps per card), "back" is an optional short note or "".

Language: write the cards in the language of the source; when unsure, in Brazilian Portuguese.
Formatting: Markdown is allowed; mathematics in KaTeX, inline $...$ or display $$...$$. No HTML.
Tags: 0 to 3 short topic words in lower case without spaces (for example "fotossintese", "funcao-afim").

Answer with JSON only, exactly this shape:
{"cards":[{"kind":"basic","front":"…","back":"…","tags":["…"]}]}`;
}

/** The user message: the source, labelled by kind. */
export function generateSourcePrompt(
  source: { kind: 'text'; text: string } | { kind: 'conversation'; title: string; lines: string[] },
): string {
  if (source.kind === 'text') {
    return `Source (text the student pasted):\n\n${source.text}`;
  }
  const title = source.title ? `Title: ${source.title}\n\n` : '';
  return `Source (a study conversation between a student and a tutor):\n\n${title}${source.lines.join('\n\n')}`;
}
