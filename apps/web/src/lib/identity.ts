import type { SessionUser } from '@aprenda/shared/schemas/auth';

/**
 * Who is signed in, in memory only. The bearer token lives ONLY in this module variable: never in
 * localStorage or sessionStorage. After a reload it is gone and the httpOnly session cookie carries
 * the session instead.
 */
let bearerToken: string | null = null;
let sessionUser: SessionUser | null = null;

export function getBearerToken(): string | null {
  return bearerToken;
}

export function setBearerToken(token: string | null): void {
  bearerToken = token;
}

export function getSessionUser(): SessionUser | null {
  return sessionUser;
}

export function setSessionUser(user: SessionUser | null): void {
  sessionUser = user;
  if (!user) bearerToken = null;
}

/** What the API client sends: bearer token plus X-User-Id / X-User-Role when signed in. */
export function currentIdentity() {
  return {
    token: bearerToken,
    userId: sessionUser?.id ?? null,
    role: sessionUser?.role ?? null,
  };
}
