import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

describe('formatBytes', () => {
  it('says bytes in words, with the right number, in both languages', () => {
    expect([0, 1, 2].map((n) => formatBytes(n, 'en'))).toEqual(['0 bytes', '1 byte', '2 bytes']);
    expect(formatBytes(1, 'pt-BR')).toBe('1 byte');
    expect(formatBytes(2, 'pt-BR')).toBe('2 bytes');
  });

  it('shortens larger sizes (1 MB = 1024 × 1024 bytes), in the language’s number format', () => {
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(1.5 * 1024 * 1024, 'pt-BR')).toBe('1,5 MB');
    expect(formatBytes(200 * 1024 * 1024, 'en')).toBe('200 MB');
  });
});
