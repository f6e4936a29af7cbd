import { describe, expect, it, vi } from 'vitest';

const shown = vi.fn();
let reachable = false;
vi.mock('sonner', () => {
  if (!reachable) throw new TypeError('Failed to fetch dynamically imported module');
  return { toast: { error: (m: string) => shown(m), success: (m: string) => shown(m) } };
});

describe('toasts without a connection', () => {
  it('a toast whose code could not be fetched does not break the next ones', async () => {
    const { toastError, toastsWanted } = await import('./toast');
    toastError('Sem conexão');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown).not.toHaveBeenCalled();
    expect(toastsWanted()).toBe(false);

    reachable = true;
    toastError('De novo');
    await vi.waitFor(() => expect(shown).toHaveBeenCalledWith('De novo'));
  });
});
