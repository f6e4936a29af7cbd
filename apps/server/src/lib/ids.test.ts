import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids.ts';

describe('uuidv7', () => {
  it('is a version-7 UUID, unique across random-pool refills, ordered by time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const id = uuidv7(1_700_000_000_000 + i);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(2000);
    expect(uuidv7(1) < uuidv7(2)).toBe(true);
  });

  it('carries its 48-bit millisecond time in the first 12 hex digits, every byte of it', () => {
    expect(uuidv7(0x0123456789ab).slice(0, 13)).toBe('01234567-89ab');
    expect(uuidv7(0xfedcba987654).slice(0, 13)).toBe('fedcba98-7654');
    expect(uuidv7(2 ** 48 - 1).slice(0, 13)).toBe('ffffffff-ffff');
    expect(uuidv7(0).slice(0, 13)).toBe('00000000-0000');
  });
});
