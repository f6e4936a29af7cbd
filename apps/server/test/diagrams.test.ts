import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIAGRAM_CODE_MAX,
  DIAGRAMS_PER_USER_MAX,
  type Diagram,
  type DiagramList,
} from '@aprenda/shared/schemas/diagrams';
import { diagramKind } from '../src/modules/diagrams/diagram-kind.ts';
import { createTestApp, dialects, signUp, type SignedUp, type TestApp } from './helpers.ts';
import { api } from './flashcards-helpers.ts';

/**
 * Issue 15, points 3, 4, 6, 7: saved Mermaid diagrams — CRUD, sharing read-only with classes,
 * permissions (owner, class reader, stranger, removed student), limits and hostile text.
 */

const FLOW = 'flowchart TD\n  A[Início] --> B{Chove?}\n  B -->|Sim| C[Guarda-chuva]\n';

describe('diagramKind', () => {
  it('reads the type from the first meaningful line', () => {
    expect(diagramKind(FLOW)).toBe('flowchart');
    expect(diagramKind('graph LR\nA-->B')).toBe('flowchart');
    expect(diagramKind('\n\n%% comentário\n%%{init: {"theme":"dark"}}%%\nsequenceDiagram\n')).toBe(
      'sequence',
    );
    expect(diagramKind('---\ntitle: Células\n---\nclassDiagram\n  class A')).toBe('class');
    expect(diagramKind('  mindmap\n    root((Biologia))')).toBe('mindmap');
    expect(diagramKind('timeline\n  title História')).toBe('timeline');
    expect(diagramKind('stateDiagram-v2\n[*] --> A')).toBe('state');
    expect(diagramKind('erDiagram\n')).toBe('er');
    expect(diagramKind('xychart-beta\n')).toBe('xychart');
    expect(diagramKind('C4Context\n')).toBe('c4');
    expect(diagramKind('hello world')).toBeNull();
    expect(diagramKind('')).toBeNull();
    expect(diagramKind('%% só um comentário')).toBeNull();
  });
});

describe.each(dialects)('diagrams (%s)', (dialect) => {
  let t: TestApp;
  const { call, newClass } = api(() => t);
  let owner: SignedUp;
  let student: SignedUp;
  let coTeacher: SignedUp;
  let stranger: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t, { role: 'teacher', name: 'Profa. Ana' });
    student = await signUp(t);
    coTeacher = await signUp(t, { role: 'teacher' });
    stranger = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newDiagram(u: SignedUp, extra: Partial<Record<string, string>> = {}) {
    const res = await call<Diagram>(u, 'POST', '/diagrams', {
      title: 'Ciclo da água',
      description: 'Fluxograma do ciclo da água.',
      code: FLOW,
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  it('creates, reads, lists, changes and deletes a diagram', async () => {
    const created = await newDiagram(owner, { title: '  Ciclo da água  ' });
    expect(created).toMatchObject({
      title: 'Ciclo da água',
      description: 'Fluxograma do ciclo da água.',
      code: FLOW,
      kind: 'flowchart',
      access: 'owner',
      owner: { id: owner.id, name: 'Profa. Ana' },
      sharedWith: [],
    });
    expect(created.createdAt).toBe(created.updatedAt);

    const got = await call<Diagram>(owner, 'GET', `/diagrams/${created.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);

    const list = await call<DiagramList>(owner, 'GET', '/diagrams');
    expect(list.status).toBe(200);
    const mine = list.body.mine.find((d) => d.id === created.id);
    expect(mine).toBeDefined();
    expect(mine).not.toHaveProperty('code');

    const patched = await call<Diagram>(owner, 'PATCH', `/diagrams/${created.id}`, {
      code: 'sequenceDiagram\n  Aluno->>Professor: Dúvida',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ kind: 'sequence', title: 'Ciclo da água' });
    expect(patched.body.updatedAt >= created.updatedAt).toBe(true);

    const renamed = await call<Diagram>(owner, 'PATCH', `/diagrams/${created.id}`, {
      title: 'Conversa',
      description: 'Uma dúvida.',
    });
    expect(renamed.body).toMatchObject({ title: 'Conversa', description: 'Uma dúvida.' });
    expect(renamed.body.code).toBe('sequenceDiagram\n  Aluno->>Professor: Dúvida');

    const unknownKind = await call<Diagram>(owner, 'PATCH', `/diagrams/${created.id}`, {
      code: 'isto não é mermaid',
    });
    expect(unknownKind.body.kind).toBeNull();

    expect((await call(owner, 'DELETE', `/diagrams/${created.id}`)).status).toBe(204);
    expect((await call(owner, 'GET', `/diagrams/${created.id}`)).status).toBe(404);
    expect((await call(owner, 'DELETE', `/diagrams/${created.id}`)).status).toBe(404);
  });

  it('validates the body: title and description are required, PATCH needs a field', async () => {
    for (const body of [
      { title: '', description: 'x', code: FLOW },
      { title: 'x', description: '   ', code: FLOW },
      { title: 'x', description: 'x' },
      { title: 'x'.repeat(121), description: 'x', code: FLOW },
    ]) {
      const res = await call<{ code: string }>(owner, 'POST', '/diagrams', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    const d = await newDiagram(owner);
    const empty = await call<{ code: string }>(owner, 'PATCH', `/diagrams/${d.id}`, {});
    expect(empty.status).toBe(400);
  });

  it('refuses code over 50,000 characters with diagram_too_long (413)', async () => {
    const atLimit = `flowchart TD\n%%${'x'.repeat(DIAGRAM_CODE_MAX - 15)}`;
    expect(atLimit.length).toBe(DIAGRAM_CODE_MAX);
    const ok = await newDiagram(owner, { code: atLimit });
    expect(ok.code.length).toBe(DIAGRAM_CODE_MAX);

    const tooLong = `${atLimit}y`;
    const created = await call<{ code: string }>(owner, 'POST', '/diagrams', {
      title: 'Grande',
      description: 'Grande demais.',
      code: tooLong,
    });
    expect(created.status).toBe(413);
    expect(created.body.code).toBe('diagram_too_long');

    const patched = await call<{ code: string }>(owner, 'PATCH', `/diagrams/${ok.id}`, {
      code: tooLong,
    });
    expect(patched.status).toBe(413);
    expect(patched.body.code).toBe('diagram_too_long');
    const after = await call<Diagram>(owner, 'GET', `/diagrams/${ok.id}`);
    expect(after.body.code).toBe(atLimit);
  });

  it(`keeps at most ${DIAGRAMS_PER_USER_MAX} diagrams per user (409 conflict after)`, async () => {
    const busy = await signUp(t);
    const iso = new Date().toISOString();
    const rows = Array.from({ length: DIAGRAMS_PER_USER_MAX - 1 }, (_, i) => ({
      id: `bulk-${busy.id}-${i}`,
      owner_id: busy.id,
      title: `D${i}`,
      description: 'd',
      code: 'graph TD\n  A --> B',
      kind: 'flowchart',
      created_at: iso,
      updated_at: iso,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await t.db.db
        .insertInto('diagrams')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    await newDiagram(busy);
    const over = await call<{ code: string }>(busy, 'POST', '/diagrams', {
      title: 'Mais um',
      description: 'Não cabe.',
      code: FLOW,
    });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('conflict');
    const list = await call<DiagramList>(busy, 'GET', '/diagrams');
    expect(list.body.mine).toHaveLength(DIAGRAMS_PER_USER_MAX);
  });

  it('shares read-only with classes the owner teaches; others get 404', async () => {
    const klass = await newClass(owner, { students: [student], teachers: [coTeacher] }, 'Turma 1A');
    const d = await newDiagram(owner, { title: 'Da turma' });

    // Before sharing: nobody else sees it.
    for (const u of [student, coTeacher, stranger]) {
      expect((await call(u, 'GET', `/diagrams/${d.id}`)).status).toBe(404);
    }

    const shared = await call<Diagram>(owner, 'PUT', `/diagrams/${d.id}/shares`, {
      classIds: [klass.id, klass.id],
    });
    expect(shared.status).toBe(200);
    expect(shared.body.sharedWith).toEqual([{ id: klass.id, name: 'Turma 1A' }]);

    for (const u of [student, coTeacher]) {
      const read = await call<Diagram>(u, 'GET', `/diagrams/${d.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        access: 'class',
        code: FLOW,
        sharedWith: [{ id: klass.id, name: 'Turma 1A' }],
      });
      const list = await call<DiagramList>(u, 'GET', '/diagrams');
      expect(list.body.shared.map((x) => x.id)).toContain(d.id);
      expect(list.body.mine.map((x) => x.id)).not.toContain(d.id);
      // Read-only: no change, no delete, no share.
      const patch = await call<{ code: string }>(u, 'PATCH', `/diagrams/${d.id}`, { title: 'Meu' });
      expect(patch.status).toBe(403);
      expect(patch.body.code).toBe('owner_only');
      expect((await call(u, 'DELETE', `/diagrams/${d.id}`)).status).toBe(403);
      expect((await call(u, 'PUT', `/diagrams/${d.id}/shares`, { classIds: [] })).status).toBe(403);
    }
    expect((await call(owner, 'GET', `/diagrams/${d.id}`)).body).toMatchObject({
      title: 'Da turma',
    });

    // A stranger: 404 everywhere, and nothing in the list.
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { title: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(stranger, method, `/diagrams/${d.id}`, body)).status).toBe(404);
    }
    expect((await call(stranger, 'PUT', `/diagrams/${d.id}/shares`, { classIds: [] })).status).toBe(
      404,
    );
    const strangerList = await call<DiagramList>(stranger, 'GET', '/diagrams');
    expect(strangerList.body).toEqual({ mine: [], shared: [] });

    // The owner's list shows the share.
    const ownerList = await call<DiagramList>(owner, 'GET', '/diagrams');
    expect(ownerList.body.mine.find((x) => x.id === d.id)?.sharedWith).toEqual([
      { id: klass.id, name: 'Turma 1A' },
    ]);

    // Removed from the class: access ends at once.
    const removed = await call(owner, 'DELETE', `/classes/${klass.id}/members/${student.id}`);
    expect(removed.status).toBe(204);
    expect((await call(student, 'GET', `/diagrams/${d.id}`)).status).toBe(404);
    expect((await call<DiagramList>(student, 'GET', '/diagrams')).body.shared).toEqual([]);

    // Unsharing ends the co-teacher's access too.
    const unshared = await call<Diagram>(owner, 'PUT', `/diagrams/${d.id}/shares`, {
      classIds: [],
    });
    expect(unshared.body.sharedWith).toEqual([]);
    expect((await call(coTeacher, 'GET', `/diagrams/${d.id}`)).status).toBe(404);
  });

  it('403 when sharing with a class the owner does not teach; nothing changes', async () => {
    const taught = await newClass(owner, {}, 'Turma 2B');
    const other = await newClass(coTeacher, { students: [owner] }, 'Turma do colega');
    const d = await newDiagram(owner);
    for (const classIds of [[other.id], [taught.id, other.id], ['no-such-class']]) {
      const res = await call<{ code: string }>(owner, 'PUT', `/diagrams/${d.id}/shares`, {
        classIds,
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    expect((await call<Diagram>(owner, 'GET', `/diagrams/${d.id}`)).body.sharedWith).toEqual([]);
    expect((await call(coTeacher, 'GET', `/diagrams/${d.id}`)).status).toBe(404);
  });

  it('stores XSS payloads as text and answers them as JSON, unchanged', async () => {
    const title = '<img src=x onerror=alert(1)>';
    const description = '<script>alert(1)</script> & "aspas"';
    const code =
      'flowchart TD\n  A["<img src=x onerror=alert(1)>"] --> B[Fim]\n  click A href "javascript:alert(1)"\n';
    const d = await newDiagram(owner, { title, description, code });
    expect(d).toMatchObject({ title, description, code });
    const res = await t.app.request(`/api/diagrams/${d.id}`, {
      headers: { authorization: `Bearer ${owner.token}`, origin: 'http://localhost:3000' },
    });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = (await res.json()) as Diagram;
    expect(body.code).toBe(code);
    expect(body.title).toBe(title);
    const list = await t.app.request('/api/diagrams', {
      headers: { authorization: `Bearer ${owner.token}`, origin: 'http://localhost:3000' },
    });
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('needs a session; unknown and malformed ids are 404', async () => {
    const res = await t.app.request('/api/diagrams', {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.status).toBe(401);
    expect((await call(owner, 'GET', '/diagrams/no-such-id')).status).toBe(404);
    expect((await call(owner, 'GET', '/diagrams/bad%20id')).status).toBe(404);
  });
});
