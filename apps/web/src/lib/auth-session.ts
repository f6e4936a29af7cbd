import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { timedFetch } from './api-client';
import { DEFAULT_CONFIG } from './config';
import { getBearerToken, setBearerToken, setSessionUser } from './identity';

/**
 * The sign-in state without the Better Auth client: asking who is signed in is one GET, and every
 * screen does it at start, so it stays out of the Better Auth bundle (lib/auth-client.ts), which
 * loads with the sign-in form or when an account action needs it (loadAuthClient in session.ts).
 */

let recordsPrefix = DEFAULT_CONFIG.recordsPrefix;

/** The records prefix from /api/config (main.tsx), under which Better Auth answers at `/auth`. */
export function setAuthPrefix(prefix: string): void {
  recordsPrefix = prefix;
}

/** Path of Better Auth's endpoints, e.g. `/pb/auth`. */
export function authBasePath(): string {
  return `${recordsPrefix.replace(/\/$/, '')}/auth`;
}

/** The bearer plugin hands a fresh token in this header; it lives in memory only. */
export function captureToken(res: Response): void {
  const token = res.headers.get('set-auth-token');
  if (token) setBearerToken(token);
}

export function toSessionUser(
  user: Record<string, unknown> | null | undefined,
): SessionUser | null {
  if (!user || typeof user.id !== 'string') return null;
  return {
    id: user.id,
    name: typeof user.name === 'string' ? user.name : '',
    email: typeof user.email === 'string' ? user.email : '',
    role: user.role === 'teacher' ? 'teacher' : 'student',
    image: typeof user.image === 'string' ? user.image : null,
    ...(typeof user.emailVerified === 'boolean' ? { emailVerified: user.emailVerified } : {}),
  };
}

/**
 * Ask the server who is signed in (Better Auth's `GET /get-session`, reported like every API call).
 * Throws on a network or server failure; null when signed out.
 */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const headers = new Headers({ accept: 'application/json' });
  const token = getBearerToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  const res = await timedFetch('/auth/get-session', 'GET', `${authBasePath()}/get-session`, {
    method: 'GET',
    headers,
    credentials: 'same-origin',
  });
  captureToken(res);
  if (res.status === 401) {
    setSessionUser(null);
    return null;
  }
  if (!res.ok) throw new Error(`session check failed (${res.status})`);
  const body = (await res.json().catch(() => null)) as { user?: Record<string, unknown> } | null;
  const user = toSessionUser(body?.user ?? null);
  setSessionUser(user);
  return user;
}
