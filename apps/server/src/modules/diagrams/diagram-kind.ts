/**
 * The diagram type of Mermaid code, read cheaply from its first meaningful line (no Mermaid):
 * blank lines, `%%` comments and directives and a `---` front-matter block are skipped; the first
 * word of the next line names the type. The names match the editor's templates
 * (DIAGRAM_TEMPLATES: `flowchart`, `mindmap`, `timeline`, `sequence`, `class`) and go on for the
 * other types Mermaid knows; anything else is null.
 */
const KINDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(graph|flowchart|flowchart-elk)$/, 'flowchart'],
  [/^sequencediagram$/, 'sequence'],
  [/^classdiagram(-v2)?$/, 'class'],
  [/^statediagram(-v2)?$/, 'state'],
  [/^erdiagram$/, 'er'],
  [/^journey$/, 'journey'],
  [/^gantt$/, 'gantt'],
  [/^pie$/, 'pie'],
  [/^quadrantchart$/, 'quadrant'],
  [/^requirementdiagram$/, 'requirement'],
  [/^gitgraph$/, 'git'],
  [/^mindmap$/, 'mindmap'],
  [/^timeline$/, 'timeline'],
  [/^sankey(-beta)?$/, 'sankey'],
  [/^xychart(-beta)?$/, 'xychart'],
  [/^block(-beta)?$/, 'block'],
  [/^packet(-beta)?$/, 'packet'],
  [/^kanban$/, 'kanban'],
  [/^architecture(-beta)?$/, 'architecture'],
  [/^c4(context|container|component|dynamic|deployment)$/, 'c4'],
  [/^radar(-beta)?$/, 'radar'],
  [/^treemap(-beta)?$/, 'treemap'],
  [/^zenuml$/, 'zenuml'],
];

/** Lines looked at before giving up (a diagram's type is at its top). */
const LINES_LOOKED_AT = 200;

export function diagramKind(code: string): string | null {
  const lines = code.split(/\r?\n/, LINES_LOOKED_AT);
  let i = 0;
  // Front matter: `---` … `---` at the very top (after blank lines).
  while (i < lines.length && lines[i]!.trim() === '') i++;
  if (lines[i]?.trim() === '---') {
    i++;
    while (i < lines.length && lines[i]!.trim() !== '---') i++;
    i++;
  }
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('%%')) continue;
    const word = (/^[A-Za-z0-9-]+/.exec(line)?.[0] ?? '').toLowerCase();
    for (const [pattern, kind] of KINDS) if (pattern.test(word)) return kind;
    return null;
  }
  return null;
}
