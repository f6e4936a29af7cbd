import { describe, expect, it } from 'vitest';
import { PRACTICE_DRAFT_KEY, readPracticeDraft, writePracticeDraft } from './practice-draft';

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('practice draft', () => {
  it('gives back the answer of the same question only', () => {
    const store = memory();
    writePracticeDraft(store, 'i1', { value: '2,5' });
    expect(readPracticeDraft(store, 'i1')).toEqual({ value: '2,5' });
    expect(readPracticeDraft(store, 'i2')).toBeNull();
  });

  it('drops the draft when the answer is cleared, and ignores what it cannot read', () => {
    const store = memory();
    writePracticeDraft(store, 'i1', { choices: ['a'] });
    writePracticeDraft(store, 'i1', null);
    expect(readPracticeDraft(store, 'i1')).toBeNull();
    store.setItem(PRACTICE_DRAFT_KEY, '{not json');
    expect(readPracticeDraft(store, 'i1')).toBeNull();
    store.setItem(PRACTICE_DRAFT_KEY, JSON.stringify({ itemId: 'i1', response: 5 }));
    expect(readPracticeDraft(store, 'i1')).toBeNull();
    expect(readPracticeDraft(null, 'i1')).toBeNull();
  });
});
