import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_SCOPES } from '../src/cache-scopes.ts';
import {
  cacheTriggerChecksum,
  syncCacheTriggers,
  triggersAfterCache,
} from '../src/db/cache-triggers.ts';
import { bumpName, defineCacheScope } from '../src/lib/cache-scopes.ts';
import { createTestApp, dialects, type TestApp } from './helpers.ts';

/**
 * The cache as one unit (decision 0022): the triggers come from the modules' declarations, a new
 * declaration is all a new cached answer needs, and the lock-order rule of 0018 is checked by the
 * mechanism itself.
 */
describe.each(dialects)('cache scopes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const version = async (scope: string) => {
    const { rows } = await sql<{ version: number | string }>`
      select version from cache_versions where scope = ${scope}`.execute(t.db.db);
    return rows[0] === undefined ? undefined : Number(rows[0].version);
  };
  const triggerNames = async () => {
    const { rows } =
      dialect === 'postgres'
        ? await sql<{ name: string }>`
            select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
             where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace
               and t.tgname like 'z\\_cache\\_%' order by 1`.execute(t.db.db)
        : await sql<{ name: string }>`
            select name from sqlite_master where type = 'trigger' and name like 'cache\\_%' escape '\\'
             order by 1`.execute(t.db.db);
    return rows.map((r) => r.name);
  };

  it('migrate leaves exactly the triggers the declarations generate, and records their checksum', async () => {
    const { rows } = await sql<{
      checksum: string;
    }>`select checksum from cache_trigger_sync`.execute(t.db.db);
    expect(rows).toEqual([{ checksum: cacheTriggerChecksum(CACHE_SCOPES, dialect) }]);
    const names = await triggerNames();
    // One per scope and watched table (PostgreSQL global scopes: one per table; otherwise one per
    // write), and none of migration 0008's hand-written ones left.
    const expected = CACHE_SCOPES.flatMap((scope) =>
      scope.bumpedBy.flatMap((bump) =>
        dialect === 'postgres' && scope.per === 'everyone'
          ? [`z_cache_${bumpName(scope, bump)}`]
          : bump.on.map(
              (write) =>
                `${dialect === 'postgres' ? 'z_cache_' : 'cache_'}${bumpName(scope, bump)}_${write}`,
            ),
      ),
    ).sort();
    expect(names).toEqual(expected);
    expect(names).not.toContain(dialect === 'postgres' ? 'z_cache_session' : 'cache_user_name');
  });

  it('a second sync with the same declarations changes nothing', async () => {
    const before = await triggerNames();
    const stamp = async () =>
      dialect === 'postgres'
        ? (
            await sql<{ oids: string }>`
              select string_agg(t.oid::text, ',' order by t.oid) as oids from pg_trigger t
                join pg_class c on c.oid = t.tgrelid
               where c.relnamespace = current_schema()::regnamespace`.execute(t.db.db)
          ).rows[0]!.oids
        : (await sql<{ n: number }>`select count(*) as n from sqlite_master`.execute(t.db.db))
            .rows[0]!.n;
    const stampBefore = await stamp();
    await syncCacheTriggers(t.db.db, dialect, CACHE_SCOPES);
    expect(await triggerNames()).toEqual(before);
    expect(await stamp()).toEqual(stampBefore);
  });

  it('a new cached list is a declaration: its table writes bump its version, per user and for everyone', async () => {
    await sql`create table notes (id text primary key, user_id text not null, body text not null,
                                  pinned integer not null default 0)`.execute(t.db.db);
    await sql`create table note_tags (id text primary key, note_id text not null, tag text not null)`.execute(
      t.db.db,
    );
    const notesScope = defineCacheScope({
      name: 'notes',
      per: 'user',
      bumpedBy: [
        { table: 'notes', on: ['insert', 'update', 'delete'], columns: ['body'], user: 'user_id' },
        {
          table: 'note_tags',
          on: ['insert', 'delete'],
          user: { via: 'notes', key: 'note_id', column: 'user_id' },
        },
      ],
    });
    const tagsScope = defineCacheScope({
      name: 'all_tags',
      per: 'everyone',
      bumpedBy: [{ table: 'note_tags', on: ['insert', 'update', 'delete'] }],
    });
    await syncCacheTriggers(t.db.db, dialect, [...CACHE_SCOPES, notesScope, tagsScope]);
    expect(await version('all_tags')).toBe(0);
    expect(await version('notes:u1')).toBeUndefined();

    await sql`insert into notes (id, user_id, body) values ('n1', 'u1', 'a'), ('n2', 'u2', 'b')`.execute(
      t.db.db,
    );
    expect(await version('notes:u1')).toBe(1);
    expect(await version('notes:u2')).toBe(1);
    await sql`update notes set body = 'c' where id = 'n1'`.execute(t.db.db);
    expect(await version('notes:u1')).toBe(2);
    expect(await version('notes:u2')).toBe(1);
    await sql`insert into note_tags (id, note_id, tag) values ('t1', 'n2', 'x')`.execute(t.db.db);
    expect(await version('notes:u2')).toBe(2);
    expect(await version('all_tags')).toBe(1);
    await sql`delete from note_tags`.execute(t.db.db);
    expect(await version('notes:u2')).toBe(3);
    expect(await version('all_tags')).toBe(2);
    await sql`delete from notes where id = 'n1'`.execute(t.db.db);
    expect(await version('notes:u1')).toBe(3);

    // Back to the app's own declarations: the extra triggers go, the writes no longer bump.
    await syncCacheTriggers(t.db.db, dialect, CACHE_SCOPES);
    await sql`insert into note_tags (id, note_id, tag) values ('t2', 'n2', 'y')`.execute(t.db.db);
    expect(await version('all_tags')).toBe(2);
    expect(await version('notes:u2')).toBe(3);
  });

  it('a fan-out scope bumps every user its hops reach, only for rows meeting its condition, before and after an update', async () => {
    await sql`create table groups_t (id text primary key, title text not null)`.execute(t.db.db);
    await sql`create table group_people (id text primary key, group_id text not null,
                user_id text not null, kind text not null)`.execute(t.db.db);
    const groupsScope = defineCacheScope({
      name: 'groups',
      per: 'user',
      bumpedBy: [
        {
          table: 'groups_t',
          on: ['update'],
          user: {
            from: 'id',
            through: [{ table: 'group_people', match: 'group_id', take: 'user_id' }],
          },
        },
        { table: 'group_people', on: ['insert', 'update', 'delete'], user: 'user_id' },
        {
          table: 'group_people',
          on: ['insert', 'update', 'delete'],
          when: { column: 'kind', equals: 'lead' },
          user: {
            from: 'group_id',
            through: [{ table: 'group_people', match: 'group_id', take: 'user_id' }],
          },
        },
      ],
    });
    await syncCacheTriggers(t.db.db, dialect, [...CACHE_SCOPES, groupsScope]);
    const all = async () =>
      Object.fromEntries(
        await Promise.all(
          ['a', 'b', 'c', 'x'].map(async (u) => [u, (await version(`groups:${u}`)) ?? 0]),
        ),
      );
    await sql`insert into groups_t (id, title) values ('g1', 'One'), ('g2', 'Two')`.execute(
      t.db.db,
    );
    // Members of g1: a, b; of g2: x. Plain members bump themselves only.
    await sql`insert into group_people (id, group_id, user_id, kind) values
                ('p1', 'g1', 'a', 'member'), ('p2', 'g1', 'b', 'member'),
                ('p3', 'g2', 'x', 'member')`.execute(t.db.db);
    expect(await all()).toEqual({ a: 1, b: 1, c: 0, x: 1 });
    // A lead joining g1 bumps everyone in g1 once (itself by both bumps), nobody in g2.
    await sql`insert into group_people (id, group_id, user_id, kind)
                values ('p4', 'g1', 'c', 'lead')`.execute(t.db.db);
    expect(await all()).toEqual({ a: 2, b: 2, c: 2, x: 1 });
    // Renaming g1 reaches its members through the hop; g2's member keeps its version.
    await sql`update groups_t set title = 'Um' where id = 'g1'`.execute(t.db.db);
    expect(await all()).toEqual({ a: 3, b: 3, c: 3, x: 1 });
    // An update counts what the row was AND what it is: the lead stepping down still fans out,
    // and a row moved to another user bumps both users.
    await sql`update group_people set kind = 'member' where id = 'p4'`.execute(t.db.db);
    expect((await all()).a).toBe(4);
    const before = await all();
    await sql`update group_people set user_id = 'x' where id = 'p2'`.execute(t.db.db);
    const after = await all();
    expect(after.b).toBeGreaterThan(before.b);
    expect(after.x).toBeGreaterThan(before.x);
    expect(after.a).toBe(before.a);
    await syncCacheTriggers(t.db.db, dialect, CACHE_SCOPES);
  });

  it('a declaration that could not become SQL is refused', () => {
    expect(() =>
      defineCacheScope({
        name: "x'; drop",
        per: 'everyone',
        bumpedBy: [{ table: 't', on: ['insert'] }],
      }),
    ).toThrow(/name/);
    expect(() =>
      defineCacheScope({ name: 'x', per: 'user', bumpedBy: [{ table: 't', on: ['insert'] }] }),
    ).toThrow(/needs user/);
  });

  it.runIf(dialect === 'postgres')(
    'lock order (decision 0018): a trigger that would fire after the cache triggers fails the migrate',
    async () => {
      expect(await triggersAfterCache(t.db.db)).toEqual([]);
      await sql`create function late_audit() returns trigger language plpgsql as $$ begin
                  return null; end $$`.execute(t.db.db);
      await sql`create trigger zz_late_audit after update on classes
                  for each statement execute function late_audit()`.execute(t.db.db);
      try {
        expect(await triggersAfterCache(t.db.db)).toEqual([
          {
            table: 'classes',
            trigger: 'zz_late_audit',
            cacheTrigger: 'z_cache_classes_classes_delete',
          },
        ]);
        await expect(syncCacheTriggers(t.db.db, dialect, CACHE_SCOPES)).rejects.toThrow(
          /zz_late_audit on classes.*locked last/s,
        );
      } finally {
        await sql`drop trigger zz_late_audit on classes`.execute(t.db.db);
        await sql`drop function late_audit()`.execute(t.db.db);
      }
      await syncCacheTriggers(t.db.db, dialect, CACHE_SCOPES);
    },
  );
});
