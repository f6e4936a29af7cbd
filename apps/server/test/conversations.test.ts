import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@aprenda/shared/schemas/conversations';
import type { Page } from '@aprenda/shared/schemas/common';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';
import { startFakeLlm, type FakeLlm } from './fake-llm.ts';
import { settleBackgroundWork } from '../src/modules/conversations/answer-stream.service.ts';
import { failAbandonedAnswers } from '../src/modules/conversations/answer-sweep.service.ts';

/** A clock that moves 1 s forward on every reading, so activity order is deterministic. */
function tickingClock(start = Date.parse('2030-01-01T00:00:00.000Z')) {
  let t = start;
  return { now: () => new Date((t += 1000)) };
}

describe.each(dialects)('Conversation API (%s)', (dialect) => {
  let t: TestApp;
  let llm: FakeLlm;
  let alice: SignedUp;
  let bob: SignedUp;

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await createTestApp(
      dialect,
      { OPENAI_API_KEY: 'sk-school-key', OPENAI_BASE_URL: llm.url, OPENAI_MODELS: 'fake-model' },
      { clock: tickingClock() },
    );
    alice = await signUp(t, { role: 'student', name: 'Alice' });
    bob = await signUp(t, { role: 'student', name: 'Bob' });
  });
  afterAll(async () => {
    await settleBackgroundWork(t.ctx);
    await t.close();
    await llm.close();
  });

  const create = async (u: SignedUp, body: Record<string, unknown> = {}) => {
    const res = await jsonRequest(t, 'POST', '/api/conversations', body, bearer(u));
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Conversation;
  };
  const list = async (u: SignedUp, query = '') => {
    const res = await jsonRequest(t, 'GET', `/api/conversations${query}`, undefined, bearer(u));
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Page<Conversation>;
  };
  /** Send a message and read the whole answer stream. */
  const send = async (u: SignedUp, id: string, text: string) => {
    const res = await jsonRequest(
      t,
      'POST',
      `/api/conversations/${id}/chat`,
      { action: 'send', text },
      bearer(u),
    );
    expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
    await res.text();
    await settleBackgroundWork(t.ctx);
  };

  it('requires a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/conversations'],
      ['POST', '/api/conversations'],
      ['GET', '/api/conversations/x'],
      ['GET', '/api/conversations/x/messages'],
      ['POST', '/api/conversations/x/chat'],
      ['GET', '/api/ai/models'],
      ['GET', '/api/classes/x/conversations'],
    ] as const) {
      const res = await jsonRequest(t, method, path, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('creates with defaults: empty title, socratic for students, direct for teachers', async () => {
    const c = await create(alice);
    expect(c).toMatchObject({
      title: '',
      mode: 'socratic',
      class_id: null,
      class_title: null,
      pinned: false,
      last_message_at: null,
    });
    expect(c.readonly).toBeUndefined();
    const teacher = await signUp(t, { role: 'teacher' });
    expect((await create(teacher, { title: 'Plano de aula' })).mode).toBe('direct');
    expect((await create(alice, { title: '  Frações  ', mode: 'direct' })).title).toBe('Frações');

    const got = await jsonRequest(t, 'GET', `/api/conversations/${c.id}`, undefined, bearer(alice));
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(c);
  });

  it('limits: title of 200 is fine, 201 is 400; bad mode is 400', async () => {
    expect((await create(alice, { title: 'a'.repeat(200) })).title).toHaveLength(200);
    const long = await jsonRequest(
      t,
      'POST',
      '/api/conversations',
      { title: 'a'.repeat(201) },
      bearer(alice),
    );
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'title', code: 'too_big', maximum: 200 }],
    });
    const mode = await jsonRequest(t, 'POST', '/api/conversations', { mode: 'x' }, bearer(alice));
    expect(mode.status).toBe(400);
    const c = await create(alice);
    const patch = await jsonRequest(
      t,
      'PATCH',
      `/api/conversations/${c.id}`,
      { title: 'b'.repeat(201) },
      bearer(alice),
    );
    expect(patch.status).toBe(400);
    const empty = await jsonRequest(t, 'PATCH', `/api/conversations/${c.id}`, {}, bearer(alice));
    expect(empty.status).toBe(400);
  });

  it('renames, pins, switches mode; pinned first, then newest activity first', async () => {
    const u = await signUp(t);
    const a = await create(u, { title: 'A' });
    const b = await create(u, { title: 'B' });
    const c = await create(u, { title: 'C' });
    expect((await list(u)).items.map((x) => x.title)).toEqual(['C', 'B', 'A']);

    // Activity: a message in A moves it to the top.
    await send(u, a.id, 'Oi');
    expect((await list(u)).items.map((x) => x.title)).toEqual(['A', 'C', 'B']);

    const pinned = await jsonRequest(
      t,
      'PATCH',
      `/api/conversations/${b.id}`,
      { pinned: true, title: 'B2', mode: 'direct' },
      bearer(u),
    );
    expect(pinned.status).toBe(200);
    expect(await pinned.json()).toMatchObject({
      id: b.id,
      pinned: true,
      title: 'B2',
      mode: 'direct',
    });
    expect((await list(u)).items.map((x) => x.title)).toEqual(['B2', 'A', 'C']);
    void c;
  });

  it('pages conversations with an opaque cursor (no duplicates, no gaps)', async () => {
    const u = await signUp(t);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await create(u, { title: `n${i}` })).id);
    await jsonRequest(t, 'PATCH', `/api/conversations/${ids[2]}`, { pinned: true }, bearer(u));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(u, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([ids[2], ...ids.filter((x) => x !== ids[2]).reverse()]);
    const bad = await jsonRequest(t, 'GET', '/api/conversations?cursor=zzz', undefined, bearer(u));
    expect(bad.status).toBe(400);
    const tooMany = await jsonRequest(
      t,
      'GET',
      '/api/conversations?limit=101',
      undefined,
      bearer(u),
    );
    expect(tooMany.status).toBe(400);
  });

  it('searches titles and message text, accent- and case-insensitive, last word as prefix', async () => {
    const u = await signUp(t);
    const photo = await create(u, { title: 'Fotossíntese' });
    const water = await create(u, { title: 'Ciclo da água' });
    const plain = await create(u, { title: 'Sem título' });
    await send(u, plain.id, 'Como funciona a MITOCÔNDRIA na célula?');
    const grade = await create(u, { title: 'Equações do 1º grau — 2ª série' });
    const other = await create(bob, { title: 'Fotossíntese do Bob' });

    const ids = async (q: string) =>
      (await list(u, `?q=${encodeURIComponent(q)}`)).items.map((x) => x.id);
    expect(await ids('fotossintese')).toEqual([photo.id]);
    expect(await ids('FOTOSSÍNTESE')).toEqual([photo.id]);
    expect(await ids('agua')).toEqual([water.id]);
    expect(await ids('mitocondria')).toEqual([plain.id]); // message text
    expect(await ids('celula mitoc')).toEqual([plain.id]); // prefix of the last word
    expect(await ids('fotos')).toEqual([photo.id]);
    // Ordinals as schools write them ("9º ano", "2ª série"): º and ª are not an o and an a.
    expect(await ids('1º')).toEqual([grade.id]);
    expect(await ids('equacoes 2ª')).toEqual([grade.id]);
    expect(await ids('2ª SÉRIE')).toEqual([grade.id]);
    expect(await ids('inexistente')).toEqual([]);
    expect(await ids('"; drop table messages; --')).toEqual([]);
    expect(await ids('  ')).toHaveLength(4);
    expect(await ids('*')).toHaveLength(4);
    // Never someone else's conversation.
    expect(await ids('bob')).toEqual([]);
    void other;

    // Renames and deletes keep the index in sync.
    await jsonRequest(t, 'PATCH', `/api/conversations/${water.id}`, { title: 'Chuva' }, bearer(u));
    expect(await ids('agua')).toEqual([]);
    expect(await ids('chuva')).toEqual([water.id]);
    await jsonRequest(t, 'DELETE', `/api/conversations/${plain.id}`, undefined, bearer(u));
    expect(await ids('mitocondria')).toEqual([]);
  });

  it('searches one document per conversation: words across messages, edits, deletes, paging', async () => {
    const u = await signUp(t);
    const ids = async (q: string) =>
      (await list(u, `?q=${encodeURIComponent(q)}`)).items.map((x) => x.id);
    const chat = async (id: string, body: Record<string, unknown>) => {
      const res = await jsonRequest(t, 'POST', `/api/conversations/${id}/chat`, body, bearer(u));
      expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
      await res.text();
      await settleBackgroundWork(t.ctx);
    };
    const bio = await create(u, { title: 'Biologia' });
    llm.script({ kind: 'answer', chunks: ['A MITOCÔNDRIA ', 'produz energia.'] });
    await send(u, bio.id, 'O que faz a clorofila?');
    // Words from two messages, and from the title plus a message, find the conversation.
    expect(await ids('clorofila mitocondria')).toEqual([bio.id]);
    expect(await ids('biologia energia')).toEqual([bio.id]);
    expect(await ids('Mitocôndria')).toEqual([bio.id]); // accent- and case-insensitive
    expect(await ids('cloro')).toEqual([bio.id]); // the last word is a prefix
    expect(await ids('biolog')).toEqual([bio.id]); // title only
    expect(await ids('clorofila inexistente')).toEqual([]);

    // Regenerate drops the old answer: its words no longer match; the new answer's do.
    llm.script({ kind: 'answer', chunks: ['Os cloroplastos captam luz.'] });
    await chat(bio.id, { action: 'regenerate' });
    expect(await ids('mitocondria')).toEqual([]);
    expect(await ids('cloroplastos')).toEqual([bio.id]);
    // Edit replaces the question's words.
    llm.script({ kind: 'answer', chunks: ['Resposta nova.'] });
    await chat(bio.id, { action: 'edit', text: 'Explique a osmose' });
    expect(await ids('clorofila')).toEqual([]);
    expect(await ids('osmose')).toEqual([bio.id]);
    expect(await ids('cloroplastos')).toEqual([]);
    // Deleting the conversation removes its document.
    await jsonRequest(t, 'DELETE', `/api/conversations/${bio.id}`, undefined, bearer(u));
    expect(await ids('osmose')).toEqual([]);

    // Paging through results: newest activity first, pinned first, no duplicates or gaps.
    const made: Conversation[] = [];
    for (let i = 0; i < 7; i++) made.push(await create(u, { title: `Revisão ${i}` }));
    await create(u, { title: 'Outro assunto' });
    const pinned = made[2]!;
    await jsonRequest(t, 'PATCH', `/api/conversations/${pinned.id}`, { pinned: true }, bearer(u));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?q=revisao&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const p = await list(u, query);
      seen.push(...p.items.map((x) => x.id));
      cursor = p.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    const expected = [
      pinned.id,
      ...made
        .filter((c) => c !== pinned)
        .map((c) => c.id)
        .reverse(),
    ];
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);
  });

  it.runIf(dialect === 'postgres')(
    "PostgreSQL: new messages' words appended to the search document equal a full rebuild",
    async () => {
      const u = await signUp(t);
      const conv = await create(u, { title: 'Ciências — revisão' });
      llm.script({ kind: 'answer', chunks: ['A MITOCÔNDRIA ', 'produz energia; ', 'ATP!'] });
      await send(u, conv.id, 'O que faz a clorofila? E o núcleo?');
      llm.script({ kind: 'answer', chunks: ['Fotossíntese: luz → glicose.'] });
      await send(u, conv.id, 'E a fotossíntese, como é?');
      // The stored document (appended to on every insert, rebuilt on every answer saved) has
      // exactly the words of one built from scratch; and search finds the new words.
      const { rows } = await sql<{ stored: string[]; rebuilt: string[]; n: number }>`
        select tsvector_to_array(search_doc) as stored,
               tsvector_to_array(aprenda_conversation_doc(id, title)) as rebuilt,
               (select count(*)::int from messages m where m.conversation_id = c.id) as n
          from conversations c where id = ${conv.id}`.execute(t.db.db);
      expect(rows[0]!.n).toBe(4);
      expect(rows[0]!.stored).toEqual(rows[0]!.rebuilt);
      expect(rows[0]!.stored).toEqual(expect.arrayContaining(['clorofila', 'nucleo', 'glicose']));
      // A message inserted directly (not through a chat turn) is appended the same way.
      await sql`insert into messages (id, conversation_id, seq, role, text, status, created_at, updated_at)
        values ('msg-append-1', ${conv.id}, 5, 'user', 'Pergunta sobre ribossomos', 'complete',
                '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')`.execute(t.db.db);
      const ids = (await list(u, '?q=ribossomos')).items.map((x) => x.id);
      expect(ids).toEqual([conv.id]);
    },
  );

  it('another user gets 404 on everything; delete removes the messages too', async () => {
    const c = await create(alice, { title: 'Privada' });
    await send(alice, c.id, 'Minha pergunta secreta');
    const base = `/api/conversations/${c.id}`;
    for (const [method, path, body] of [
      ['GET', base, undefined],
      ['PATCH', base, { title: 'x' }],
      ['DELETE', base, undefined],
      ['GET', `${base}/messages`, undefined],
      ['POST', `${base}/chat`, { action: 'send', text: 'oi' }],
      ['POST', `${base}/chat`, { action: 'regenerate' }],
      // Checked before the text: someone else's conversation is 404 even with an empty message.
      ['POST', `${base}/chat`, { action: 'send', text: '   ' }],
    ] as const) {
      const res = await jsonRequest(t, method, path, body, bearer(bob));
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('not_found');
    }
    expect((await list(bob)).items.some((x) => x.id === c.id)).toBe(false);

    const del = await jsonRequest(t, 'DELETE', base, undefined, bearer(alice));
    expect(del.status).toBe(204);
    expect((await jsonRequest(t, 'GET', base, undefined, bearer(alice))).status).toBe(404);
    const left = await t.db.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', c.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('pages messages: newest page first, chronological inside a page', async () => {
    const u = await signUp(t);
    const c = await create(u, { title: 'Muitas' });
    for (let i = 1; i <= 3; i++) {
      llm.script({ kind: 'answer', chunks: [`resposta ${i}`] });
      await send(u, c.id, `pergunta ${i}`);
    }
    const page = async (q: string) => {
      const res = await jsonRequest(
        t,
        'GET',
        `/api/conversations/${c.id}/messages${q}`,
        undefined,
        bearer(u),
      );
      expect(res.status).toBe(200);
      return (await res.json()) as Page<Message>;
    };
    const p1 = await page('?limit=4');
    expect(p1.items.map((m) => m.text)).toEqual([
      'pergunta 2',
      'resposta 2',
      'pergunta 3',
      'resposta 3',
    ]);
    expect(p1.items[0]).toMatchObject({ role: 'user', status: 'complete', model: null });
    expect(p1.items[1]).toMatchObject({
      role: 'assistant',
      status: 'complete',
      error_code: null,
      model: 'openai:fake-model',
    });
    expect(p1.nextCursor).not.toBeNull();
    const p2 = await page(`?limit=4&cursor=${p1.nextCursor}`);
    expect(p2.items.map((m) => m.text)).toEqual(['pergunta 1', 'resposta 1']);
    expect(p2.nextCursor).toBeNull();
  });

  it('links a conversation to one of my classes only; teachers read it read-only', async () => {
    const teacher = await signUp(t, { role: 'teacher', name: 'Profa. Ana' });
    const student = await signUp(t, { role: 'student', name: 'Caio' });
    const outsider = await signUp(t, { role: 'teacher' });
    const klass = await jsonRequest(
      t,
      'POST',
      '/api/classes',
      { title: 'Biologia 7A' },
      bearer(teacher),
    );
    expect(klass.status).toBe(201);
    const classId = ((await klass.json()) as { id: string }).id;

    // Not a member yet → the class does not exist for the student.
    const denied = await jsonRequest(
      t,
      'POST',
      '/api/conversations',
      { class_id: classId },
      bearer(student),
    );
    expect(denied.status).toBe(404);

    const add = await jsonRequest(
      t,
      'POST',
      `/api/classes/${classId}/members?user_id=${student.id}`,
      undefined,
      bearer(teacher),
    );
    expect(add.status).toBe(201);
    const linked = await create(student, { title: 'Células', class_id: classId });
    expect(linked).toMatchObject({ class_id: classId, class_title: 'Biologia 7A' });
    const unlinked = await create(student, { title: 'Particular' });
    await send(student, linked.id, 'O que é uma célula?');

    const listRes = await jsonRequest(
      t,
      'GET',
      `/api/classes/${classId}/conversations`,
      undefined,
      bearer(teacher),
    );
    expect(listRes.status).toBe(200);
    const body = (await listRes.json()) as Page<Conversation & { student_name: string }>;
    expect(body.items.map((x) => x.id)).toEqual([linked.id]);
    expect(body.items[0]).toMatchObject({ student_name: 'Caio', readonly: true });

    const got = await jsonRequest(
      t,
      'GET',
      `/api/conversations/${linked.id}`,
      undefined,
      bearer(teacher),
    );
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ id: linked.id, readonly: true });
    const msgs = await jsonRequest(
      t,
      'GET',
      `/api/conversations/${linked.id}/messages`,
      undefined,
      bearer(teacher),
    );
    expect(msgs.status).toBe(200);
    expect(((await msgs.json()) as Page<Message>).items[0]?.text).toBe('O que é uma célula?');

    // Read-only: no writes, no chat.
    for (const [method, path, body2] of [
      ['PATCH', `/api/conversations/${linked.id}`, { title: 'x' }],
      ['DELETE', `/api/conversations/${linked.id}`, undefined],
      ['POST', `/api/conversations/${linked.id}/chat`, { action: 'send', text: 'oi' }],
    ] as const) {
      const res = await jsonRequest(t, method, path, body2, bearer(teacher));
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // The unlinked one, and anyone outside the class: 404.
    expect(
      (await jsonRequest(t, 'GET', `/api/conversations/${unlinked.id}`, undefined, bearer(teacher)))
        .status,
    ).toBe(404);
    expect(
      (await jsonRequest(t, 'GET', `/api/conversations/${linked.id}`, undefined, bearer(outsider)))
        .status,
    ).toBe(404);
    expect(
      (
        await jsonRequest(
          t,
          'GET',
          `/api/classes/${classId}/conversations`,
          undefined,
          bearer(outsider),
        )
      ).status,
    ).toBe(404);
    // A student of the class may not list the class's conversations.
    expect(
      (
        await jsonRequest(
          t,
          'GET',
          `/api/classes/${classId}/conversations`,
          undefined,
          bearer(student),
        )
      ).status,
    ).toBe(403);

    // The student leaves the class → the teacher no longer sees the conversation.
    const leave = await jsonRequest(
      t,
      'DELETE',
      `/api/classes/${classId}/members/${student.id}`,
      undefined,
      bearer(teacher),
    );
    expect(leave.status).toBe(204);
    expect(
      (await jsonRequest(t, 'GET', `/api/conversations/${linked.id}`, undefined, bearer(teacher)))
        .status,
    ).toBe(404);
  });

  it('records conversation_created and message_sent without message text', async () => {
    const u = await signUp(t);
    const c = await create(u, { title: 'Registro' });
    await send(u, c.id, 'texto muito secreto da pergunta');
    const rows = await t.db.db
      .selectFrom('user_actions')
      .select(['action', 'context'])
      .where('user_id', '=', u.id)
      .where('action', 'in', ['conversation_created', 'message_sent'])
      .orderBy('timestamp')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['conversation_created', 'message_sent']);
    expect(JSON.parse(rows[0]!.context!)).toMatchObject({ conversation_id: c.id });
    expect(JSON.parse(rows[1]!.context!)).toMatchObject({ conversation_id: c.id });
    expect(rows[1]!.context).not.toContain('secreto');
  });
  it('marks answers a dead process left streaming as failed, keeping their text; live ones stay', async () => {
    const c = await create(alice, { title: 'Interrompida' });
    await send(alice, c.id, 'Primeira pergunta');
    const rows = await t.db.db
      .selectFrom('messages')
      .select(['id', 'seq'])
      .where('conversation_id', '=', c.id)
      .orderBy('seq', 'desc')
      .execute();
    const now = t.ctx.clock.now().getTime();
    const at = (msAgo: number) => new Date(now - msAgo).toISOString();
    // The last answer: left mid-stream ten minutes ago. A second row: streaming right now.
    await t.db.db
      .updateTable('messages')
      .set({ status: 'streaming', text: 'Resposta pela met', updated_at: at(600_000) })
      .where('id', '=', rows[0]!.id)
      .execute();
    const seq = rows[0]!.seq + 1;
    await t.db.db
      .insertInto('messages')
      .values({
        id: `live-${dialect}`,
        conversation_id: c.id,
        seq,
        role: 'assistant',
        text: 'ainda chegando',
        status: 'streaming',
        error_code: null,
        model: null,
        created_at: at(1_000),
        updated_at: at(1_000),
      })
      .execute();

    expect(await failAbandonedAnswers(t.ctx, 180_000)).toBe(1);
    const res = await jsonRequest(
      t,
      'GET',
      `/api/conversations/${c.id}/messages`,
      undefined,
      bearer(alice),
    );
    const { items } = (await res.json()) as Page<Message>;
    const byId = new Map(items.map((m) => [m.id, m]));
    expect(byId.get(rows[0]!.id)).toMatchObject({
      status: 'failed',
      error_code: 'provider_stream_dropped',
      text: 'Resposta pela met',
    });
    expect(byId.get(`live-${dialect}`)).toMatchObject({ status: 'streaming', error_code: null });
    // Idempotent.
    expect(await failAbandonedAnswers(t.ctx, 180_000)).toBe(0);
  });
});
