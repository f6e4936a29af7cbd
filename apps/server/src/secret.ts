import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from './env.ts';

export const SECRET_FILE_NAME = 'app-secret';
const MIN_SECRET_LENGTH = 32;

/**
 * The app secret: APP_SECRET when set. Outside production, when absent, 48 random bytes are
 * generated once and kept in `${DATA_DIR}/app-secret` (mode 0600) so sessions and encrypted keys
 * survive restarts. In production an absent APP_SECRET is an error (env.ts already refuses it).
 */
export function resolveSecret(env: Pick<Env, 'APP_SECRET' | 'NODE_ENV' | 'DATA_DIR'>): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  if (env.NODE_ENV === 'production') {
    throw new Error('APP_SECRET is required when NODE_ENV=production');
  }
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, SECRET_FILE_NAME);
  const existing = readSecretFile(file);
  if (existing !== null) return existing;

  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': never overwrite — if another process created it meanwhile, use theirs.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      const raced = readSecretFile(file);
      if (raced !== null) return raced;
    }
    throw err;
  }
}

function readSecretFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters: delete the file (sessions and stored API keys become unreadable) or set APP_SECRET`,
    );
  }
  return secret;
}
