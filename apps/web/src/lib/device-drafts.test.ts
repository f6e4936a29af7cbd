import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEVICE_DRAFT_MAX_AGE_MS, deviceDrafts } from './device-drafts';

const notes = deviceDrafts({
  prefix: 'aprenda.test.notes',
  schema: z.object({ text: z.string() }),
  max: 3,
});
const sketches = deviceDrafts({
  prefix: 'aprenda.test.sketches',
  schema: z.object({ code: z.string() }),
  max: 3,
});

describe('deviceDrafts', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a draft per user and record; another user or record has none', () => {
    notes.store(notes.key('u1', 'deck', 'c1'), { text: 'a' });
    expect(notes.load(notes.key('u1', 'deck', 'c1'))).toEqual({ text: 'a' });
    expect(notes.load(notes.key('u2', 'deck', 'c1'))).toBeNull();
    expect(notes.load(notes.key('u1', 'deck', 'c2'))).toBeNull();
    notes.clear(notes.key('u1', 'deck', 'c1'));
    expect(notes.load(notes.key('u1', 'deck', 'c1'))).toBeNull();
  });

  it("keeps only a user's newest drafts of a kind, leaving other users and kinds alone", () => {
    sketches.store(sketches.key('u1', 's'), { code: 'x' }, 1);
    notes.store(notes.key('u2', 'n'), { text: 'other user' }, 2);
    for (let i = 0; i < 5; i += 1) notes.store(notes.key('u1', `n${i}`), { text: `${i}` }, 10 + i);
    const kept = [0, 1, 2, 3, 4].filter((i) => notes.load(notes.key('u1', `n${i}`), 20) !== null);
    expect(kept).toEqual([2, 3, 4]);
    expect(notes.load(notes.key('u2', 'n'), 20)).toEqual({ text: 'other user' });
    expect(sketches.load(sketches.key('u1', 's'), 20)).toEqual({ code: 'x' });
  });

  it('forgets a draft older than the age limit, and empties its slot', () => {
    const key = notes.key('u1', 'old');
    notes.store(key, { text: 'velho' }, 0);
    expect(notes.load(key, DEVICE_DRAFT_MAX_AGE_MS)).toEqual({ text: 'velho' });
    expect(notes.load(key, DEVICE_DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('offers nothing from a slot that does not hold a valid draft, and empties it', () => {
    const key = notes.key('u1', 'bad');
    localStorage.setItem(key, JSON.stringify({ at: Date.now(), value: { text: 42 } }));
    expect(notes.load(key)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
    localStorage.setItem(key, '{not json');
    expect(notes.load(key)).toBeNull();
  });

  it('reads the drafts written before this store (undated values; `values`)', () => {
    localStorage.setItem(notes.key('u1', 'a'), JSON.stringify({ text: 'sem data' }));
    localStorage.setItem(
      notes.key('u1', 'b'),
      JSON.stringify({ at: Date.now(), values: { text: 'de questão' } }),
    );
    expect(notes.load(notes.key('u1', 'a'))).toEqual({ text: 'sem data' });
    expect(notes.load(notes.key('u1', 'b'))).toEqual({ text: 'de questão' });
  });

  it('is no error when storage is full', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(() => notes.store(notes.key('u1', 'x'), { text: 'a' })).not.toThrow();
    } finally {
      setItem.mockRestore();
    }
    expect(notes.load(notes.key('u1', 'x'))).toBeNull();
  });

  it('refuses a prefix that signing out would not clear', () => {
    expect(() => deviceDrafts({ prefix: 'drafts', schema: z.string() })).toThrow();
  });
});
