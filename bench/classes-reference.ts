/**
 * The bare reference of `npm run bench:classes` (issue 16, point 3): a `node:http` server that does
 * exactly the work of `GET /api/classes/mine` and nothing else — no Hono, no Kysely, no middleware
 * chain, no response cache — on the same database, so that the app's req/s can be compared with a
 * floor measured in the same run.
 *
 * Per request, like the app (middleware/session.ts resolveBearer, then the route):
 * 1. `Authorization: Bearer <token>.<signature>` — the signed form Better Auth's bearer plugin
 *    hands out; HMAC-SHA-256 of the token with APP_SECRET, compared in constant time (401 when
 *    it does not match);
 * 2. the session and its user, with the `sessions` data version, in ONE statement (the app's
 *    `selectSignedSession` text); expired or due for Better Auth's `updateAge` refresh → 401 here
 *    (the bench's sessions are fresh, so it never happens in a run);
 * 3. the page of the user's classes (`limit` 20 and `cursor` from the query string, like
 *    `pageQuerySchema`) — the SAME SQL text the app's `selectUserClassPage` runs on this schema:
 *    the one before migration 0024 (teachers by a correlated subquery, ordered by the joined
 *    classes: a temporary B-tree) or the one after it (rows in index order from class_members
 *    (user_id, class_created_at, class_id, role), teachers' names kept on the class row) — chosen
 *    by looking at the schema, so the same reference measures the old and the new app;
 * 4. the same JSON answer (`items` with role, teachers' names in joining order then by name, next
 *    event; `nextCursor`).
 * Each statement is prepared once at start (better-sqlite3 statements kept by reference, their
 * parameters pinned as the app's are — `+?`, decision 0037;
 * PostgreSQL named statements through a `pg` pool of DB_POOL_SIZE, default 10, as the app's).
 *
 * Run by bench/classes.ts: `node bench/classes-reference.ts` with DATABASE_URL (file:… or
 * postgres://…), APP_SECRET, HOST and PORT; prints `reference listening on http://…` when ready.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { pinParameters } from '../apps/server/src/db/sqlite-parameters.ts';
import {
  DATABASE_URL,
  isPostgres,
  numbered,
  POOL_SIZE,
  send,
  serveReference,
  signedToken,
  UNAUTHORIZED,
} from './reference-lib.ts';

/** Better Auth's defaults, as the app configures them (7 days; refreshed after a day). */
const EXPIRES_IN_S = 7 * 86_400;
const UPDATE_AGE_S = 86_400;
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

const SESSION_SQL = `
    select (select version from cache_versions where scope = ?) as sessions_version,
           s.id as session_id, s."expiresAt" as expires_at, u.id as user_id, u.name, u.email,
           u.role, u.image, u."emailVerified" as email_verified
      from "session" s join "user" u on u.id = s."userId"
     where s.token = ?`;

/** The app's list SQL before migration 0024 (as Kysely compiled it), without / with a cursor. */
function oldListSql(pgDialect: boolean, cursor: boolean): string {
  const teachers = pgDialect
    ? `(select coalesce(json_agg(json_build_array(t.joined_at, u.name)), '[]'::json)
          from class_members t join "user" u on u.id = t.user_id
          where t.class_id = p.id and t.role = 'teacher')`
    : `(select json_group_array(json_array(t.joined_at, u.name))
          from class_members t join "user" u on u.id = t.user_id
          where t.class_id = p.id and t.role = 'teacher')`;
  const next = `(select ${pgDialect ? 'json_build_array' : 'json_array'}(e.id, e.title, e.starts_at, e.ends_at, e.all_day)
          from class_events e where e.class_id = p.id and e.range_end > ?
          order by e.range_end, e.starts_at, e.id limit 1)`;
  return (pgDialect ? numbered : String)(
    `select "p".*, ${teachers} as "teachers", ${next} as "next_event" from (select "c"."id", "c"."title", "c"."description", "c"."code", "c"."owner_id", "c"."created_at", "c"."updated_at", "c"."require_socratic", "m"."role" from "class_members" as "m" inner join "classes" as "c" on "c"."id" = "m"."class_id" where "m"."user_id" = ? and "c"."archived" = ?${
      cursor ? ` and ("c"."created_at" < ? or ("c"."created_at" = ? and "c"."id" < ?))` : ''
    } order by "c"."created_at" desc, "c"."id" desc limit ?) as "p" order by "p"."created_at" desc, "p"."id" desc`,
  );
}

/**
 * The app's list SQL after migration 0024 (classes.queries.ts `userClassPageQuery`, as Kysely
 * compiles it; the limit is a literal there, one statement per limit).
 */
function newListSql(pgDialect: boolean, cursor: boolean, limit: number): string {
  const json = pgDialect ? 'json_build_array' : 'json_array';
  return (pgDialect ? numbered : String)(
    `select "c"."id", "c"."title", "c"."description", "c"."code", "c"."owner_id", "c"."created_at", "c"."updated_at", "c"."require_socratic", "m"."role", "c"."teacher_names" as "teachers", (select ${json}(e.id, e.title, e.starts_at, e.ends_at, e.all_day)
        from class_events e where e.class_id = m.class_id and e.range_end > cast(? as text)
        order by e.range_end, e.starts_at, e.id limit 1) as "next_event" from "class_members" as "m" inner join "classes" as "c" on "c"."id" = "m"."class_id" where "m"."user_id" = cast(? as text) and "c"."archived" = 0${
          cursor
            ? ` and ("m"."class_created_at", "m"."class_id") < (cast(? as text), cast(? as text))`
            : ''
        } order by "m"."class_created_at" desc, "m"."class_id" desc limit ${limit + 1}`,
  );
}

type Row = Record<string, unknown>;
interface Engine {
  session(token: string): Promise<Row | undefined>;
  list(userId: string, limit: number, cursor: [string, string] | null, now: string): Promise<Row[]>;
  /** Whether the schema has migration 0024's columns (the new list SQL). */
  denormalised: boolean;
}

async function sqliteEngine(): Promise<Engine> {
  const db = new SQLite(resolve(DATABASE_URL.replace(/^file:/, '')));
  db.pragma('journal_mode = WAL');
  db.pragma('mmap_size = 1073741824');
  const denormalised = (
    db.prepare(`select name from pragma_table_info('class_members')`).all() as Array<{
      name: string;
    }>
  ).some((c) => c.name === 'class_created_at');
  // With its parameters pinned as the app's SQLite statements are (decision 0037): the same SQL.
  const session = db.prepare(pinParameters(SESSION_SQL));
  const lists = new Map<number, SQLite.Statement>();
  const listStatement = (limit: number, cursor: boolean) => {
    const key = limit * 2 + (cursor ? 1 : 0);
    let stmt = lists.get(key);
    if (!stmt) {
      stmt = db.prepare(
        pinParameters(denormalised ? newListSql(false, cursor, limit) : oldListSql(false, cursor)),
      );
      lists.set(key, stmt);
    }
    return stmt;
  };
  return {
    denormalised,
    session: async (token) => session.get('sessions', token) as Row | undefined,
    list: async (userId, limit, cursor, now) => {
      const stmt = listStatement(limit, cursor !== null);
      const params = denormalised
        ? [now, userId, ...(cursor ?? [])]
        : [now, userId, 0, ...(cursor ? [cursor[0], cursor[0], cursor[1]] : []), limit + 1];
      return stmt.all(...params) as Row[];
    },
  };
}

async function postgresEngine(): Promise<Engine> {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE });
  const { rows } = await pool.query<{ n: string }>(
    `select count(*) as n from information_schema.columns
      where table_schema = current_schema() and table_name = 'class_members'
        and column_name = 'class_created_at'`,
  );
  const denormalised = Number(rows[0]!.n) > 0;
  const text = new Map<number, string>();
  const listText = (limit: number, cursor: boolean) => {
    const key = limit * 2 + (cursor ? 1 : 0);
    let t = text.get(key);
    if (!t) {
      t = denormalised ? newListSql(true, cursor, limit) : oldListSql(true, cursor);
      text.set(key, t);
    }
    return { name: `ref_list_${key}`, text: t };
  };
  const session = { name: 'ref_session', text: numbered(SESSION_SQL) };
  return {
    denormalised,
    session: async (token) =>
      (await pool.query({ ...session, values: ['sessions', token] })).rows[0] as Row | undefined,
    list: async (userId, limit, cursor, now) => {
      const values = denormalised
        ? [now, userId, ...(cursor ?? [])]
        : [now, userId, 0, ...(cursor ? [cursor[0], cursor[0], cursor[1]] : []), limit + 1];
      return (await pool.query({ ...listText(limit, cursor !== null), values })).rows as Row[];
    },
  };
}

/** `[joined_at, name]` pairs (JSON text from SQLite, parsed by pg) → names, as the app sorts them. */
function teacherNames(value: unknown): string[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return [];
  const pairs = list.filter(
    (p): p is [string, string] =>
      Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'string',
  );
  pairs.sort((a, b) =>
    a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0,
  );
  return pairs.map((p) => p[1]);
}

function nextEvent(value: unknown) {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list) || list.length < 5) return null;
  const [id, title, startsAt, endsAt, allDay] = list as unknown[];
  if (typeof id !== 'string' || typeof title !== 'string' || typeof startsAt !== 'string') {
    return null;
  }
  return {
    id,
    title,
    starts_at: startsAt,
    ends_at: typeof endsAt === 'string' ? endsAt : null,
    all_day: Boolean(Number(allDay)),
  };
}

/** The answer to `GET /api/classes/mine` for this Authorization header and query string. */
async function answer(
  engine: Engine,
  authorization: string | undefined,
  search: string,
): Promise<{ status: number; body: unknown }> {
  const token = signedToken(authorization);
  if (!token) return { status: 401, body: UNAUTHORIZED_BODY };
  const row = await engine.session(token);
  if (!row) return { status: 401, body: UNAUTHORIZED_BODY };
  const expiresAt = new Date(row.expires_at as string).getTime();
  const now = Date.now();
  if (!(expiresAt > now) || expiresAt - EXPIRES_IN_S * 1000 + UPDATE_AGE_S * 1000 <= now) {
    return { status: 401, body: UNAUTHORIZED_BODY };
  }
  const params = new URLSearchParams(search);
  const limit = Math.min(MAX_LIMIT, Math.max(1, Number(params.get('limit') ?? DEFAULT_LIMIT)));
  const rawCursor = params.get('cursor');
  const cursor = rawCursor
    ? (JSON.parse(Buffer.from(rawCursor, 'base64url').toString('utf8')) as [string, string])
    : null;
  const rows = await engine.list(row.user_id as string, limit, cursor, new Date(now).toISOString());
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    status: 200,
    body: {
      items: page.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        code: r.code,
        owner_id: r.owner_id,
        created_at: r.created_at,
        updated_at: r.updated_at,
        role: r.role,
        teachers: teacherNames(r.teachers),
        require_socratic: Boolean(r.require_socratic),
        next_event: nextEvent(r.next_event),
      })),
      nextCursor:
        more && last
          ? Buffer.from(JSON.stringify([last.created_at, last.id]), 'utf8').toString('base64url')
          : null,
    },
  };
}

const UNAUTHORIZED_BODY = JSON.parse(UNAUTHORIZED) as unknown;

async function handle(engine: Engine, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (req.method !== 'GET' || path !== '/api/classes/mine') return send(res, 404, '{}');
  const { status, body } = await answer(
    engine,
    req.headers.authorization,
    q < 0 ? '' : url.slice(q + 1),
  );
  send(res, status, JSON.stringify(body));
}

/**
 * `--hono`: the same work served the way the app serves it — Hono on @hono/node-server, one
 * route, no middleware, the answer through `c.json` — to show what the framework itself costs
 * beside the bare `node:http` server (BENCH_FLOOR=1 in bench/classes.ts).
 */
async function serveOnHono(engine: Engine, describe: string): Promise<void> {
  const { Hono } = await import('hono');
  const { serve } = await import('@hono/node-server');
  const app = new Hono();
  app.get('/api/classes/mine', async (c) => {
    const url = c.req.url;
    const q = url.indexOf('?');
    const { status, body } = await answer(
      engine,
      c.req.header('authorization'),
      q < 0 ? '' : url.slice(q + 1),
    );
    return c.json(body, status as 200 | 401);
  });
  const host = process.env.HOST ?? '127.0.0.1';
  const server = serve(
    { fetch: app.fetch, hostname: host, port: Number(process.env.PORT ?? 0) },
    (info) => {
      console.log(`reference listening on http://${host}:${info.port} (${describe}, on Hono)`);
    },
  );
  // As the bare reference's (reference-lib.ts): connections kept between autocannon's requests.
  (server as Server).keepAliveTimeout = 60_000;
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

/**
 * `node bench/classes-reference.ts --explain` (DATABASE_URL as above): the plans of the list SQL
 * and the session SQL on this schema, for one student with the most classes — SQLite's EXPLAIN
 * QUERY PLAN; PostgreSQL's generic plan (plan_cache_mode = force_generic_plan, as a prepared
 * statement run many times gets), with EXPLAIN ANALYZE of it.
 */
async function explain(): Promise<void> {
  const now = new Date().toISOString();
  const pick = `select user_id from class_members where role = 'student'
                 group by user_id order by count(*) desc, user_id limit 1`;
  if (!isPostgres) {
    const db = new SQLite(resolve(DATABASE_URL.replace(/^file:/, '')), { readonly: true });
    const denormalised = (
      db.prepare(`select name from pragma_table_info('class_members')`).all() as Array<{
        name: string;
      }>
    ).some((c) => c.name === 'class_created_at');
    const userId = (db.prepare(pick).get() as { user_id: string }).user_id;
    const show = (label: string, text: string, params: unknown[]) => {
      console.log(`-- ${label}`);
      for (const r of db.prepare(`explain query plan ${text}`).all(...params) as Array<{
        id: number;
        parent: number;
        detail: string;
      }>) {
        console.log(`${r.parent === 0 ? '' : '  '}${r.detail}`);
      }
    };
    show(
      'list, first page',
      denormalised ? newListSql(false, false, 20) : oldListSql(false, false),
      denormalised ? [now, userId] : [now, userId, 0, 21],
    );
    show('session', SESSION_SQL, ['sessions', 'token']);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from information_schema.columns where table_schema = current_schema()
        and table_name = 'class_members' and column_name = 'class_created_at'`,
  );
  const denormalised = Number(rows[0]!.n) > 0;
  const userId = (await client.query<{ user_id: string }>(pick)).rows[0]!.user_id;
  await client.query('set plan_cache_mode = force_generic_plan');
  const show = async (label: string, text: string, params: unknown[]) => {
    await client.query(`prepare q as ${text}`);
    const literal = params.map((p) => (typeof p === 'number' ? p : `'${String(p)}'`)).join(', ');
    for (const mode of ['', '(analyze, buffers)']) {
      console.log(`-- ${label}${mode ? ` ${mode}` : ' (generic plan)'}`);
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain ${mode} execute q(${literal})`,
      );
      for (const r of plan.rows) console.log(r['QUERY PLAN']);
    }
    await client.query('deallocate q');
  };
  await show(
    'list, first page',
    denormalised ? newListSql(true, false, 20) : oldListSql(true, false),
    denormalised ? [now, userId] : [now, userId, 0, 21],
  );
  await show('session', numbered(SESSION_SQL), ['sessions', 'token']);
  await client.end();
}

async function main() {
  if (process.argv.includes('--explain')) return explain();
  const engine = isPostgres ? await postgresEngine() : await sqliteEngine();
  const describe =
    `${isPostgres ? 'postgres' : 'sqlite'}, ` +
    `${engine.denormalised ? 'list SQL after' : 'list SQL before'} migration 0024`;
  if (process.argv.includes('--hono')) return serveOnHono(engine, describe);
  serveReference((req, res) => handle(engine, req, res), describe);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
