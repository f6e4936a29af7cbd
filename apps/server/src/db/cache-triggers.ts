import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  bumpName,
  type CacheBump,
  type CacheScope,
  type CacheWrite,
  userPath,
} from '../lib/cache-scopes.ts';
import type { Db, Dialect } from './types.ts';

/**
 * The triggers that bump `cache_versions`, generated from the modules' cache scopes
 * (lib/cache-scopes.ts, decision 0022) — never written by hand.
 *
 * `syncCacheTriggers` runs at the end of every migrate, like a repeatable migration: when the
 * declarations' generated SQL differs from what the database holds (a checksum in
 * `cache_trigger_sync`, migration 0011), it drops every cache trigger and function and creates
 * them anew, in one transaction (PostgreSQL: under an advisory lock, so instances starting together
 * do it once). Then, on PostgreSQL, it checks the lock-order rule of decision 0018: on every table
 * it watches, the cache triggers must fire LAST (PostgreSQL fires a table's triggers of one event
 * in name order), so a transaction locks its version rows after whatever else its statements'
 * triggers lock; a trigger that would fire after them fails the migrate.
 *
 * SQLite: row triggers. PostgreSQL: statement triggers (a bulk write bumps each version once),
 * with transition tables for per-user scopes.
 */

/** Name prefixes of what this file creates (anything else is left alone). */
const SQLITE_PREFIX = 'cache_';
const PG_TRIGGER_PREFIX = 'z_cache_';
const PG_FUNCTION_PREFIX = 'aprenda_cache_';
/** pg_advisory_xact_lock key of the sync ("cache" in ASCII). */
const SYNC_LOCK = 0x6361636865;

const quote = (name: string) => `"${name}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The statements that create every cache trigger (and function) for `scopes` on `dialect`. */
export function cacheTriggerStatements(scopes: readonly CacheScope[], dialect: Dialect): string[] {
  const statements: string[] = [];
  for (const scope of scopes) {
    if (scope.per === 'everyone') {
      statements.push(
        `INSERT INTO cache_versions (scope, version) VALUES (${literal(scope.name)}, 0)
           ON CONFLICT (scope) DO NOTHING`,
      );
    }
    if (dialect === 'postgres') statements.push(...postgresScope(scope));
    else statements.push(...sqliteScope(scope));
  }
  return statements;
}

type RowRef = 'new' | 'old';
/** The rows a write leaves to look at: inserted (new), deleted (old), updated (both). */
const rowsOf = (write: CacheWrite): RowRef[] =>
  write === 'insert' ? ['new'] : write === 'delete' ? ['old'] : ['old', 'new'];

/**
 * The `<scope>:<user id>` rows one written row (`row`: SQLite's new/old, PostgreSQL's alias of a
 * transition table) bumps, as a SELECT of one column `s`: the row's user column, or the fan-out
 * through the hops (each hop one indexed lookup), only for rows meeting the bump's condition.
 * `from`: SQLite names new/old directly; PostgreSQL selects from the transition table.
 */
function usersSelect(scope: CacheScope, bump: CacheBump, row: string, from: string): string {
  const path = userPath(bump.user!);
  const conditions: string[] = [];
  if (bump.when)
    conditions.push(`${row}.${quote(bump.when.column)} = ${literal(bump.when.equals)}`);
  let expr = `${row}.${quote(path.from)}`;
  // `table alias` and its join condition; the first source's condition goes to the WHERE.
  const sources: Array<[string, string | null]> = from ? [[from, null]] : [];
  path.through.forEach((hop, i) => {
    const alias = `h${i + 1}`;
    sources.push([`${quote(hop.table)} ${alias}`, `${alias}.${quote(hop.match)} = ${expr}`]);
    if (hop.when) {
      conditions.push(`${alias}.${quote(hop.when.column)} = ${literal(hop.when.equals)}`);
    }
    expr = `${alias}.${quote(hop.take)}`;
  });
  let fromClause = '';
  sources.forEach(([source, on], i) => {
    if (i === 0) {
      fromClause = ` FROM ${source}`;
      if (on) conditions.unshift(on);
    } else fromClause += ` JOIN ${source} ON ${on}`;
  });
  const where = conditions.length ? conditions.join(' AND ') : 'true';
  return `SELECT ${literal(`${scope.name}:`)} || ${expr} AS s${fromClause} WHERE ${where}`;
}

/**
 * Bump every `<scope>:<user>` row the written rows reach, once each (DISTINCT), in one order
 * (PostgreSQL locks version rows as it upserts them: the same order in every transaction).
 */
function upsertUsers(selects: string[], dialect: Dialect): string {
  // SQLite: one writer at a time, no order needed; its parser wants a WHERE right before
  // ON CONFLICT in INSERT … SELECT.
  const [order, version] =
    dialect === 'postgres' ? [' ORDER BY s', 'cache_versions.version + 1'] : ['', 'version + 1'];
  return `INSERT INTO cache_versions (scope, version)
            SELECT DISTINCT s, 1 FROM (${selects.join(' UNION ')}) AS bumped WHERE s IS NOT NULL${order}
            ON CONFLICT (scope) DO UPDATE SET version = ${version};`;
}

function sqliteScope(scope: CacheScope): string[] {
  return scope.bumpedBy.flatMap((bump) =>
    bump.on.map((write) => {
      const event =
        write === 'update' && bump.columns
          ? `UPDATE OF ${bump.columns.map(quote).join(', ')}`
          : write.toUpperCase();
      const body =
        scope.per === 'everyone'
          ? `UPDATE cache_versions SET version = version + 1 WHERE scope = ${literal(scope.name)};`
          : upsertUsers(
              rowsOf(write).map((ref) => usersSelect(scope, bump, ref, '')),
              'sqlite',
            );
      return `CREATE TRIGGER ${SQLITE_PREFIX}${bumpName(scope, bump)}_${write}
                AFTER ${event} ON ${quote(bump.table)} BEGIN ${body} END`;
    }),
  );
}

function postgresScope(scope: CacheScope): string[] {
  if (scope.per === 'everyone') {
    const fn = `${PG_FUNCTION_PREFIX}${scope.name}`;
    return [
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
         UPDATE cache_versions SET version = version + 1 WHERE scope = ${literal(scope.name)};
         RETURN NULL;
       END $$`,
      ...scope.bumpedBy.map((bump) => {
        const events = bump.on
          .map((write) =>
            write === 'update' && bump.columns
              ? `UPDATE OF ${bump.columns.map(quote).join(', ')}`
              : write.toUpperCase(),
          )
          .join(' OR ');
        return `CREATE TRIGGER ${PG_TRIGGER_PREFIX}${bumpName(scope, bump)}
                  AFTER ${events} ON ${quote(bump.table)}
                  FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`;
      }),
    ];
  }
  // Per user: one trigger per write (a transition table serves one event), reading the written
  // rows from its transition tables (an update: the rows before and after). No column list:
  // PostgreSQL refuses one with transition tables.
  return scope.bumpedBy.flatMap((bump) =>
    bump.on.flatMap((write) => {
      const name = `${bumpName(scope, bump)}_${write}`;
      const fn = `${PG_FUNCTION_PREFIX}${name}`;
      const refs = rowsOf(write);
      const selects = refs.map((ref) => usersSelect(scope, bump, 'r', `${ref}_rows r`));
      const referencing = refs.map((ref) => `${ref.toUpperCase()} TABLE AS ${ref}_rows`).join(' ');
      return [
        `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
           ${upsertUsers(selects, 'postgres')}
           RETURN NULL;
         END $$`,
        `CREATE TRIGGER ${PG_TRIGGER_PREFIX}${name}
           AFTER ${write.toUpperCase()} ON ${quote(bump.table)}
           REFERENCING ${referencing}
           FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      ];
    }),
  );
}

/** A digest of what the declarations generate on `dialect` (what the database must hold). */
export function cacheTriggerChecksum(scopes: readonly CacheScope[], dialect: Dialect): string {
  const text = cacheTriggerStatements(scopes, dialect).join(';\n');
  return createHash('sha256').update(`${dialect}\n${text}`).digest('hex');
}

/**
 * Make the database's cache triggers those `scopes` generate (see the top of this file). `db` is
 * a connection whose statements may take as long as they need (migrate's).
 */
export async function syncCacheTriggers(
  db: Db,
  dialect: Dialect,
  scopes: readonly CacheScope[],
): Promise<void> {
  const checksum = cacheTriggerChecksum(scopes, dialect);
  // The common start: nothing changed — one read, no write (a read-only SQLite file starts too).
  if ((await storedChecksum(db)) !== checksum) {
    await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(${SYNC_LOCK})`.execute(trx);
      if ((await storedChecksum(trx)) === checksum) return;
      for (const statement of await dropStatements(trx, dialect))
        await sql.raw(statement).execute(trx);
      for (const statement of cacheTriggerStatements(scopes, dialect)) {
        await sql.raw(statement).execute(trx);
      }
      await sql`delete from cache_trigger_sync`.execute(trx);
      await sql`insert into cache_trigger_sync (id, checksum) values (1, ${checksum})`.execute(trx);
    });
  }
  if (dialect === 'postgres') await assertCacheTriggersLast(db);
}

async function storedChecksum(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ checksum: string }>`
    select checksum from cache_trigger_sync where id = 1`.execute(db);
  return rows[0]?.checksum;
}

/** Drop every cache trigger (and PostgreSQL function) the database holds now. */
async function dropStatements(db: Db, dialect: Dialect): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master
       where type = 'trigger' and name like ${`${SQLITE_PREFIX}%`} escape '\\'`.execute(db);
    return rows.map((r) => `DROP TRIGGER IF EXISTS ${quote(r.name)}`);
  }
  const triggers = await sql<{ name: string; table: string }>`
    select t.tgname as name, c.relname as "table"
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace
       and t.tgname like ${`${PG_TRIGGER_PREFIX.replaceAll('_', '\\_')}%`}`.execute(db);
  const functions = await sql<{ name: string }>`
    select p.proname as name from pg_proc p
     where p.pronamespace = current_schema()::regnamespace
       and p.proname like ${`${PG_FUNCTION_PREFIX.replaceAll('_', '\\_')}%`}`.execute(db);
  return [
    ...triggers.rows.map((r) => `DROP TRIGGER IF EXISTS ${quote(r.name)} ON ${quote(r.table)}`),
    ...functions.rows.map((r) => `DROP FUNCTION IF EXISTS ${quote(r.name)}()`),
  ];
}

/** A table's trigger that fires after its cache triggers, if any (PostgreSQL). */
export async function triggersAfterCache(
  db: Db,
): Promise<Array<{ table: string; trigger: string; cacheTrigger: string }>> {
  const { rows } = await sql<{ table: string; name: string }>`
    select c.relname as "table", t.tgname as name
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace
     order by c.relname, t.tgname collate "C"`.execute(db);
  const out: Array<{ table: string; trigger: string; cacheTrigger: string }> = [];
  const firstCache = new Map<string, string>();
  for (const { table, name } of rows) {
    if (name.startsWith(PG_TRIGGER_PREFIX)) {
      if (!firstCache.has(table)) firstCache.set(table, name);
    } else if (firstCache.has(table)) {
      out.push({ table, trigger: name, cacheTrigger: firstCache.get(table)! });
    }
  }
  return out;
}

async function assertCacheTriggersLast(db: Db): Promise<void> {
  const late = await triggersAfterCache(db);
  if (late.length === 0) return;
  const list = late.map((l) => `${l.trigger} on ${l.table} (after ${l.cacheTrigger})`).join(', ');
  throw new Error(
    `Triggers that fire after the cache triggers: ${list}. Cache version rows must be locked ` +
      `last in every transaction (decision 0018): rename them to sort before "${PG_TRIGGER_PREFIX}".`,
  );
}
