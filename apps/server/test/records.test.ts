import { readFileSync, existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_PROVIDERS, MAX_ACTION_CONTEXT_BYTES } from '@aprenda/shared/constants';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  TEST_SECRET,
  type SignedUp,
  type TestApp,
} from './helpers.ts';
import { decryptApiKey, encryptApiKey, maskApiKey } from '../src/lib/crypto.ts';
import { getDecryptedApiKey } from '../src/modules/records/records.service.ts';

const PLAIN = 'sk-proj-Zq8vT2mLr9XwPnK4bY7cD1eF6gH3jA5sE0a1b2';

describe('api key crypto', () => {
  const binding = { userId: 'u1', provider: 'openai' };
  it('round-trips and uses a fresh IV per value', () => {
    const a = encryptApiKey(TEST_SECRET, PLAIN, binding);
    const b = encryptApiKey(TEST_SECRET, PLAIN, binding);
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64').subarray(0, 12)).not.toEqual(
      Buffer.from(b, 'base64').subarray(0, 12),
    );
    expect(a).not.toContain(PLAIN);
    expect(decryptApiKey(TEST_SECRET, a, binding)).toBe(PLAIN);
    expect(decryptApiKey(TEST_SECRET, b, binding)).toBe(PLAIN);
  });
  it('fails on a wrong secret, a tampered value, or another row', () => {
    const a = encryptApiKey(TEST_SECRET, PLAIN, binding);
    expect(() => decryptApiKey(`${TEST_SECRET}x`, a, binding)).toThrow();
    const raw = Buffer.from(a, 'base64');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => decryptApiKey(TEST_SECRET, raw.toString('base64'), binding)).toThrow();
    expect(() => decryptApiKey(TEST_SECRET, a, { userId: 'u2', provider: 'openai' })).toThrow();
    expect(() => decryptApiKey(TEST_SECRET, 'AAAA', binding)).toThrow();
  });
  it('masks: first 3 + … + last 4; short keys only … + last 2', () => {
    expect(maskApiKey('sk-abcdefghijklmnopa1b2')).toBe('sk-…a1b2');
    expect(maskApiKey('abcdefghij12')).toBe('…12');
  });
});

describe.each(dialects)('records service (%s)', (dialect) => {
  let t: TestApp;
  let ana: SignedUp;
  let bruno: SignedUp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ana = await signUp(t, { role: 'student' });
    bruno = await signUp(t, { role: 'teacher' });
  });
  afterAll(async () => t?.close());

  describe('user_actions', () => {
    it('creates an action with the session user and a server timestamp', async () => {
      const before = Date.now();
      const res = await jsonRequest(
        t,
        'POST',
        '/pb/user_actions',
        {
          action: 'card_reviewed',
          context: { deck: 'd1', grade: 3, tags: ['a'] },
          user: bruno.id,
          timestamp: '2000-01-01T00:00:00.000Z',
        },
        bearer(ana),
      );
      expect(res.status).toBe(201);
      const body = (await res.json()) as {
        id: string;
        user: string;
        action: string;
        context: unknown;
        timestamp: string;
      };
      expect(body.user).toBe(ana.id);
      expect(body.action).toBe('card_reviewed');
      expect(body.context).toEqual({ deck: 'd1', grade: 3, tags: ['a'] });
      expect(body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(body.timestamp)).toBeGreaterThanOrEqual(before - 1000);
      const row = await t.db.db
        .selectFrom('user_actions')
        .selectAll()
        .where('id', '=', body.id)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(ana.id);
      expect(JSON.parse(row.context!)).toEqual(body.context);
    });

    it('context may be null or omitted', async () => {
      for (const payload of [{ action: 'sign_in', context: null }, { action: 'sign_in' }]) {
        const res = await jsonRequest(t, 'POST', '/pb/user_actions', payload, bearer(ana));
        expect(res.status).toBe(201);
        expect(((await res.json()) as { context: unknown }).context).toBeNull();
      }
    });

    it.each([
      ['empty action', { action: '', context: null }],
      ['action over 100 chars', { action: 'a'.repeat(101), context: null }],
      [
        'context over 8 KB',
        { action: 'x', context: { blob: 'a'.repeat(MAX_ACTION_CONTEXT_BYTES) } },
      ],
      ['no action', { context: null }],
    ])('%s → 400', async (_n, payload) => {
      const res = await jsonRequest(t, 'POST', '/pb/user_actions', payload, bearer(ana));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('validation_failed');
    });

    it('accepts exactly 100 chars', async () => {
      const res = await jsonRequest(
        t,
        'POST',
        '/pb/user_actions',
        { action: 'a'.repeat(100), context: [1, 'two'] },
        bearer(ana),
      );
      expect(res.status).toBe(201);
    });

    it('malformed JSON → 400, anonymous → 401', async () => {
      const bad = await t.app.request('/pb/user_actions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(ana) },
        body: '{"action":',
      });
      expect(bad.status).toBe(400);
      const anon = await jsonRequest(t, 'POST', '/pb/user_actions', { action: 'x', context: null });
      expect(anon.status).toBe(401);
      expect(((await anon.json()) as { code: string }).code).toBe('unauthorized');
    });
  });

  describe('user_api_keys', () => {
    it('anonymous → 401 on every call', async () => {
      for (const [m, p, b] of [
        ['GET', '/pb/user_api_keys', undefined],
        ['GET', '/pb/user_api_keys/openai', undefined],
        ['PUT', '/pb/user_api_keys/openai', { api_key: PLAIN }],
        ['DELETE', '/pb/user_api_keys/openai', undefined],
      ] as const) {
        const res = await jsonRequest(t, m, p, b);
        expect(res.status, `${m} ${p}`).toBe(401);
      }
    });

    it('creates, reads, replaces, lists and deletes — masked only, never the key', async () => {
      const seen: string[] = [];
      const record = async (res: Response) => {
        const text = await res.text();
        seen.push(text, JSON.stringify([...res.headers]));
        return text ? (JSON.parse(text) as Record<string, unknown>) : null;
      };

      expect(
        (await jsonRequest(t, 'GET', '/pb/user_api_keys/openai', undefined, bearer(ana))).status,
      ).toBe(404);

      const put = await jsonRequest(
        t,
        'PUT',
        '/pb/user_api_keys/openai',
        { api_key: PLAIN },
        bearer(ana),
      );
      expect(put.status).toBe(200);
      const created = await record(put);
      expect(created).toEqual({
        provider: 'openai',
        masked: 'sk-…a1b2',
        updated_at: expect.any(String),
      });

      const got = await jsonRequest(t, 'GET', '/pb/user_api_keys/openai', undefined, bearer(ana));
      expect(got.status).toBe(200);
      expect(await record(got)).toEqual(created);

      const second = 'sk-ant-api03-QwErTyUiOpAsDfGhJkLz9f8e';
      const replaced = await jsonRequest(
        t,
        'PUT',
        '/pb/user_api_keys/openai',
        { api_key: second },
        bearer(ana),
      );
      expect(replaced.status).toBe(200);
      expect(((await record(replaced)) as { masked: string }).masked).toBe('sk-…9f8e');
      const rows = await t.db.db
        .selectFrom('user_api_keys')
        .selectAll()
        .where('user_id', '=', ana.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(await getDecryptedApiKey(t.ctx, ana.id, 'openai')).toBe(second);

      await record(
        await jsonRequest(t, 'PUT', '/pb/user_api_keys/anthropic', { api_key: PLAIN }, bearer(ana)),
      );
      const list = await jsonRequest(t, 'GET', '/pb/user_api_keys', undefined, bearer(ana));
      expect(list.status).toBe(200);
      const listed = (await record(list)) as {
        items: Array<{ provider: string; masked: string }>;
        nextCursor: null;
      };
      expect(listed.nextCursor).toBeNull();
      expect(listed.items.map((i) => [i.provider, i.masked])).toEqual([
        ['anthropic', 'sk-…a1b2'],
        ['openai', 'sk-…9f8e'],
      ]);

      const del = await jsonRequest(
        t,
        'DELETE',
        '/pb/user_api_keys/anthropic',
        undefined,
        bearer(ana),
      );
      expect(del.status).toBe(204);
      expect(
        (await jsonRequest(t, 'DELETE', '/pb/user_api_keys/anthropic', undefined, bearer(ana)))
          .status,
      ).toBe(404);
      expect(
        (await jsonRequest(t, 'GET', '/pb/user_api_keys/anthropic', undefined, bearer(ana))).status,
      ).toBe(404);

      for (const text of seen) {
        expect(text).not.toContain(PLAIN);
        expect(text).not.toContain(second);
      }
    });

    it('stores only ciphertext: two stores of one key differ, and the plain key is not in the database', async () => {
      const u = await signUp(t);
      await jsonRequest(t, 'PUT', '/pb/user_api_keys/google', { api_key: PLAIN }, bearer(u));
      const first = await t.db.db
        .selectFrom('user_api_keys')
        .select('api_key')
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow();
      await jsonRequest(t, 'PUT', '/pb/user_api_keys/google', { api_key: PLAIN }, bearer(u));
      const second = await t.db.db
        .selectFrom('user_api_keys')
        .select('api_key')
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow();
      expect(first.api_key).not.toBe(second.api_key);
      expect(first.api_key).not.toContain(PLAIN);
      expect(decryptApiKey(TEST_SECRET, second.api_key, { userId: u.id, provider: 'google' })).toBe(
        PLAIN,
      );

      if (t.sqliteFile) {
        const files = [t.sqliteFile, `${t.sqliteFile}-wal`].filter((f) => existsSync(f));
        expect(files.length).toBeGreaterThan(0);
        const needle = Buffer.from(PLAIN, 'utf8');
        for (const f of files) expect(readFileSync(f).includes(needle), f).toBe(false);
        // The check can fail: the user's e-mail (stored in clear) is found the same way.
        const all = Buffer.concat(files.map((f) => readFileSync(f)));
        expect(all.includes(Buffer.from(u.email, 'utf8'))).toBe(true);
      } else {
        const { sql } = await import('kysely');
        const hits = await sql<{
          n: number;
        }>`select count(*)::int as n from user_api_keys where api_key like ${`%${PLAIN}%`} or masked like ${`%${PLAIN}%`}`.execute(
          t.db.db,
        );
        expect(hits.rows[0]!.n).toBe(0);
      }
    });

    it('another user cannot see, replace or delete my key', async () => {
      await jsonRequest(t, 'PUT', '/pb/user_api_keys/openrouter', { api_key: PLAIN }, bearer(ana));
      expect(
        (await jsonRequest(t, 'GET', '/pb/user_api_keys/openrouter', undefined, bearer(bruno)))
          .status,
      ).toBe(404);
      const list = await jsonRequest(t, 'GET', '/pb/user_api_keys', undefined, bearer(bruno));
      expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
      expect(
        (await jsonRequest(t, 'DELETE', '/pb/user_api_keys/openrouter', undefined, bearer(bruno)))
          .status,
      ).toBe(404);
      await jsonRequest(
        t,
        'PUT',
        '/pb/user_api_keys/openrouter',
        { api_key: 'or-bruno-key-000000001234' },
        bearer(bruno),
      );
      expect(await getDecryptedApiKey(t.ctx, ana.id, 'openrouter')).toBe(PLAIN);
      const mine = await jsonRequest(
        t,
        'GET',
        '/pb/user_api_keys/openrouter',
        undefined,
        bearer(ana),
      );
      expect(((await mine.json()) as { masked: string }).masked).toBe('sk-…a1b2');
    });

    it('unknown provider → 400 provider_not_supported; bad key → 400', async () => {
      for (const [m, b] of [
        ['GET', undefined],
        ['PUT', { api_key: PLAIN }],
        ['DELETE', undefined],
      ] as const) {
        const res = await jsonRequest(t, m, '/pb/user_api_keys/mistral', b, bearer(ana));
        expect(res.status).toBe(400);
        expect(((await res.json()) as { code: string }).code).toBe('provider_not_supported');
      }
      for (const body of [
        { api_key: 'short' },
        { api_key: 'x'.repeat(513) },
        {},
        { api_key: 42 },
      ]) {
        const res = await jsonRequest(t, 'PUT', '/pb/user_api_keys/openai', body, bearer(ana));
        expect(res.status).toBe(400);
        expect(((await res.json()) as { code: string }).code).toBe('validation_failed');
      }
      expect(AI_PROVIDERS).toContain('openai');
    });
  });
});
