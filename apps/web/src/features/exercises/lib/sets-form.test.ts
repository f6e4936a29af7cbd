import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import type { ExerciseSet } from '@aprenda/shared/schemas/exercises';
import {
  addDraw,
  addItem,
  drawCount,
  moveEntry,
  removeEntry,
  setFormValues,
  setServerErrors,
  setSize,
  validateSetForm,
} from './sets-form';

const t = createI18n().getFixedT('pt-BR');

const SET: ExerciseSet = {
  id: 's1',
  title: 'Frações',
  description: '',
  entries: [
    { item_id: 'i1', kind: 'single', stem: 'Quanto é 1/2 + 1/4?' },
    { skill_id: 'k1', count: 3 },
    { item_id: 'i2', kind: 'numeric', stem: 'Calcule 3/4 de 20.' },
  ],
  size: 5,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

describe('set form', () => {
  it('reads a set into drafts and counts one per item and N per draw', () => {
    const values = setFormValues(SET);
    expect(values.entries.map((e) => e.type)).toEqual(['item', 'draw', 'item']);
    expect(setSize(values.entries)).toBe(5);
    expect(setSize(addDraw(values.entries, 'k2', 10))).toBe(15);
  });

  it('adds an item once, moves entries within bounds and removes them', () => {
    let entries = setFormValues(SET).entries;
    entries = addItem(entries, { id: 'i1', kind: 'single', stem: 'x' });
    expect(entries).toHaveLength(3);
    entries = addItem(entries, { id: 'i3', kind: 'text', stem: 'Capital?' });
    expect(entries).toHaveLength(4);
    const moved = moveEntry(entries, 3, -1);
    expect(moved.map((e) => (e.type === 'item' ? e.itemId : e.skillId))).toEqual([
      'i1',
      'k1',
      'i3',
      'i2',
    ]);
    expect(moveEntry(entries, 0, -1)).toEqual(entries);
    expect(moveEntry(entries, 3, 1)).toEqual(entries);
    expect(removeEntry(entries, entries[1]!.key).map((e) => e.type)).toEqual([
      'item',
      'item',
      'item',
    ]);
  });

  it('reads a draw count only as a whole number from 1 to 50', () => {
    expect(drawCount(' 3 ')).toBe(3);
    expect(drawCount('0')).toBeNull();
    expect(drawCount('51')).toBeNull();
    expect(drawCount('2.5')).toBeNull();
    expect(drawCount('')).toBeNull();
  });

  it('asks for a title and at least one entry, and builds the API body', () => {
    const empty = validateSetForm(t, { title: '  ', description: '', entries: [] });
    expect(empty).toEqual({
      ok: false,
      errors: {
        title: 'Preencha este campo.',
        entries: 'Adicione pelo menos uma questão ou um sorteio.',
      },
    });
    const ok = validateSetForm(t, { ...setFormValues(SET), title: ' Frações ' });
    expect(ok).toEqual({
      ok: true,
      data: {
        title: 'Frações',
        description: '',
        entries: [{ item_id: 'i1' }, { skill_id: 'k1', count: 3 }, { item_id: 'i2' }],
      },
    });
  });

  it('puts the server errors on the entries they name', () => {
    const entries = setFormValues(SET).entries;
    const errors = setServerErrors(t, entries, [
      { path: 'entries.2.item_id', code: 'unknown_item', message: '' },
      { path: 'entries.1.skill_id', code: 'unknown_skill', message: '' },
      { path: 'title', code: 'too_big', message: '', maximum: 120 },
    ]);
    expect(errors.title).toBe('Use no máximo 120 caracteres.');
    expect(errors.entry?.[entries[2]!.key]).toMatch(/não existe mais/);
    expect(errors.entry?.[entries[1]!.key]).toMatch(/habilidade/);
    expect(errors.entry?.[entries[0]!.key]).toBeUndefined();
  });
});
