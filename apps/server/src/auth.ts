import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { bearer } from 'better-auth/plugins/bearer';
import type { AppContext } from './app.ts';

/**
 * Better Auth on the app's Kysely database, mounted at `${RECORDS_PREFIX}/auth`.
 * (Initial version: e-mail + password with a role, bearer tokens. GitHub and hardening follow.)
 */
export function createAuthOptions(ctx: Pick<AppContext, 'env' | 'db' | 'secret'>) {
  return {
    appName: 'Aprenda',
    secret: ctx.secret,
    baseURL: ctx.env.PUBLIC_URL ?? `http://localhost:${ctx.env.PORT}`,
    basePath: `${ctx.env.RECORDS_PREFIX}/auth`,
    database: { db: ctx.db.db, type: ctx.db.dialect },
    emailAndPassword: { enabled: true },
    user: {
      additionalFields: {
        role: { type: 'string' as const, required: true, input: true, defaultValue: 'student' },
      },
    },
    plugins: [bearer()],
  } satisfies BetterAuthOptions;
}

export function createAuth(ctx: Pick<AppContext, 'env' | 'db' | 'secret'>) {
  return betterAuth(createAuthOptions(ctx));
}

export type Auth = ReturnType<typeof createAuth>;
