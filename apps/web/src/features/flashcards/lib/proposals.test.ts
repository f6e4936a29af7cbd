import { describe, expect, it } from 'vitest';
import {
  keptProposals,
  proposalErrors,
  proposalKeysAtFault,
  proposalsFrom,
  splitTags,
  toCardInput,
} from './proposals';

describe('proposals (cards from the tutor)', () => {
  const [basic, cloze] = proposalsFrom([
    { kind: 'basic', front: 'Onde?', back: 'Aqui', tags: ['bio', 'celula'] },
    { kind: 'cloze', front: 'A {{c1::clorofila}} absorve luz.', back: '' },
  ]);

  it('turns proposals into cards, tags split on spaces and commas', () => {
    expect(basic!.tags).toBe('bio celula');
    expect(toCardInput({ ...basic!, front: '  Onde? ', tags: 'bio, #celula  bio' })).toEqual({
      kind: 'basic',
      front: 'Onde?',
      back: 'Aqui',
      tags: ['bio', 'celula'],
    });
    expect(splitTags('')).toEqual([]);
  });

  it('says what blocks a save, per field', () => {
    expect(proposalErrors(basic!)).toEqual([]);
    expect(proposalErrors(cloze!)).toEqual([]);
    expect(proposalErrors({ ...basic!, front: '   ' })).toEqual([
      { field: 'front', code: 'required' },
    ]);
    expect(proposalErrors({ ...cloze!, front: 'Sem lacuna' })).toEqual([
      { field: 'front', code: 'noCloze' },
    ]);
    expect(proposalErrors({ ...basic!, back: 'x'.repeat(10_001) })).toEqual([
      { field: 'back', code: 'tooLong' },
    ]);
    expect(proposalErrors({ ...basic!, tags: 'x'.repeat(41) })).toEqual([
      { field: 'tags', code: 'tagTooLong' },
    ]);
  });

  it('keeps the order of the kept ones and maps batch errors back to them', () => {
    const list = [{ ...basic!, discarded: true }, cloze!];
    expect(keptProposals(list).map((p) => p.key)).toEqual([cloze!.key]);
    expect(proposalKeysAtFault(list, [{ path: 'cards.0.front' }, { path: 'title' }])).toEqual([
      cloze!.key,
    ]);
  });
});
