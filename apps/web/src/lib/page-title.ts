import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { focusIsLost } from './focus-lost';

/** The path the title was last set for: a title set for another path is a new page. */
let titledPath: string | null = null;

/**
 * The document title of a page, in the current language: "<page> · Aprenda" (e.g. "Minhas Turmas ·
 * Aprenda"). `key` is a translation key with its namespace ("dashboard:tools.student.name");
 * without one the title is just "Aprenda". A language switch re-renders the page
 * (useTranslation), so the title follows it. Call it once per page in app/routes — only pages
 * (leaves), since a parent's effect would run after its child's and win. Arriving at another
 * path (not the first page, not a language switch) is announced: see `arrived`.
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
    if (titledPath !== null && titledPath !== path) arrived(title);
    titledPath = path;
  }, [title]);
}

/**
 * Another page is on screen (a link, a redirect, back or forward). A single-page app loads no new
 * document, so a screen reader would say nothing: the new title is read out (a polite live region,
 * made on the first such change and filled a moment later, as screen readers need). Focus lost
 * with the old page (the link pressed left with it) goes to the new page's heading, so the next
 * Tab starts there and not at the top of the page; focus the user or the page put somewhere stays.
 */
function arrived(title: string): void {
  let region = document.getElementById('page-announcer');
  if (!region) {
    region = document.createElement('div');
    region.id = 'page-announcer';
    region.setAttribute('role', 'status');
    region.className = 'sr-only';
    document.body.append(region);
  }
  const live = region;
  live.textContent = '';
  setTimeout(() => {
    live.textContent = title;
  }, 150);
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading && focusIsLost()) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}
