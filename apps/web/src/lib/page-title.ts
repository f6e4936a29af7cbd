import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The path the title was last set for: a title set for another path is a new page. */
let titledPath: string | null = null;

/**
 * The document title of a page, in the current language: "<page> · Aprenda" (e.g. "Minhas Turmas ·
 * Aprenda"). `key` is a translation key with its namespace ("dashboard:tools.student.name");
 * without one the title is just "Aprenda". A language switch re-renders the page
 * (useTranslation), so the title follows it. Call it once per page in app/routes — only pages
 * (leaves), since a parent's effect would run after its child's and win. Arriving at another
 * path (not the first page, not a language switch) is announced: see page-arrival.ts.
 */
export function usePageTitle(key: string | null, values?: Record<string, unknown>): void {
  // The key's namespace is asked for like any component's (loaded before the page shows).
  const ns = key?.includes(':') ? key.slice(0, key.indexOf(':')) : 'common';
  const { t } = useTranslation(ns === 'common' ? 'common' : ['common', ns]);
  const app = t('common:appName');
  const title = key ? t('common:pageTitle', { page: t(key, values ?? {}), app }) : app;
  useEffect(() => {
    document.title = title;
    const path = window.location.pathname;
    if (titledPath !== null && titledPath !== path) {
      // Fetched with the first such change: not on the first load.
      void import('./page-arrival').then((m) => m.arrived(title)).catch(() => undefined);
    }
    titledPath = path;
  }, [title]);
}
