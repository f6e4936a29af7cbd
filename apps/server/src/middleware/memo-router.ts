import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** How many method + path answers are kept (the oldest goes first beyond this). */
export const MEMO_ROUTER_ENTRIES = 2_000;
/** Longer paths are matched every time (a path is part of the key: memory stays bounded). */
export const MEMO_ROUTER_MAX_PATH = 256;

/**
 * The app's router: Hono's TrieRouter with its answers kept per method and path.
 *
 * Hono's default (SmartRouter) would take its RegExpRouter, which answers static paths from a
 * table, but that router refuses a static segment beside a parameter (`/classes/mine` beside
 * `/classes/:id`), which our API has throughout; so the TrieRouter matched every request, and
 * walking ~350 routes cost ~6.5 µs of a `GET /api/classes/mine` (issue 16, point 3). The same
 * method and path always match the same handlers and parameters, so the answer is computed once.
 * Hono only reads a match result (RegExpRouter shares its answers between requests too).
 * Adding a route forgets every answer (routes are all added at start, before the first request).
 */
export class MemoRouter<T> implements Router<T> {
  readonly name = 'MemoRouter';
  readonly #inner: Router<T>;
  readonly #answers = new Map<string, Result<T>>();
  readonly #entries: number;

  constructor(inner: Router<T> = new TrieRouter<T>(), entries = MEMO_ROUTER_ENTRIES) {
    this.#inner = inner;
    this.#entries = entries;
  }

  add(method: string, path: string, handler: T): void {
    this.#answers.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MEMO_ROUTER_MAX_PATH) return this.#inner.match(method, path);
    const key = `${method} ${path}`;
    let answer = this.#answers.get(key);
    if (answer === undefined) {
      answer = this.#inner.match(method, path);
      if (this.#answers.size >= this.#entries) {
        this.#answers.delete(this.#answers.keys().next().value!);
      }
      this.#answers.set(key, answer);
    }
    return answer;
  }

  /** Answers kept now (tests). */
  get size(): number {
    return this.#answers.size;
  }
}
