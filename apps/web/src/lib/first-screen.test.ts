import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Fresh module state per test (the first screen happens once per page). */
async function load() {
  vi.resetModules();
  return import('./first-screen');
}

describe('afterFirstScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits while a loading fallback is up, and resolves once none is left', async () => {
    const { afterFirstScreen, fallbackShown } = await load();
    const done = vi.fn();
    const gone = fallbackShown();
    void afterFirstScreen().then(done);
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).not.toHaveBeenCalled();

    // The outer fallback goes and a nested one comes in the same commit: still waiting.
    gone();
    const nested = fallbackShown();
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).not.toHaveBeenCalled();

    nested();
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('resolves after 15 s whatever happens', async () => {
    const { afterFirstScreen, fallbackShown } = await load();
    const done = vi.fn();
    fallbackShown();
    void afterFirstScreen().then(done);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(done).toHaveBeenCalledTimes(1);
  });
});
