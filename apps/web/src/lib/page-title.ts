import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';

/** The path the title was last set for: a title set for another path is a new page. */
let titledPath: string | null = null;

/**
 * "<page> · <app>" in the language in use, or just the app's name when there is no key — or when
 * the key is not translatable yet (its catalog not in, or its fetch failed): a title never reads
 * as a key ("invite.title · Aprenda"). Asking for the missing key is what fetches its catalog
 * (lib/i18n.ts heals missing keys).
 */
function pageTitle(i18n: I18n, key: string | null, values?: Record<string, unknown>): string {
  const app = i18n.t('common:appName');
  if (!key) return app;
  const page = i18n.t(key, values ?? {});
  if (!i18n.exists(key, values ?? {})) return app;
  return i18n.t('common:pageTitle', { page, app });
}

/**
 * The document title of a page, in the current language: "<page> · Aprenda" (e.g. "Minhas Turmas ·
 * Aprenda"). `key` is a translation key with its namespace ("dashboard:tools.student.name");
 * without one the title is just "Aprenda", and so it is while the key's catalog is missing. The
 * title follows a language switch and a catalog that arrives at any time — even between the
 * page's render and its subscription to the catalogs, which react-i18next alone would miss until
 * a reload. Call it once per page in app/routes — only pages (leaves), since a parent's effect
 * would run after its child's and win. Arriving at another path (not the first page, not a
 * language switch) is announced, once the page's own title is known: see page-arrival.ts.
 */
export function usePageTitle(key: string | null, values?: Record<string, unknown>): void {
  // The key's namespace is asked for like any component's (loaded before the page shows).
  const ns = key?.includes(':') ? key.slice(0, key.indexOf(':')) : 'common';
  const { i18n } = useTranslation(ns === 'common' ? 'common' : ['common', ns]);
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('languageChanged', changed);
      i18n.store.on('added', changed);
      return () => {
        i18n.off('languageChanged', changed);
        i18n.store.off('added', changed);
      };
    },
    [i18n],
  );
  // A string: React compares it again once subscribed, so no catalog arrival is missed.
  const read = () => pageTitle(i18n, key, values);
  const title = useSyncExternalStore(subscribe, read, read);
  const known = key === null || i18n.exists(key, values ?? {});
  useEffect(() => {
    document.title = title;
    // A page whose title is not known yet is not announced (nor counted) with the app's name.
    if (!known) return;
    const path = window.location.pathname;
    if (titledPath !== null && titledPath !== path) {
      // Fetched with the first such change: not on the first load.
      void import('./page-arrival').then((m) => m.arrived(title)).catch(() => undefined);
    }
    titledPath = path;
  }, [title, known]);
}
