import { describe, expect, it } from 'vitest';
import { inspectMermaid } from '@/lib/mermaid';
import { buildOutline, plainLabel, type Outline, type OutlineItem } from './outline';

function outlineOf(code: string): Promise<Outline> {
  return inspectMermaid(code, ({ type, db }) => buildOutline(type, db));
}

/** Items as "key: v1 | v2" lines (children indented), to compare outlines at a glance. */
function lines(items: OutlineItem[], depth = 0): string[] {
  return items.flatMap((item) => [
    `${'  '.repeat(depth)}${item.key}: ${Object.values(item.values).filter(Boolean).join(' | ')}`,
    ...lines(item.children ?? [], depth + 1),
  ]);
}

function groups(outline: Outline): Record<string, string[]> {
  return Object.fromEntries((outline ?? []).map((g) => [g.key, lines(g.items)]));
}

describe('buildOutline (from mermaid’s parsed diagram)', () => {
  it('lists a flowchart’s nodes and edges in the order the code declares them', async () => {
    const outline = await outlineOf(
      'flowchart TD\n  A[Início] --> B{"A água ferve?"}\n  B -->|Sim| C[Fim]\n  B -->|Não| A\n  subgraph Ciclo\n    C\n  end',
    );
    expect(groups(outline)).toEqual({
      nodes: ['node: Início', 'node: A água ferve?', 'node: Fim'],
      edges: [
        'edge: Início | A água ferve?',
        'edgeLabelled: A água ferve? | Fim | Sim',
        'edgeLabelled: A água ferve? | Início | Não',
      ],
      groups: ['group: Ciclo | Fim'],
    });
  });

  it('gives comparison signs, ampersands and Mermaid’s own escapes as the text they stand for', async () => {
    const outline = await outlineOf(
      'flowchart TD\n  A["x > 1?"] -->|Δ > 0| B[x < 1 & y ≥ 2]\n  B -->|"a #gt; b #35;1"| C[R$ 30,00]',
    );
    expect(groups(outline)).toEqual({
      nodes: ['node: x > 1?', 'node: x < 1 & y ≥ 2', 'node: R$ 30,00'],
      edges: [
        'edgeLabelled: x > 1? | x < 1 & y ≥ 2 | Δ > 0',
        'edgeLabelled: x < 1 & y ≥ 2 | R$ 30,00 | a > b #1',
      ],
    });
    expect(plainLabel('1 &lt; 2 &amp;&amp; 3 &gt; 2 &#8805; &#x2264; &bogus;')).toBe(
      '1 < 2 && 3 > 2 ≥ ≤ &bogus;',
    );
  });

  it('reads participants and messages, classes with members and relations', async () => {
    expect(
      groups(
        await outlineOf(
          'sequenceDiagram\n  participant A as Aluno\n  A->>B: Pergunta\n  Note over A: pensa\n  B-->>A: Resposta',
        ),
      ),
    ).toEqual({
      participants: ['participant: Aluno', 'participant: B'],
      messages: ['message: Aluno | B | Pergunta', 'message: B | Aluno | Resposta'],
    });
    expect(
      groups(
        await outlineOf(
          'classDiagram\n  Animal <|-- Cao : herda\n  class Animal {\n    +String nome\n    +comer()\n  }',
        ),
      ),
    ).toEqual({
      classes: ['class: Animal', '  member: +String nome', '  member: +comer()', 'class: Cao'],
      relations: ['relationLabelled: Animal | Cao | herda'],
    });
  });

  it('nests a mind map’s branches and a timeline’s events', async () => {
    expect(
      groups(await outlineOf('mindmap\n  root((Raiz))\n    A\n      A1\n    B')).topics,
    ).toEqual(['topic: Raiz', '  topic: A', '    topic: A1', '  topic: B']);
    expect(
      groups(
        await outlineOf(
          'timeline\n  title T\n  1500 : Chegada\n  section Império\n  1822 : Independência : Constituição',
        ),
      ).periods,
    ).toEqual([
      'period: 1500',
      '  event: Chegada',
      'section: Império',
      '  period: 1822',
      '    event: Independência',
      '    event: Constituição',
    ]);
  });

  it('has no outline for other kinds (the description stands in) and strips markup from labels', async () => {
    expect(await outlineOf('pie\n  "a" : 1\n  "b" : 2')).toBeNull();
    expect(buildOutline('flowchart-v2', null)).toBeNull();
    expect(plainLabel('<b>Forte</b><br/>e "claro"')).toBe('Forte e "claro"');
    expect(plainLabel('"entre aspas"')).toBe('entre aspas');
  });
});
