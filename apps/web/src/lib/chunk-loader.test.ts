import { describe, expect, it, vi } from 'vitest';
import { chunkLoader } from './chunk-loader';

describe('chunkLoader', () => {
  it('imports once, keeps the chunk, and tries again after a failure', async () => {
    const importer = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ name: 'chunk' });
    const chunk = chunkLoader(importer);
    expect(chunk.loaded()).toBeNull();
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.loaded()).toBeNull();
    const [a, b] = await Promise.all([chunk.load(), chunk.load()]);
    expect(a).toBe(b);
    expect(chunk.loaded()).toEqual({ name: 'chunk' });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
