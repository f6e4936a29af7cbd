import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, draftKey, loadDraft, saveDraft } from './drafts';

describe('drafts', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps one draft per conversation under aprenda.draft.<id>', () => {
    saveDraft('c1', 'Como calculo a área do círculo?');
    saveDraft('c2', 'outra pergunta');
    expect(window.localStorage.getItem('aprenda.draft.c1')).toBe('Como calculo a área do círculo?');
    expect(draftKey('c2')).toBe('aprenda.draft.c2');
    expect(loadDraft('c1')).toBe('Como calculo a área do círculo?');
    expect(loadDraft('c2')).toBe('outra pergunta');
    expect(loadDraft('c3')).toBe('');
  });

  it('removes the entry when the draft becomes blank or is cleared', () => {
    saveDraft('c1', 'texto');
    saveDraft('c1', '   ');
    expect(window.localStorage.getItem('aprenda.draft.c1')).toBeNull();
    saveDraft('c1', 'de novo');
    clearDraft('c1');
    expect(loadDraft('c1')).toBe('');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    expect(() => saveDraft('c1', 'x', broken)).not.toThrow();
    expect(loadDraft('c1', broken)).toBe('');
    expect(() => clearDraft('c1', broken)).not.toThrow();
  });
});
