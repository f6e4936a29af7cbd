import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { MEMO_ROUTER_MAX_PATH, MemoRouter } from './memo-router.ts';

function routes<T>(
  router: { add(method: string, path: string, handler: T): void },
  h: (s: string) => T,
) {
  router.add('ALL', '/api/*', h('api'));
  router.add('GET', '/api/classes/mine', h('mine'));
  router.add('GET', '/api/classes/:id', h('class'));
  router.add('DELETE', '/api/classes/:id/members/:userId', h('remove'));
}

describe('MemoRouter', () => {
  it('answers as the TrieRouter does, computing each method + path once', () => {
    const trie = new TrieRouter<string>();
    let walks = 0;
    const inner = new TrieRouter<string>();
    const counting = {
      name: 'counting',
      add: inner.add.bind(inner),
      match: (method: string, path: string) => {
        walks++;
        return inner.match(method, path);
      },
    };
    const memo = new MemoRouter<string>(counting);
    routes(trie, (s) => s);
    routes(memo, (s) => s);
    const asked: Array<[string, string]> = [
      ['GET', '/api/classes/mine'],
      ['GET', '/api/classes/0192c0de-aaaa'],
      ['DELETE', '/api/classes/c1/members/u2'],
      ['POST', '/api/classes/mine'],
      ['GET', '/elsewhere'],
    ];
    for (const [method, path] of asked) {
      expect(memo.match(method, path)).toEqual(trie.match(method, path));
    }
    expect(walks).toBe(asked.length);
    const first = memo.match('GET', '/api/classes/mine');
    expect(memo.match('GET', '/api/classes/mine')).toBe(first);
    expect(walks).toBe(asked.length);
    // Another method on the same path is another answer.
    expect(memo.match('DELETE', '/api/classes/mine')).toEqual(
      trie.match('DELETE', '/api/classes/mine'),
    );
    expect(walks).toBe(asked.length + 1);
  });

  it('stays bounded: the oldest answer goes first, long paths are never kept', () => {
    const memo = new MemoRouter<string>(new TrieRouter<string>(), 3);
    routes(memo, (s) => s);
    for (const id of ['a', 'b', 'c', 'd', 'e']) memo.match('GET', `/api/classes/${id}`);
    expect(memo.size).toBe(3);
    const long = `/api/classes/${'x'.repeat(MEMO_ROUTER_MAX_PATH)}`;
    expect(memo.match('GET', long)[0].map(([h]) => h)).toEqual(['api', 'class']);
    expect(memo.size).toBe(3);
  });

  it('forgets its answers when a route is added', () => {
    const memo = new MemoRouter<string>();
    memo.add('GET', '/a/:id', 'param');
    expect(memo.match('GET', '/a/b')[0]).toHaveLength(1);
    memo.add('GET', '/a/b', 'static');
    expect(memo.match('GET', '/a/b')[0].map(([h]) => h)).toEqual(['param', 'static']);
  });

  it('serves a Hono app: parameters per request, a static path beside a parameter', async () => {
    const app = new Hono({ router: new MemoRouter() });
    app.get('/classes/mine', (c) => c.text('mine'));
    app.get('/classes/:id', (c) => c.text(`class ${c.req.param('id')}`));
    for (let i = 0; i < 2; i++) {
      expect(await (await app.request('/classes/mine')).text()).toBe('mine');
      expect(await (await app.request('/classes/c%C3%A9u')).text()).toBe('class céu');
      expect(await (await app.request('/classes/other')).text()).toBe('class other');
    }
  });
});
