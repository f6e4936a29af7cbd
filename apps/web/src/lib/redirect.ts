const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/**
 * The page to open after sign-in: only a same-origin relative path is accepted
 * ('/dashboard/chat?x=1'); absolute URLs, protocol-relative '//host', backslashes and /auth itself
 * fall back to the dashboard.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  try {
    const base = 'http://aprenda.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return DEFAULT_AFTER_SIGN_IN;
    if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return DEFAULT_AFTER_SIGN_IN;
    return url.pathname + url.search + url.hash;
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
}

/** '/auth?next=<wanted path>' for a protected location. */
export function signInPath(wanted: string): string {
  return `/auth?next=${encodeURIComponent(wanted)}`;
}
