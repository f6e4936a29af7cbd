import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields } from 'better-auth/client/plugins';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { DEFAULT_CONFIG } from './config';
import { timedFetch, type Identity } from './api-client';

/**
 * The bearer token lives ONLY in this module variable: never in localStorage or sessionStorage.
 * After a reload it is gone and the httpOnly session cookie carries the session instead.
 */
let bearerToken: string | null = null;
/** The signed-in user as last confirmed by the server (null when signed out). */
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
export function currentIdentity(): Identity {
  return {
    token: bearerToken,
    userId: sessionUser?.id ?? null,
    role: sessionUser?.role ?? null,
  };
}

function captureToken(res: Response): void {
  const token = res.headers.get('set-auth-token');
  if (token) bearerToken = token;
}

function makeAuthClient(recordsPrefix: string) {
  const basePath = `${recordsPrefix.replace(/\/$/, '')}/auth`;
  return createAuthClient({
    baseURL: `${window.location.origin}${basePath}`,
    plugins: [
      inferAdditionalFields({ user: { role: { type: 'string', required: true, input: true } } }),
    ],
    fetchOptions: {
      credentials: 'same-origin',
      auth: { type: 'Bearer', token: () => bearerToken ?? undefined },
      onResponse: (ctx) => {
        captureToken(ctx.response);
      },
      // Same latency reporting as every other API call; the route is the auth endpoint's path.
      customFetchImpl: (input, init) => {
        const url = new URL(String(input instanceof Request ? input.url : input), window.location.origin);
        const route = url.pathname.startsWith(basePath)
          ? `/auth${url.pathname.slice(basePath.length)}`
          : url.pathname;
        return timedFetch(route, (init?.method ?? 'GET').toUpperCase(), input, init);
      },
    },
  });
}

export type AuthClient = ReturnType<typeof makeAuthClient>;

let client: AuthClient | null = null;

/** Create the Better Auth client at `${recordsPrefix}/auth` (from /api/config). */
export function initAuthClient(recordsPrefix: string): AuthClient {
  client = makeAuthClient(recordsPrefix);
  return client;
}

export function authClient(): AuthClient {
  return client ?? initAuthClient(DEFAULT_CONFIG.recordsPrefix);
}

function toSessionUser(user: Record<string, unknown> | null | undefined): SessionUser | null {
  if (!user || typeof user.id !== 'string') return null;
  return {
    id: user.id,
    name: typeof user.name === 'string' ? user.name : '',
    email: typeof user.email === 'string' ? user.email : '',
    role: user.role === 'teacher' ? 'teacher' : 'student',
    image: typeof user.image === 'string' ? user.image : null,
  };
}

/** Ask the server who is signed in. Throws on a network or server failure; null when signed out. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const { data, error } = await authClient().getSession();
  if (error) {
    if (error.status === 401) {
      setSessionUser(null);
      return null;
    }
    throw new Error(error.message ?? `session check failed (${error.status})`);
  }
  const user = toSessionUser((data?.user as Record<string, unknown> | undefined) ?? null);
  setSessionUser(user);
  return user;
}

export { toSessionUser };
