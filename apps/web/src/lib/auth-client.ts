import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields } from 'better-auth/client/plugins';
import { timedFetch } from './api-client';
import { authBasePath, captureToken } from './auth-session';
import { getBearerToken } from './identity';

export {
  currentIdentity,
  getBearerToken,
  getSessionUser,
  setBearerToken,
  setSessionUser,
} from './identity';
export { fetchSessionUser, toSessionUser } from './auth-session';

/**
 * The Better Auth client (sign-in, sign-up, sign-out, account mails). Not part of the first load:
 * the app imports it dynamically (`loadAuthClient()` in session.ts) when an account action needs it.
 */
function makeAuthClient(basePath: string) {
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
let clientPath = '';

/** The Better Auth client at `${recordsPrefix}/auth` (the prefix from /api/config, auth-session.ts). */
export function authClient(): AuthClient {
  const basePath = authBasePath();
  if (!client || clientPath !== basePath) {
    client = makeAuthClient(basePath);
    clientPath = basePath;
  }
  return client;
}
