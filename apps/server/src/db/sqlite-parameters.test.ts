import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { pinParameters } from './sqlite-parameters.ts';

describe('pinParameters', () => {
  it('writes each bare parameter as +?', () => {
    expect(pinParameters('select * from t where a = ? and b in (?, ?) limit ?')).toBe(
      'select * from t where a = +? and b in (+?, +?) limit +?',
    );
    expect(pinParameters('insert into t (a, b) values (?, ?1)')).toBe(
      'insert into t (a, b) values (+?, +?1)',
    );
    expect(pinParameters('select 1')).toBe('select 1');
  });

  it('leaves question marks in strings, quoted identifiers and comments alone', () => {
    const text = `select 'what?', 'it''s ?', "col?", \`x?\`, [y?] -- why?
      from t /* really? */ where a = ?`;
    expect(pinParameters(text)).toBe(
      `select 'what?', 'it''s ?', "col?", \`x?\`, [y?] -- why?
      from t /* really? */ where a = +?`,
    );
  });

  it('gives the same rows and plans as bare parameters', () => {
    const db = new SQLite(':memory:');
    db.exec(`create table t (id text primary key, n integer, r real, s text, u);
      create index t_n on t (n, s);
      insert into t values ('a', 1, 1.5, '10', '10'), ('b', 2, 2.5, '2', 2), ('c', null, null, null, x'02')`);
    const values = [2, 10, 2.5, '2', '10', '2.5', null, Buffer.from([2]), 'a'];
    const comparisons = [
      'n = ?',
      's = ?',
      'r = ?',
      'u = ?',
      'id = ?',
      'n < ?',
      's >= ?',
      'u in (?, 1)',
      's like ?',
      '? is null',
      'coalesce(n, 0) = ?',
      'cast(? as text) = s',
    ];
    for (const where of comparisons) {
      const bare = db.prepare(`select id from t where ${where} order by id`);
      const pinned = db.prepare(pinParameters(`select id from t where ${where} order by id`));
      for (const value of values) {
        expect(pinned.all(value), `${where} with ${String(value)}`).toEqual(bare.all(value));
      }
    }
    // Types as bound.
    expect(
      db
        .prepare(pinParameters('select ? as i, ? as t, ? as z, ? as b'))
        .get(7, 'x', null, Buffer.from([2])),
    ).toEqual({ i: 7, t: 'x', z: null, b: Buffer.from([2]) });
    // LIMIT/OFFSET, and the index used as before.
    expect(
      db.prepare(pinParameters('select id from t order by id limit ? offset ?')).all(1, 1),
    ).toEqual([{ id: 'b' }]);
    const plan = (sql: string) =>
      (db.prepare(`explain query plan ${sql}`).all(1) as Array<{ detail: string }>).map(
        (r) => r.detail,
      );
    expect(plan(pinParameters('select s from t where n = ?'))).toEqual(
      plan('select s from t where n = ?'),
    );
    expect(plan(pinParameters('select s from t where n = ?')).join()).toMatch(
      /USING COVERING INDEX t_n/,
    );
    // Writes.
    db.prepare(
      pinParameters('insert into t (id, n) values (?, ?) on conflict (id) do update set n = ?'),
    ).run('a', 5, 9);
    expect(db.prepare(pinParameters('select n from t where id = ?')).all('a')).toEqual([{ n: 9 }]);
  });
});
