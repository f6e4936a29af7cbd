import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields } from 'better-auth/client/plugins';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { DEFAULT_CONFIG } from './config';
import { timedFetch } from './api-client';
import { getBearerToken, setBearerToken, setSessionUser } from './identity';

export {
  currentIdentity,
  getBearerToken,
  getSessionUser,
  setBearerToken,
  setSessionUser,
} from './identity';

function captureToken(res: Response): void {
  const token = res.headers.get('set-auth-token');
  if (token) setBearerToken(token);
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
      auth: { type: 'Bearer', token: () => getBearerToken() ?? undefined },
      onResponse: (ctx) => {
        captureToken(ctx.response);
      },
      // Same latency reporting as every other API call; the route is the auth endpoint's path.
      customFetchImpl: (input, init) => {
        const url = new URL(
          String(input instanceof Request ? input.url : input),
          window.location.origin,
        );
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
    ...(typeof user.emailVerified === 'boolean' ? { emailVerified: user.emailVerified } : {}),
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
