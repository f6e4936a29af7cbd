/**
 * Focus is nowhere (on <body>, or on an element that has left the page): only then may a closing
 * dialog give it a place. Focus the user has already put elsewhere stays there. No imports: the
 * dialog on the first-load path uses it.
 */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}
