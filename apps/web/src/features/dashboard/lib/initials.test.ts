import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first and last words that start with a letter, never half an emoji', () => {
    expect(initials('Helena Costa')).toBe('HC');
    expect(initials('  lucas  ')).toBe('L');
    expect(initials('Conceição Araújo 👩‍🏫')).toBe('CA');
    expect(initials('👩‍🏫 Professora Ana')).toBe('PA');
    expect(initials('Émile de Ávila')).toBe('ÉÁ');
    expect(initials('🦊')).toBe('?');
    expect(initials('')).toBe('?');
  });
});
