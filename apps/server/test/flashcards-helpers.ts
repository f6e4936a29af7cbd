import { expect } from 'vitest';
import type { FieldError } from '@aprenda/shared/errors';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import type { Card, Deck, Queue, ReviewResult } from '@aprenda/shared/schemas/flashcards';
import type { Clock } from '../src/lib/clock.ts';
import { bearer, jsonRequest, type SignedUp, type TestApp } from './helpers.ts';

/** Shared pieces of the flashcards suites (issue 12). */

export type Problem = { code: string; status: number; errors?: FieldError[] };

/** A clock the test sets; every read moves 1 ms so rows written in a row have distinct times. */
export function testClock(start: string) {
  let t = Date.parse(start);
  const clock: Clock = { now: () => new Date((t += 1)) };
  return {
    clock,
    set: (iso: string) => (t = Date.parse(iso)),
    advance: (ms: number) => (t += ms),
    now: () => new Date(t),
  };
}

export function api(t: () => TestApp) {
  async function call<T = unknown>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t(), method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async function newDeck(u: SignedUp, title = 'Biologia', extra: Record<string, unknown> = {}) {
    const res = await call<Deck>(u, 'POST', '/decks', { title, ...extra });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function newCard(
    u: SignedUp,
    deckId: string,
    card: { kind?: 'basic' | 'cloze'; front: string; back?: string; tags?: string[] },
  ) {
    const res = await call<Card>(u, 'POST', `/decks/${deckId}/cards`, { kind: 'basic', ...card });
    expect(res.status).toBe(201);
    return res.body;
  }

  /** `n` basic cards `prefix 1…n`, in that order (one batch). */
  async function newCards(u: SignedUp, deckId: string, n: number, prefix = 'Pergunta') {
    const cards = Array.from({ length: n }, (_, i) => ({
      kind: 'basic' as const,
      front: `${prefix} ${i + 1}`,
      back: `Resposta ${i + 1}`,
    }));
    const out: Card[] = [];
    for (let i = 0; i < cards.length; i += 1000) {
      const res = await call<{ items: Card[] }>(u, 'POST', `/decks/${deckId}/cards/batch`, {
        cards: cards.slice(i, i + 1000),
      });
      expect(res.status).toBe(201);
      out.push(...res.body.items);
    }
    return out;
  }

  async function queue(u: SignedUp, deckId: string, query = '') {
    const res = await call<Queue>(u, 'GET', `/decks/${deckId}/queue${query}`);
    expect(res.status).toBe(200);
    return res.body;
  }

  async function review(
    u: SignedUp,
    itemId: string,
    rating: 1 | 2 | 3 | 4,
    extra: { id?: string; tz?: string; duration_ms?: number } = {},
  ) {
    return call<ReviewResult>(u, 'POST', '/reviews', {
      id: extra.id ?? crypto.randomUUID(),
      item_id: itemId,
      rating,
      duration_ms: extra.duration_ms ?? 4200,
      client_time: new Date().toISOString(),
      ...(extra.tz ? { tz: extra.tz } : {}),
    });
  }

  /** A class taught by `teacher` with these students (and extra teachers). */
  async function newClass(
    teacher: SignedUp,
    members: { students?: SignedUp[]; teachers?: SignedUp[] } = {},
    title = 'Turma 3A',
  ) {
    const res = await call<ClassDetail>(teacher, 'POST', '/classes', { title });
    expect(res.status).toBe(201);
    for (const [role, list] of [
      ['student', members.students ?? []],
      ['teacher', members.teachers ?? []],
    ] as const) {
      for (const u of list) {
        const added = await call(
          teacher,
          'POST',
          `/classes/${res.body.id}/members?user_id=${u.id}&role=${role}`,
        );
        expect(added.status).toBe(201);
      }
    }
    return res.body;
  }

  return { call, newDeck, newCard, newCards, queue, review, newClass };
}
