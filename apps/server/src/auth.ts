import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { sql } from 'kysely';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins/bearer';
import { genericOAuth, type GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import { signUpSchema, userRoleSchema } from '@aprenda/shared/schemas/auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@aprenda/shared/constants';
import { isGuessablePassword } from '@aprenda/shared/guessable-passwords';
import type { DbHandle } from './db/client.ts';
import type { Env } from './env.ts';
import type { Logger } from './lib/logger.ts';
import { defineCacheScope } from './lib/cache-scopes.ts';
import { publicOrigin, trustedOrigins } from './lib/origins.ts';
import type { Mail, Mailer } from './lib/mailer.ts';
import { resetPasswordMail, verifyEmailMail } from './lib/mail-templates.ts';
import type { RateLimitStore } from './lib/rate-limits.ts';
import { accountKeyOf, signInAccountLimiter } from './lib/sign-in-lock.ts';
import { ownedClasses } from './modules/classes/public.ts';

/** What Better Auth is built from (the app's context has all of it; the migration CLI less). */
interface AuthDeps {
  env: Env;
  db: DbHandle;
  secret: string;
  mailer?: Mailer;
  logger?: Logger;
  /** The sign-in limits' counters (a password reset ends the account's lock). */
  rateLimitStore?: RateLimitStore;
}

/** Where the links of the auth mails land in the web app. */
/**
 * Sessions resolved by the signed-bearer fast path (middleware/session.ts) are reused while this
 * version holds: any session updated (refresh) or deleted (sign-out, revocation), and any user
 * changed or deleted (name, e-mail, role, image) bumps it. A new session changes no one's.
 */
export const sessionsScope = defineCacheScope({
  name: 'sessions',
  per: 'everyone',
  bumpedBy: [
    { table: 'session', on: ['update', 'delete'] },
    { table: 'user', on: ['update', 'delete'] },
  ],
});

export const RESET_PASSWORD_PAGE = '/auth/redefinir-senha';
export const VERIFY_EMAIL_PAGE = '/auth/verificar-email';

const GITHUB_OAUTH_BASE_URL = 'https://github.com';
const GITHUB_API_BASE_URL = 'https://api.github.com';

interface GithubUser {
  id: number | string;
  login?: string;
  name?: string | null;
  email?: string | null;
  avatar_url?: string | null;
}
interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * GitHub sign-in as a generic OAuth provider with id `github`, so it is used through the standard
 * `POST …/sign-in/social {provider:'github'}` and `GET …/callback/github` endpoints. Unlike the
 * built-in provider (whose token and API endpoints are hard-coded), every endpoint here derives from
 * two base URLs: github.com / api.github.com in production, a local stand-in in tests. The user-info
 * logic mirrors Better Auth's built-in GitHub provider (`/user`, then `/user/emails`).
 */
function githubProvider(env: AuthDeps['env']) {
  const oauthBase = (env.GITHUB_OAUTH_BASE_URL ?? GITHUB_OAUTH_BASE_URL).replace(/\/$/, '');
  const apiBase = (env.GITHUB_API_BASE_URL ?? GITHUB_API_BASE_URL).replace(/\/$/, '');
  const clientId = env.GITHUB_CLIENT_ID!;
  const clientSecret = env.GITHUB_CLIENT_SECRET!;
  return genericOAuth({
    config: [
      {
        providerId: 'github',
        name: 'GitHub',
        clientId,
        clientSecret,
        authorizationUrl: `${oauthBase}/login/oauth/authorize`,
        tokenUrl: `${oauthBase}/login/oauth/access_token`,
        scopes: ['read:user', 'user:email'],
        pkce: true,
        accountSubject: ({ profile }) => String(profile.id),
        async getUserInfo(tokens): Promise<GenericOAuthUserInfo | null> {
          if (!tokens.accessToken) return null;
          const headers = {
            authorization: `Bearer ${tokens.accessToken}`,
            accept: 'application/vnd.github+json',
            'user-agent': 'aprenda',
          };
          const userRes = await fetch(`${apiBase}/user`, { headers, redirect: 'error' });
          if (!userRes.ok) return null;
          const profile = (await userRes.json()) as GithubUser;
          if (profile.id === undefined || profile.id === null) return null;
          let emails: GithubEmail[] = [];
          const emailsRes = await fetch(`${apiBase}/user/emails`, { headers, redirect: 'error' });
          if (emailsRes.ok) {
            const body = (await emailsRes.json()) as unknown;
            if (Array.isArray(body)) emails = body as GithubEmail[];
          }
          const email = profile.email || (emails.find((e) => e.primary) ?? emails[0])?.email;
          const emailVerified = emails.find((e) => e.email === email)?.verified ?? false;
          return {
            id: String(profile.id),
            name: profile.name || profile.login || '',
            email: email ?? null,
            emailVerified,
            image: profile.avatar_url ?? undefined,
          };
        },
        // Every new GitHub user is a student; the role is never taken from the provider.
        mapProfileToUser: () => ({ role: 'student' }),
      },
    ],
  });
}

/**
 * The error behind a Better Auth 500, kept for the request that called `auth.handler` inside
 * `authErrorScope.run(box, …)`: Better Auth turns a failing database into a plain 500, and the
 * records route needs the original error to answer 503 `database_unavailable` (and log it).
 */
export const authErrorScope = new AsyncLocalStorage<{ error?: unknown }>();

/** The endpoints that set a new password, and the body field that carries it. */
const NEW_PASSWORD_FIELD: Readonly<Partial<Record<string, string>>> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};

/**
 * An easily guessed new password is refused (children's accounts: "12345678" is the first thing
 * anyone tries). Only within the length limits: a too short or too long one gets Better Auth's
 * PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG as before. The answer becomes 400 `validation_failed`
 * with `errors: [{ path: 'password', code: 'invalid', message: 'too easy to guess' }]`
 * (modules/records/auth-problem.http.ts); the web's forms refuse the same passwords first.
 */
function refuseGuessablePassword(body: Record<string, unknown>, field: string) {
  const password = body[field];
  if (
    typeof password === 'string' &&
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    isGuessablePassword(password)
  ) {
    throw APIError.from('BAD_REQUEST', {
      code: 'VALIDATION_ERROR',
      message: 'password: too easy to guess',
    });
  }
}

/** Requests to delete-user that came without a password (authRules → beforeDelete). */
const deletionsWithoutPassword = new WeakSet<Request>();

/**
 * Sign-up and profile rules Better Auth does not enforce by itself:
 * - sign-up must carry a valid `role` (`student` | `teacher`) and a non-blank name ≤ 100 chars;
 * - a new password (sign-up, change-password, reset-password) is not an easily guessed one
 *   ("12345678", "aaaaaaaa", "senha123": packages/shared/src/guessable-passwords.ts), else 400
 *   `validation_failed` with the field error `password: too easy to guess`;
 * - the role is chosen once: `update-user` may not change it; a new name follows the sign-up's rule;
 * - `delete-user` takes no mailed-link fields, and marks a request without a password.
 * Errors keep Better Auth's shape (`{ code, message }`), code `VALIDATION_ERROR` / `FIELD_NOT_ALLOWED`.
 */
const authRules = createAuthMiddleware(async (c) => {
  if (c.path === '/sign-up/email') {
    const body = (c.body ?? {}) as Record<string, unknown>;
    const parsed = signUpSchema.pick({ name: true, role: true }).safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw APIError.from('BAD_REQUEST', {
        code: 'VALIDATION_ERROR',
        message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
      });
    }
  }
  const newPassword = NEW_PASSWORD_FIELD[c.path];
  if (newPassword) refuseGuessablePassword((c.body ?? {}) as Record<string, unknown>, newPassword);
  if (c.path === '/update-user') {
    const body = (c.body ?? {}) as Record<string, unknown>;
    if ('role' in body) {
      throw APIError.from('BAD_REQUEST', {
        code: 'FIELD_NOT_ALLOWED',
        message: 'role is not allowed to be set',
      });
    }
    // A new name follows the sign-up's rule (not blank, at most NAME_MAX_LENGTH), and is stored
    // trimmed.
    if ('name' in body) {
      const parsed = signUpSchema.shape.name.safeParse(body.name);
      if (!parsed.success) {
        throw APIError.from('BAD_REQUEST', {
          code: 'VALIDATION_ERROR',
          message: `name: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
        });
      }
      body.name = parsed.data;
    }
  }
  // "Excluir minha conta" (decision 0050): an account with a password deletes itself only with it
  // (a child's account left signed in on a school computer is not deleted by the next person);
  // one without (GitHub) only from a session opened in the last day (Better Auth's freshness).
  // No deletion by mailed link: it is not offered.
  if (c.path === '/delete-user') {
    const body = (c.body ?? {}) as Record<string, unknown>;
    if ('token' in body || 'callbackURL' in body) {
      throw APIError.from('BAD_REQUEST', {
        code: 'FIELD_NOT_ALLOWED',
        message: 'token and callbackURL are not used',
      });
    }
    if (typeof body.password !== 'string' || body.password === '') {
      // Better Auth then checks the session's freshness only; beforeDelete (below) refuses an
      // account that has a password.
      if (c.request) deletionsWithoutPassword.add(c.request);
    }
  }
});

/**
 * Better Auth on the app's Kysely database, mounted at `${RECORDS_PREFIX}/auth`: e-mail + password
 * with a role, bearer tokens, GitHub when configured. Account linking is off: an existing account is
 * never linked to (or signed into by) a GitHub identity because the e-mails match
 * (CVE-2026-53516, pre-registration takeover).
 */
export function createAuthOptions(ctx: AuthDeps) {
  const origin = publicOrigin(ctx.env);
  /**
   * Mails go out in the background: the answer must not wait for (or reveal, by its timing,
   * whether there was) a mail to send. A failure is logged, never shown.
   */
  const sendInBackground = (mail: Mail) => {
    if (!ctx.mailer) return;
    ctx.mailer.send(mail).catch((err: unknown) => {
      ctx.logger?.({
        level: 'error',
        msg: 'mail could not be sent',
        subject: mail.subject,
        err: err instanceof Error ? err.message : String(err),
      });
    });
  };
  const github = Boolean(ctx.env.GITHUB_CLIENT_ID && ctx.env.GITHUB_CLIENT_SECRET);
  return {
    appName: 'Aprenda',
    secret: ctx.secret,
    baseURL: origin,
    basePath: `${ctx.env.RECORDS_PREFIX}/auth`,
    // The same origins as our own guard (middleware/origin-guard.ts), per request.
    trustedOrigins: (request?: Request) => trustedOrigins(ctx.env, request?.url),
    database: { db: ctx.db.db, type: ctx.db.dialect },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-in does not wait for a verified e-mail: students use the app at once.
      requireEmailVerification: false,
      // "Esqueci minha senha": the link opens the web app's reset form with the token.
      sendResetPassword: async ({
        user,
        token,
      }: {
        user: { name: string; email: string };
        token: string;
      }) => {
        const link = `${origin}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`;
        sendInBackground(resetPasswordMail(user, link));
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      // A new password signs every session out (a stolen one included).
      revokeSessionsOnPasswordReset: true,
      // Whoever opened the mailed link owns the account: a lock of wrong passwords ends with it.
      onPasswordReset: async ({ user }: { user: { email: string } }) => {
        if (!ctx.rateLimitStore) return;
        await signInAccountLimiter(ctx.env, ctx.rateLimitStore).reset(accountKeyOf(user.email));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({
        user,
        url,
      }: {
        user: { name: string; email: string };
        url: string;
      }) => {
        // Better Auth's link verifies, then redirects to callbackURL: always the web app's page.
        const link = new URL(url);
        link.searchParams.set('callbackURL', VERIFY_EMAIL_PAGE);
        sendInBackground(verifyEmailMail(user, link.toString()));
      },
    },
    user: {
      // "Excluir minha conta": everything of the account goes with it (foreign keys cascade), so
      // an owner of classes hands them over or deletes them first — its students' work is in them.
      deleteUser: {
        enabled: true,
        beforeDelete: async (user: { id: string }, request?: Request) => {
          if (request && deletionsWithoutPassword.has(request)) {
            // Better Auth's own table (not in the app's Kysely types).
            const { rows } = await sql<{ one: number }>`
              select 1 as one from "account"
              where "userId" = ${user.id} and "providerId" = 'credential' and "password" is not null
              limit 1`.execute(ctx.db.db);
            if (rows.length > 0) {
              throw APIError.from('BAD_REQUEST', {
                code: 'VALIDATION_ERROR',
                message: 'password: required',
              });
            }
          }
          const owned = await ownedClasses(ctx, user.id);
          if (owned.length > 0) {
            throw APIError.from('CONFLICT', {
              code: 'OWNS_CLASSES',
              message: `Owner of ${owned.length} class(es): hand them over or delete them first`,
            });
          }
        },
      },
      additionalFields: {
        role: {
          type: 'string' as const,
          required: true,
          input: true,
          defaultValue: 'student',
          validator: { input: userRoleSchema },
        },
      },
    },
    account: {
      accountLinking: { enabled: false, disableImplicitLinking: true },
    },
    // OAuth errors land on the sign-in page: /auth?error=<code> (e.g. account_not_linked).
    onAPIError: {
      errorURL: `${origin}/auth`,
      // Keep the error for the route (authErrorScope) instead of Better Auth's console logging.
      onError: (error: unknown) => {
        const box = authErrorScope.getStore();
        if (box) box.error = error;
      },
    },
    // Rate limiting of sign-in/sign-up is done by the app (middleware/rate-limit.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      disabled: ctx.env.LOG_LEVEL === 'silent',
      level: ctx.env.LOG_LEVEL === 'silent' ? 'error' : ctx.env.LOG_LEVEL,
    },
    // Better Auth skips origin/CSRF checks when NODE_ENV=test; keep them on so tests run the
    // production rules.
    advanced: { disableOriginCheck: false },
    hooks: { before: authRules },
    plugins: github ? [bearer(), githubProvider(ctx.env)] : [bearer()],
  } satisfies BetterAuthOptions;
}

export function createAuth(ctx: AuthDeps) {
  return betterAuth(createAuthOptions(ctx));
}

export type Auth = ReturnType<typeof createAuth>;
