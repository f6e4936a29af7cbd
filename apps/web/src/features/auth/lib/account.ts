import type { ErrorCode } from '@aprenda/shared/errors';
import type { AuthClient } from '@/lib/auth-client';
import { errorCode } from '@/lib/errors';
import { loadAuthClient } from '@/lib/session';

/** Where the server's reset link lands (the token is in `?token=`). */
export const RESET_TOKEN_STORAGE_KEY = 'aprenda:reset-token';

type Result = { ok: true } | { ok: false; code: ErrorCode };

async function run(
  call: (
    client: AuthClient,
  ) => Promise<{ error?: { status?: number; code?: string } | null } | null | undefined>,
): Promise<Result> {
  try {
    // Better Auth's client is fetched on first use (not part of any screen's first load).
    const result = await call(await loadAuthClient());
    if (result?.error) return { ok: false, code: errorCode(result.error, 'auth') };
    return { ok: true };
  } catch (err) {
    return { ok: false, code: errorCode(err, 'auth') };
  }
}

/** "Esqueci minha senha": the server answers the same whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<Result> {
  return run((client) => client.requestPasswordReset({ email }));
}

/** A new password with the token of the reset link. */
export function resetPassword(token: string, newPassword: string): Promise<Result> {
  return run((client) => client.resetPassword({ token, newPassword }));
}

/** Send the verification mail again (to the signed-in account's address). */
export function resendVerification(email: string): Promise<Result> {
  return run((client) => client.sendVerificationEmail({ email }));
}

/** "Alterar senha": the current password is required; every other session is signed out. */
/** "Seu nome": the name teachers and classmates see (the server checks it as at sign-up). */
export function changeName(name: string): Promise<Result> {
  return run((client) => client.updateUser({ name }));
}

/** "Sair dos outros aparelhos": every session but this one ends (a school computer left signed in). */
export function signOutOtherDevices(): Promise<Result> {
  return run((client) => client.revokeOtherSessions());
}

/**
 * "Excluir minha conta": with the password (an account that signs in with GitHub only sends none,
 * and must have signed in within the last day). The server refuses the owner of a class
 * (`owns_classes`).
 */
export function deleteAccount(password: string): Promise<Result> {
  return run((client) => client.deleteUser(password ? { password } : {}));
}

export function changePassword(currentPassword: string, newPassword: string): Promise<Result> {
  return run((client) =>
    client.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }),
  );
}
