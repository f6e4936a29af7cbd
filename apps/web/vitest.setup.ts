import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Testing Library only auto-cleans with vitest globals; unmount after every test here.
afterEach(() => {
  cleanup();
});

// jsdom lacks ResizeObserver (Radix measures some controls with it); a no-op observer is enough.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
