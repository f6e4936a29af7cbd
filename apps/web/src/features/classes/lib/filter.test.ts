import { describe, expect, it } from 'vitest';
import {
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  proposeClassCode,
} from '@aprenda/shared/schemas/classes';
import { classTitle, filterClasses } from './filter';

describe('filterClasses', () => {
  const list = [
    { id: '1', title: 'Matemática', description: 'Frações' },
    { id: '2', title: null, name: 'Física', description: null },
    { id: '3', title: 'Química', description: 'Tabela PERIÓDICA' },
  ];
  it('keeps everything for an empty or blank filter', () => {
    expect(filterClasses(list, '')).toHaveLength(3);
    expect(filterClasses(list, '   ')).toHaveLength(3);
  });
  it('trims and ignores case, on title, name or description', () => {
    expect(filterClasses(list, '  matemÁTICA ').map((c) => c.id)).toEqual(['1']);
    expect(filterClasses(list, 'periódica').map((c) => c.id)).toEqual(['3']);
    expect(filterClasses(list, 'FÍS').map((c) => c.id)).toEqual(['2']);
    expect(filterClasses(list, 'biologia')).toEqual([]);
  });
  it('ignores accents on both sides: "matematica" finds "Matemática", "fisica" finds "Física"', () => {
    expect(filterClasses(list, 'matematica').map((c) => c.id)).toEqual(['1']);
    expect(filterClasses(list, '  FISICA ').map((c) => c.id)).toEqual(['2']);
    expect(filterClasses(list, 'fracoes').map((c) => c.id)).toEqual(['1']);
    expect(filterClasses(list, 'periodica').map((c) => c.id)).toEqual(['3']);
    expect(filterClasses(list, 'quimíca').map((c) => c.id)).toEqual(['3']);
    expect(
      filterClasses([{ id: '4', title: 'Educação', description: null }], 'educacao'),
    ).toHaveLength(1);
  });
});

describe('classTitle', () => {
  it('falls back from title to name, then to the given fallback', () => {
    expect(classTitle({ id: '1', title: 'A', name: 'B' }, 'Turma')).toBe('A');
    expect(classTitle({ id: '1', title: '  ', name: 'B' }, 'Turma')).toBe('B');
    expect(classTitle({ id: '1', title: null, name: null }, 'Turma')).toBe('Turma');
  });
});

describe('the code generator', () => {
  it('proposes 6 characters of ABCDEFGHJKLMNPQRSTUVWXYZ23456789 only', () => {
    expect(CLASS_CODE_ALPHABET).toBe('ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const code = proposeClassCode();
      expect(code).toHaveLength(CLASS_CODE_LENGTH);
      expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
      for (const ch of code) seen.add(ch);
    }
    for (const ch of '01IO') expect(seen.has(ch)).toBe(false);
    // with a random source at both ends, the first and last letters of the alphabet appear
    expect(proposeClassCode(() => 0)).toBe('AAAAAA');
    expect(proposeClassCode(() => 0.9999)).toBe('999999');
  });
});
