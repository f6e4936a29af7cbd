/**
 * A text outline of a diagram for screen readers (and anyone who prefers text): the nodes and the
 * links between them in the order the code declares them, read from Mermaid's parsed database
 * (`inspectMermaid`). Each item is a translation key under `diagrams:outline.item` with its values;
 * items may nest (a mind map's branches, a timeline's periods inside sections).
 */
export type OutlineItemKey =
  | 'node'
  | 'edge'
  | 'edgeLabelled'
  | 'group'
  | 'participant'
  | 'message'
  | 'class'
  | 'relation'
  | 'relationLabelled'
  | 'member'
  | 'topic'
  | 'section'
  | 'period'
  | 'event';

export interface OutlineItem {
  key: OutlineItemKey;
  values: Record<string, string>;
  children?: OutlineItem[];
}

export type OutlineGroupKey =
  | 'nodes'
  | 'edges'
  | 'groups'
  | 'participants'
  | 'messages'
  | 'classes'
  | 'relations'
  | 'topics'
  | 'periods';

export interface OutlineGroup {
  key: OutlineGroupKey;
  items: OutlineItem[];
}

/** null: a kind of diagram without an outline (the description stands in for it). */
export type Outline = OutlineGroup[] | null;

type Db = Record<string, unknown>;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * HTML character references as text: Mermaid keeps a label sanitized (`x > 1` as `x &gt; 1`), and
 * its own `#gt;` / `#35;` escapes as placeholders (`ﬂ°gt¶ß`, `ﬂ°°35¶ß`) until it draws them.
 */
function decodeEntities(text: string): string {
  return text
    .replace(/ﬂ°°/g, '&#')
    .replace(/ﬂ°/g, '&')
    .replace(/¶ß/g, ';')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
      const hex = name[1] === 'x' || name[1] === 'X';
      const code = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
}

/** Label text without markup, Mermaid's escapes and surrounding quotes. */
export function plainLabel(text: unknown, fallback = ''): string {
  const raw = typeof text === 'string' ? text : '';
  const plain = decodeEntities(
    raw
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/\\(.)/g, '$1'),
  )
    .replace(/^"(.*)"$/s, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return plain || fallback;
}

function call<T>(db: Db, name: string): T | undefined {
  const fn = db[name];
  return typeof fn === 'function' ? (fn as () => T).call(db) : undefined;
}

function valuesOf<T>(collection: unknown): T[] {
  if (collection instanceof Map) return [...(collection.values() as Iterable<T>)];
  if (Array.isArray(collection)) return collection as T[];
  if (collection && typeof collection === 'object') return Object.values(collection) as T[];
  return [];
}

function group(key: OutlineGroupKey, items: OutlineItem[]): OutlineGroup[] {
  return items.length > 0 ? [{ key, items }] : [];
}

function flowchart(db: Db): Outline {
  const vertices = valuesOf<{ id: string; text?: string }>(call(db, 'getVertices'));
  const labels = new Map(vertices.map((v) => [v.id, plainLabel(v.text, v.id)]));
  const label = (id: string) => labels.get(id) ?? id;
  const edges = valuesOf<{ start: string; end: string; text?: string }>(call(db, 'getEdges'));
  const subgraphs = valuesOf<{ id: string; title?: string; nodes?: string[] }>(
    call(db, 'getSubGraphs'),
  );
  const subgraphIds = new Set(subgraphs.map((s) => s.id));
  return [
    ...group(
      'nodes',
      vertices
        .filter((v) => !subgraphIds.has(v.id))
        .map((v) => ({ key: 'node', values: { label: label(v.id) } })),
    ),
    ...group(
      'edges',
      edges.map((e) => {
        const text = plainLabel(e.text);
        return {
          key: text ? 'edgeLabelled' : 'edge',
          values: { from: label(e.start), to: label(e.end), label: text },
        };
      }),
    ),
    ...group(
      'groups',
      subgraphs.map((s) => ({
        key: 'group',
        values: {
          label: plainLabel(s.title, s.id),
          members: (s.nodes ?? []).map(label).join(', '),
        },
      })),
    ),
  ];
}

function sequence(db: Db): Outline {
  const actors = valuesOf<{ name: string; description?: string }>(call(db, 'getActors'));
  const names = new Map(actors.map((a) => [a.name, plainLabel(a.description, a.name)]));
  const name = (id: string) => names.get(id) ?? id;
  const NOTE = 2;
  const messages = valuesOf<{ from?: string; to?: string; message?: unknown; type?: number }>(
    call(db, 'getMessages'),
  ).filter((m) => m.from && m.to && typeof m.message === 'string' && m.type !== NOTE);
  return [
    ...group(
      'participants',
      actors.map((a) => ({ key: 'participant', values: { label: name(a.name) } })),
    ),
    ...group(
      'messages',
      messages.map((m) => ({
        key: 'message',
        values: { from: name(m.from!), to: name(m.to!), label: plainLabel(m.message) },
      })),
    ),
  ];
}

function classes(db: Db): Outline {
  interface Member {
    text?: string;
  }
  const list = valuesOf<{ id: string; label?: string; members?: Member[]; methods?: Member[] }>(
    call(db, 'getClasses'),
  );
  const labels = new Map(list.map((c) => [c.id, plainLabel(c.label, c.id)]));
  const label = (id: string) => labels.get(id) ?? id;
  const relations = valuesOf<{ id1: string; id2: string; title?: string }>(
    call(db, 'getRelations'),
  );
  return [
    ...group(
      'classes',
      list.map((c) => ({
        key: 'class',
        values: { label: label(c.id) },
        children: [...(c.members ?? []), ...(c.methods ?? [])]
          .map((m) => plainLabel(m.text))
          .filter(Boolean)
          .map((text) => ({ key: 'member', values: { label: text } })),
      })),
    ),
    ...group(
      'relations',
      relations.map((r) => {
        const text = plainLabel(r.title === 'none' ? '' : r.title);
        return {
          key: text ? 'relationLabelled' : 'relation',
          values: { from: label(r.id1), to: label(r.id2), label: text },
        };
      }),
    ),
  ];
}

interface MindmapNode {
  descr?: string;
  nodeId?: string;
  children?: MindmapNode[];
}

function mindmapItem(node: MindmapNode): OutlineItem {
  const children = (node.children ?? []).map(mindmapItem);
  return {
    key: 'topic',
    values: { label: plainLabel(node.descr, node.nodeId ?? '') },
    ...(children.length > 0 ? { children } : {}),
  };
}

function mindmap(db: Db): Outline {
  const root = call<MindmapNode | null>(db, 'getMindmap');
  return root ? [{ key: 'topics', items: [mindmapItem(root)] }] : [];
}

function timeline(db: Db): Outline {
  const sections = valuesOf<string>(call(db, 'getSections'));
  const tasks = valuesOf<{ section?: string; task?: string; events?: string[] }>(
    call(db, 'getTasks'),
  );
  const period = (t: (typeof tasks)[number]): OutlineItem => {
    const events = (t.events ?? []).map((e) => plainLabel(e)).filter(Boolean);
    return {
      key: 'period',
      values: { label: plainLabel(t.task) },
      ...(events.length > 0
        ? { children: events.map((e) => ({ key: 'event', values: { label: e } }) as OutlineItem) }
        : {}),
    };
  };
  const loose = tasks.filter((t) => !t.section || !sections.includes(t.section)).map(period);
  const bySection = sections.map((s) => ({
    key: 'section' as const,
    values: { label: plainLabel(s) },
    children: tasks.filter((t) => t.section === s).map(period),
  }));
  return group('periods', [...loose, ...bySection]);
}

/** Whether a Mermaid diagram type (`diagram.type`, `parse().diagramType`) is a flowchart. */
export function isFlowchart(type: string | null | undefined): boolean {
  return (
    type === 'flowchart-v2' || type === 'flowchart' || type === 'graph' || type === 'flowchart-elk'
  );
}

/** The outline of a parsed diagram, or null for kinds without one. */
export function buildOutline(type: string, db: unknown): Outline {
  if (typeof db !== 'object' || db === null) return null;
  const d = db as Db;
  if (isFlowchart(type)) return flowchart(d);
  if (type === 'sequence') return sequence(d);
  if (type === 'class' || type === 'classDiagram') return classes(d);
  if (type === 'mindmap') return mindmap(d);
  if (type === 'timeline') return timeline(d);
  return null;
}
