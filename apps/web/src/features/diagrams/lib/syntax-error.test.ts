import { describe, expect, it } from 'vitest';
import { parseMermaid } from '@/lib/mermaid';
import { describeSyntaxError, firstCodeLine, type SyntaxProblem } from './syntax-error';

/** What the real mermaid.parse() of `code` throws, described. */
async function problemOf(code: string): Promise<SyntaxProblem> {
  try {
    await parseMermaid(code);
  } catch (error) {
    return describeSyntaxError(error, code);
  }
  throw new Error(`parsed without error: ${code}`);
}

describe('describeSyntaxError (the real mermaid parser’s errors → line + hint)', () => {
  it('points at the line of an unexpected token or unrecognised text', async () => {
    expect(await problemOf('flowchart TD\n  A --> B\n  B --> C)\n  C --> D')).toEqual({
      line: 3,
      hint: 'unexpectedToken',
    });
    expect(await problemOf('flowchart TD\n  A[Início] --> B\n  B --> {C\n  C --> D')).toEqual({
      line: 3,
      hint: 'unexpectedToken',
    });
  });

  it('calls an unknown first line an unknown diagram type, on that line', async () => {
    expect(await problemOf('\n%% comentário\nfluxograma TD\n  A --> B')).toEqual({
      line: 3,
      hint: 'unknownType',
    });
  });

  it('asks for the missing end of a subgraph, on a line that exists', async () => {
    const code = 'flowchart TD\n  subgraph Ciclo\n    A --> B\n';
    const found = await problemOf(code);
    expect(found.hint).toBe('missingEnd');
    expect(found.line).toBeLessThanOrEqual(3);
  });

  it('tells an unclosed class body, and a message without text', async () => {
    expect((await problemOf('classDiagram\n  class A {\n    +int x')).hint).toBe('unclosed');
    expect(await problemOf('sequenceDiagram\n  A->>B: oi\n  B-->>A\n')).toEqual({
      line: 3,
      hint: 'unexpectedLineEnd',
    });
  });

  it('tells a diagram past the link limit as too large, not as a syntax error', async () => {
    let code = 'flowchart TD\n';
    for (let i = 0; i < 501; i += 1) code += `  N${i} --> N${i + 1}\n`;
    expect(await problemOf(code)).toEqual({ line: null, hint: 'tooLarge' });
    // 500 links still draw.
    await expect(parseMermaid(code.split('\n').slice(0, 501).join('\n'))).resolves.toBe(
      'flowchart-v2',
    );
  });

  it('reads the line of the newer (Langium) parsers’ messages, and falls back to a generic hint', () => {
    const langium = new Error('Parsing failed: Parse error on line 3, column 7: Expecting token');
    expect(describeSyntaxError(langium, 'pie\n "a": 1\n "b" 2')).toEqual({
      line: 3,
      hint: 'unexpectedToken',
    });
    expect(describeSyntaxError(new Error('boom'), 'x')).toEqual({ line: null, hint: 'generic' });
  });

  it('finds the first code line past front matter and comments', () => {
    expect(firstCodeLine('---\ntitle: x\n---\n\n%% a\nflowchart LR')).toBe(6);
    expect(firstCodeLine('flowchart LR')).toBe(1);
  });
});
