import { describe, expect, it } from 'vitest';
import type { PublicItem } from '@aprenda/shared/schemas/exercises';
import type { AttemptItem } from './assignments-attempt';
import {
  draftsKey,
  draftsToSend,
  readDrafts,
  unansweredNumbers,
  writeDrafts,
} from './attempt-drafts';

const item = (id: string, kind: PublicItem['kind']): AttemptItem => ({
  item: {
    id,
    kind,
    stem: `Questão ${id}`,
    choices: kind === 'single' ? [{ id: 'a', text: 'A' }] : [],
    skill_id: null,
  },
  response: null,
  result: null,
  flashcard: null,
});
const items = [item('i1', 'single'), item('i2', 'numeric'), item('i3', 'text')];

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('attempt drafts on the device', () => {
  it('keeps drafts per attempt, drops what it cannot read, and removes the key when empty', () => {
    const storage = memoryStorage();
    writeDrafts(storage, 'att1', { i2: { response: { value: '14' }, duration_ms: 5000 } });
    expect(readDrafts(storage, 'att1')).toEqual({
      i2: { response: { value: '14' }, duration_ms: 5000 },
    });
    expect(readDrafts(storage, 'att2')).toEqual({});
    storage.setItem(
      draftsKey('att3'),
      JSON.stringify({ i1: { response: { nope: 1 }, duration_ms: 1 }, i2: 'x' }),
    );
    expect(readDrafts(storage, 'att3')).toEqual({});
    storage.setItem(draftsKey('att4'), '{not json');
    expect(readDrafts(storage, 'att4')).toEqual({});
    writeDrafts(storage, 'att1', {});
    expect(storage.map.has(draftsKey('att1'))).toBe(false);
    expect(readDrafts(null, 'att1')).toEqual({});
  });

  it('sends complete drafts that change an answer, never over a final one', () => {
    const drafts = {
      i1: { choice: 'a' },
      i2: { value: 'abc' }, // not a number: not sent
      i3: { value: 'Marte' },
    };
    const none = { i1: null, i2: null, i3: null };
    expect(draftsToSend(items, drafts, none, false).map((e) => e.item.id)).toEqual(['i1', 'i3']);
    // The same answer already given: nothing to send.
    expect(
      draftsToSend(items, drafts, { ...none, i3: { value: 'Marte' } }, false).map((e) => e.item.id),
    ).toEqual(['i1']);
    // Feedback at once: an answered question is final.
    expect(
      draftsToSend(items, drafts, { ...none, i1: { choice: 'a' } }, true).map((e) => e.item.id),
    ).toEqual(['i3']);
    expect(
      draftsToSend(items, { i3: { value: 'Vênus' } }, { ...none, i3: { value: 'Marte' } }, true),
    ).toEqual([]);
    // A field cleared by the student is not an answer.
    expect(draftsToSend(items, { i3: null }, none, false)).toEqual([]);
  });

  it('numbers the questions left without an answer, given, waiting or about to be sent', () => {
    const pending = { i2: { id: 'x', item_id: 'i2', response: { value: '2,5' }, duration_ms: 0 } };
    const none = { i1: null, i2: null, i3: null };
    expect(unansweredNumbers(items, {}, none, [])).toEqual([1, 2, 3]);
    expect(unansweredNumbers(items, pending, none, [])).toEqual([1, 3]);
    expect(unansweredNumbers(items, pending, { ...none, i1: { choice: 'a' } }, [])).toEqual([3]);
    expect(unansweredNumbers(items, pending, none, [items[2]!])).toEqual([1]);
  });
});
