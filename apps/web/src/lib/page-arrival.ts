import { focusIsLost } from './focus-lost';

/**
 * Another page is on screen (a link, a redirect, back or forward). A single-page app loads no new
 * document, so a screen reader would say nothing: the new title is read out (a polite live region,
 * made on the first such change and filled a moment later, as screen readers need). Focus lost
 * with the old page (the link pressed left with it) goes to the new page's heading, so the next
 * Tab starts there and not at the top of the page; focus the user or the page put somewhere stays.
 */
export function arrived(title: string): void {
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
