import { DIAGRAM_DESCRIPTION_MAX, DIAGRAM_TITLE_MAX } from '@aprenda/shared/schemas/diagrams';

/**
 * Reading the model's answer (POST /diagrams/generate): the Mermaid code out of a Markdown fence,
 * and the `accTitle`/`accDescr` lines taken out of it — the API carries the title and description
 * apart from the code (the web puts them back when it renders).
 */

/** The code of the first fenced block (```mermaid, ``` or ~~~), else the whole answer; trimmed. */
export function stripFences(answer: string): string {
  const fenced = /(^|\n)[ \t]*(```|~~~)[^\n]*\n([\s\S]*?)(\n[ \t]*\2[ \t]*(?=\n|$)|$)/.exec(answer);
  return (fenced ? fenced[3]! : answer).replace(/^\s*\n/, '').trimEnd();
}

export interface SplitCode {
  code: string;
  title: string | null;
  description: string | null;
}

/**
 * Take `accTitle: …`, `accDescr: …` and `accDescr { … }` out of the code; their texts, trimmed
 * and cut to the API's bounds, are the title and description (null when missing or blank).
 */
export function splitAccessibility(code: string): SplitCode {
  const lines = code.split('\n');
  const kept: string[] = [];
  let title: string | null = null;
  let description: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const single = /^\s*(accTitle|accDescr)\s*:\s*(.*)$/.exec(line);
    if (single) {
      if (single[1] === 'accTitle') title ??= clean(single[2]!, DIAGRAM_TITLE_MAX);
      else description ??= clean(single[2]!, DIAGRAM_DESCRIPTION_MAX);
      continue;
    }
    const block = /^\s*accDescr\s*\{(.*)$/.exec(line);
    if (block) {
      const parts: string[] = [];
      let rest = block[1]!;
      for (;;) {
        const end = rest.indexOf('}');
        if (end >= 0) {
          parts.push(rest.slice(0, end));
          break;
        }
        parts.push(rest);
        if (++i >= lines.length) break;
        rest = lines[i]!;
      }
      description ??= clean(parts.join(' '), DIAGRAM_DESCRIPTION_MAX);
      continue;
    }
    kept.push(line);
  }
  return { code: kept.join('\n').trim(), title, description };
}

function clean(text: string, max: number): string | null {
  const one = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["']|["']$/g, '')
    .trim();
  return one === '' ? null : one.slice(0, max).trim();
}
