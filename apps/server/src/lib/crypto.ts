import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const KEY_INFO = 'aprenda/user_api_keys/aes-256-gcm/v1';
const KEY_SALT = 'aprenda';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyCache = new Map<string, Buffer>();

/** AES-256 key derived from the app secret with HKDF-SHA256 and a fixed info label. */
function deriveKey(secret: string): Buffer {
  let key = keyCache.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, KEY_SALT, KEY_INFO, 32));
    keyCache.set(secret, key);
  }
  return key;
}

/** What a stored key is bound to: a ciphertext copied to another row does not decrypt. */
export interface ApiKeyBinding {
  userId: string;
  provider: string;
}

function aad(binding: ApiKeyBinding): Buffer {
  return Buffer.from(`${binding.userId}\u0000${binding.provider}`, 'utf8');
}

/**
 * Encrypt an API key with AES-256-GCM under a fresh 12-byte IV.
 * Returns base64(iv ‖ tag ‖ ciphertext); the user and provider are authenticated data.
 */
export function encryptApiKey(secret: string, plain: string, binding: ApiKeyBinding): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret), iv);
  cipher.setAAD(aad(binding));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

/** Decrypt what `encryptApiKey` stored. Throws when the value was tampered with or moved. */
export function decryptApiKey(secret: string, stored: string, binding: ApiKeyBinding): string {
  const raw = Buffer.from(stored, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('invalid encrypted value');
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const ciphertext = raw.subarray(IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret), iv);
  decipher.setAAD(aad(binding));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}

/**
 * Display form of a secret: first 3 characters + '…' + last 4 (`sk-…a1b2`);
 * keys shorter than 16 characters show only '…' + the last 2.
 */
export function maskApiKey(plain: string): string {
  const chars = Array.from(plain);
  if (chars.length < 16) return `…${chars.slice(-2).join('')}`;
  return `${chars.slice(0, 3).join('')}…${chars.slice(-4).join('')}`;
}

/** hex SHA-256 — how invite and feed tokens are stored and looked up. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
