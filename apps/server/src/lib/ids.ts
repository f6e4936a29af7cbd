import { randomBytes } from 'node:crypto';

// Random bytes are drawn in batches: one randomBytes call per 256 ids instead of one per id.
const BATCH = 16 * 256;
let pool = randomBytes(BATCH);
let offset = 0;

/** UUIDv7: time-ordered, so ids sort by creation time and index well. */
export function uuidv7(now: number = Date.now()): string {
  if (offset === BATCH) {
    pool = randomBytes(BATCH);
    offset = 0;
  }
  // In place: each 16 bytes of the pool are used once. Numbers, not BigInt (a millisecond time
  // has 48 bits: exact in a double).
  const bytes = pool;
  const at = offset;
  offset += 16;
  const high = Math.floor(now / 2 ** 32);
  const low = now >>> 0;
  bytes[at] = (high >>> 8) & 0xff;
  bytes[at + 1] = high & 0xff;
  bytes[at + 2] = low >>> 24;
  bytes[at + 3] = (low >>> 16) & 0xff;
  bytes[at + 4] = (low >>> 8) & 0xff;
  bytes[at + 5] = low & 0xff;
  bytes[at + 6] = (bytes[at + 6]! & 0x0f) | 0x70;
  bytes[at + 8] = (bytes[at + 8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex', at, at + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
