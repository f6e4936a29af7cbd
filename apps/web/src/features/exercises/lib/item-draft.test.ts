import { beforeEach, describe, expect, it } from 'vitest';
import {
  ITEM_DRAFT_MAX_AGE_MS,
  ITEM_DRAFTS_MAX,
  clearItemDraft,
  itemDraftKey,
  loadItemDraft,
  sameItemValues,
  storeItemDraft,
} from './item-draft';
import { itemFormValues, type ItemFormValues } from './item-form';

function values(stem: string): ItemFormValues {
  return { ...itemFormValues(), stem };
}

describe('item drafts', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a draft per user and per question (or `new`)', () => {
    storeItemDraft(itemDraftKey('u1', 'x'), values('de x'));
    storeItemDraft(itemDraftKey('u1'), values('nova'));
    expect(loadItemDraft(itemDraftKey('u1', 'x'))?.stem).toBe('de x');
    expect(loadItemDraft(itemDraftKey('u1'))?.stem).toBe('nova');
    expect(loadItemDraft(itemDraftKey('u1', 'y'))).toBeNull();
    expect(loadItemDraft(itemDraftKey('u2', 'x'))).toBeNull();
    clearItemDraft(itemDraftKey('u1', 'x'));
    expect(loadItemDraft(itemDraftKey('u1', 'x'))).toBeNull();
  });

  it('keeps only the newest drafts of a user, and none too old', () => {
    for (let i = 0; i <= ITEM_DRAFTS_MAX; i += 1) {
      storeItemDraft(itemDraftKey('u1', `item-${i}`), values(`q${i}`), 1_000 + i);
    }
    storeItemDraft(itemDraftKey('u2', 'item-0'), values('of u2'), 0);
    expect(loadItemDraft(itemDraftKey('u1', 'item-0'), 2_000)).toBeNull();
    expect(loadItemDraft(itemDraftKey('u1', 'item-1'), 2_000)?.stem).toBe('q1');
    expect(loadItemDraft(itemDraftKey('u2', 'item-0'), 2_000)?.stem).toBe('of u2');
    expect(loadItemDraft(itemDraftKey('u2', 'item-0'), ITEM_DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(localStorage.getItem(itemDraftKey('u2', 'item-0'))).toBeNull();
  });

  it('ignores what it cannot read, and gives variables fresh keys', () => {
    localStorage.setItem(itemDraftKey('u1', 'x'), '{"at":1,"values":{"stem":3}}');
    expect(loadItemDraft(itemDraftKey('u1', 'x'))).toBeNull();
    const stored = { ...values('q'), templateOn: true };
    storeItemDraft(itemDraftKey('u1', 'x'), stored);
    const back = loadItemDraft(itemDraftKey('u1', 'x'))!;
    expect(back.variables[0]!.key).not.toBe(stored.variables[0]!.key);
    expect(sameItemValues(back, stored)).toBe(true);
    expect(sameItemValues(back, values('q'))).toBe(false);
  });
});
