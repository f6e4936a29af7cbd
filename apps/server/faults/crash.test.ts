import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../test/fake-llm.ts';
import {
  pgBase,
  pgSchema,
  request,
  signUp,
  sleep,
  sqliteDir,
  startServer,
  type Account,
  type RunningServer,
} from './harness.ts';

/**
 * kill -9 while writing: every write the server acknowledged is there after a restart, and
 * nothing is half-written (a class without its owner's membership, a question without its answer).
 */
async function killMidWrites(
  env: Record<string, string>,
  check: (server: RunningServer) => Promise<void>,
) {
  let server = await startServer(env);
  const teacher = await signUp(server.url);
  const acknowledged = { classes: [] as string[], conversations: [] as string[] };
  let attempts = 0;
  let stop = false;
  const writer = async (i: number) => {
    while (!stop) {
      attempts++;
      try {
        const path = i % 2 ? '/api/classes' : '/api/conversations';
        const res = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: teacher.headers,
          body: JSON.stringify({ title: `w${i}-${attempts}`, description: 'x'.repeat(200) }),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status === 201) {
          const { id } = (await res.json()) as { id: string };
          (i % 2 ? acknowledged.classes : acknowledged.conversations).push(id);
        } else await res.arrayBuffer();
      } catch {
        // the connection died with the process: not acknowledged
      }
    }
  };
  const writers = Array.from({ length: 8 }, (_, i) => writer(i));
  await sleep(1500 + Math.random() * 500);
  const code = await server.kill('SIGKILL');
  expect(code).toBe('SIGKILL');
  stop = true;
  await Promise.all(writers);
  expect(acknowledged.classes.length + acknowledged.conversations.length).toBeGreaterThan(20);

  server = await startServer(env);
  try {
    for (const id of acknowledged.classes) {
      const res = await request(`${server.url}/api/classes/${id}`, { headers: teacher.headers });
      expect(res.status, `class ${id}`).toBe(200);
      expect((res.body as { owner_id: string; role: string }).role).toBe('teacher');
    }
    for (const id of acknowledged.conversations) {
      const res = await request(`${server.url}/api/conversations/${id}`, {
        headers: teacher.headers,
      });
      expect(res.status, `conversation ${id}`).toBe(200);
    }
    await check(server);
    console.warn(
      `[faults] kill -9 mid-write (${env.DATABASE_URL!.startsWith('file:') ? 'SQLite' : 'PostgreSQL'}): ` +
        `${acknowledged.classes.length} classes and ${acknowledged.conversations.length} conversations acknowledged, all present after restart`,
    );
  } finally {
    await server.kill('SIGTERM');
  }
}

describe('kill -9 in the middle of writes', () => {
  it('SQLite: acknowledged writes survive, the file is intact, no class lacks its owner', async () => {
    const db = sqliteDir();
    try {
      await killMidWrites({ DATABASE_URL: db.url, DATA_DIR: db.dir }, async () => {
        const raw = new SQLite(db.file, { readonly: true });
        try {
          expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
          const orphans = raw
            .prepare(
              `select count(*) as n from classes c where not exists
                 (select 1 from class_members m where m.class_id = c.id and m.user_id = c.owner_id and m.role = 'teacher')`,
            )
            .get() as { n: number };
          expect(orphans.n).toBe(0);
        } finally {
          raw.close();
        }
      });
    } finally {
      db.remove();
    }
  });

  it.runIf(pgBase)(
    'PostgreSQL: acknowledged writes survive, no class lacks its owner',
    async () => {
      const db = await pgSchema();
      try {
        await killMidWrites({ DATABASE_URL: db.url }, async () => {
          const { rows } = await db.admin.query<{ n: number }>(
            `select count(*)::int as n from "${db.schema}".classes c where not exists
             (select 1 from "${db.schema}".class_members m
               where m.class_id = c.id and m.user_id = c.owner_id and m.role = 'teacher')`,
          );
          expect(rows[0]!.n).toBe(0);
        });
      } finally {
        await db.drop();
      }
    },
  );
});

describe('kill -9 in the middle of answers', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(async () => llm.close());

  async function cutAnswers(databaseUrl: string, dataDir?: string) {
    const env = {
      DATABASE_URL: databaseUrl,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      OPENAI_API_KEY: 'sk-fault-suite-0000',
      OPENAI_BASE_URL: llm.url,
      OPENAI_MODELS: 'fake-model',
      AI_FIRST_TOKEN_TIMEOUT_MS: '2000',
      ANSWER_STALE_MARGIN_MS: '1000',
      ANSWER_SWEEP_INTERVAL_MS: '500',
    };
    let server = await startServer(env);
    const student: Account = await signUp(server.url, 'student');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await request(`${server.url}/api/conversations`, {
        method: 'POST',
        headers: student.headers,
        body: JSON.stringify({ title: `corte ${i}` }),
      });
      ids.push((res.body as { id: string }).id);
      llm.script({
        kind: 'answer',
        chunks: ['Vamos ', 'pensar ', 'juntos ', 'nisso ', 'com ', 'calma.'],
        delayMs: 700,
      });
    }
    // Ten answers streaming; the process dies after their first words.
    const streams = ids.map((id) =>
      fetch(`${server.url}/api/conversations/${id}/chat`, {
        method: 'POST',
        headers: student.headers,
        body: JSON.stringify({ action: 'send', text: 'Me ajuda?' }),
      })
        .then((r) => r.text())
        .catch(() => ''),
    );
    await sleep(1200);
    await server.kill('SIGKILL');
    await Promise.all(streams);

    const started = Date.now();
    server = await startServer(env);
    try {
      // Within the sweep interval after the stale threshold (first-token 2 s + margin 1 s).
      let messages: Array<{
        role: string;
        status: string;
        text: string;
        error_code: string | null;
      }> = [];
      const cut = () => messages.filter((m) => m.role === 'assistant');
      const deadline = Date.now() + 8000;
      for (;;) {
        messages = [];
        for (const id of ids) {
          const res = await request(`${server.url}/api/conversations/${id}/messages`, {
            headers: student.headers,
          });
          messages.push(...(res.body as { items: typeof messages }).items);
        }
        if (cut().every((m) => m.status === 'failed') || Date.now() > deadline) break;
        await sleep(250);
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      expect(cut()).toHaveLength(10);
      for (const answer of cut()) {
        expect(answer.status).toBe('failed');
        expect(answer.error_code).toBe('provider_stream_dropped');
        // The words the student had seen are kept (saved at once, then every second).
        expect(answer.text.startsWith('Vamos ')).toBe(true);
      }
      // Retry answers again.
      llm.script({ kind: 'answer', chunks: ['Agora ', 'sim.'] });
      const retry = await request(`${server.url}/api/conversations/${ids[0]}/chat`, {
        method: 'POST',
        headers: student.headers,
        body: JSON.stringify({ action: 'regenerate' }),
      });
      expect(retry.status).toBe(200);
      const after = await request(`${server.url}/api/conversations/${ids[0]}/messages`, {
        headers: student.headers,
      });
      expect(
        (after.body as { items: Array<{ text: string; status: string }> }).items.at(-1),
      ).toMatchObject({
        text: 'Agora sim.',
        status: 'complete',
      });
      console.warn(
        `[faults] kill -9 mid-stream: 10/10 cut answers failed with their text ${seconds} s after restart`,
      );
    } finally {
      await server.kill('SIGTERM');
    }
  }

  it('SQLite: restarted at once, every cut answer is failed with its text within the sweep, and Retry works', async () => {
    const db = sqliteDir();
    try {
      await cutAnswers(db.url, db.dir);
    } finally {
      db.remove();
    }
  });

  it.runIf(pgBase)('PostgreSQL: the same', async () => {
    const db = await pgSchema();
    try {
      await cutAnswers(db.url);
    } finally {
      await db.drop();
    }
  });
});
