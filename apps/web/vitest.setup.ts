import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { bundleCatalogs } from '@/lib/i18n';
import { resources } from '@/locales/resources';

// The app fetches catalogs per language and namespace; component tests get them all at once.
bundleCatalogs(resources);

// Testing Library only auto-cleans with vitest globals; unmount after every test here.
afterEach(() => {
  cleanup();
  // A tab's kept form fields (sessionStorage) do not leak into the next test.
  globalThis.sessionStorage?.clear();
});

// jsdom lacks ResizeObserver (Radix measures some controls with it); a no-op observer is enough.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
