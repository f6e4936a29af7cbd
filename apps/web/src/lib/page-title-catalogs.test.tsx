import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import enCommon from '@/locales/en/common.json';
import ptCommon from '@/locales/pt-BR/common.json';
import ptClasses from '@/locales/pt-BR/classes.json';
import { createI18n } from '@/lib/i18n';
import { usePageTitle } from './page-title';

/**
 * The title of a page whose catalog is not in (yet): it must never read as a key
 * ("invite.title · Aprenda", seen after signing up from an invite link), and it follows the
 * catalog as soon as it arrives — however late, without the page rendering again for another
 * reason.
 */

/** What the app starts with: "common" only, every other catalog fetched (lib/i18n.ts). */
function appI18n(): I18n {
  return createI18n({ 'pt-BR': { common: ptCommon }, en: { common: enCommon } });
}

type Read = (lng: string, ns: string) => unknown;
/** The instance's backend: what i18next asks when a namespace is wanted. */
function backendOf(i18n: I18n): { read: Read } {
  return (i18n.services.backendConnector as unknown as { backend: { read: Read } }).backend;
}

/** Every value document.title was given, in order. */
let titles: string[] = [];
const native = Object.getOwnPropertyDescriptor(Document.prototype, 'title')!;

function Page({ titleKey }: { titleKey: string }) {
  usePageTitle(titleKey);
  return <h1>page</h1>;
}

function renderPage(i18n: I18n, titleKey: string) {
  return render(
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<p>Carregando...</p>}>
        <Page titleKey={titleKey} />
      </Suspense>
    </I18nextProvider>,
  );
}

describe('usePageTitle: the page’s catalog', () => {
  beforeEach(() => {
    localStorage.clear();
    titles = [];
    Object.defineProperty(document, 'title', {
      configurable: true,
      get: () => native.get!.call(document) as string,
      set: (value: string) => {
        titles.push(value);
        native.set!.call(document, value);
      },
    });
  });
  afterEach(() => {
    delete (document as { title?: string }).title;
  });

  it('a catalog that failed to arrive: "Aprenda" meanwhile, never the key, then the title', async () => {
    const i18n = appI18n();
    // The connection dropped when the invite page's catalog was fetched (i18next marks it
    // failed and does not ask again); it comes back a moment later.
    const backend = backendOf(i18n);
    const read = backend.read;
    backend.read = (lng, ns) =>
      lng === 'pt-BR' && ns === 'classes' ? Promise.reject(new Error('offline')) : read(lng, ns);
    renderPage(i18n, 'classes:invite.title');
    await screen.findByRole('heading');
    await waitFor(() => expect(document.title).toBe('Convite para uma turma · Aprenda'));
    expect(titles.filter((t) => t.includes('invite.'))).toEqual([]);
    expect(titles[0]).toBe('Aprenda');
  });

  it('a catalog added after the page rendered, with nothing else re-rendering it', async () => {
    const i18n = appI18n();
    const backend = backendOf(i18n);
    const read = backend.read;
    // Marked failed at first and not fetched again by anyone (offline until…)
    backend.read = (lng, ns) =>
      ns === 'classes' ? Promise.reject(new Error('offline')) : read(lng, ns);
    i18n.options.missingKeyHandler = () => undefined;
    renderPage(i18n, 'classes:invite.title');
    await screen.findByRole('heading');
    expect(document.title).toBe('Aprenda');
    // …another screen part brings it in.
    act(() => {
      i18n.addResourceBundle('pt-BR', 'classes', ptClasses, true, true);
    });
    expect(document.title).toBe('Convite para uma turma · Aprenda');
    expect(titles.filter((t) => t.includes('invite.'))).toEqual([]);
  });
});
