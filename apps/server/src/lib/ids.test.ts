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
});
