import { describe, expect, it } from 'vitest';
import { safeNext } from './redirect';

describe('safeNext', () => {
  it('keeps same-origin relative paths', () => {
    expect(safeNext('/dashboard/chat?x=1#a')).toBe('/dashboard/chat?x=1#a');
    expect(safeNext('/profile')).toBe('/profile');
  });
  it('ignores anything else', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'dashboard',
      '/auth?next=/x',
    ]) {
      expect(safeNext(bad)).toBe('/dashboard');
    }
  });
});
