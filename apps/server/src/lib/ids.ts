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
  const bytes = Buffer.from(pool.subarray(offset, offset + 16));
  offset += 16;
  const ms = BigInt(now);
  bytes[0] = Number((ms >> 40n) & 0xffn);
  bytes[1] = Number((ms >> 32n) & 0xffn);
  bytes[2] = Number((ms >> 24n) & 0xffn);
  bytes[3] = Number((ms >> 16n) & 0xffn);
  bytes[4] = Number((ms >> 8n) & 0xffn);
  bytes[5] = Number(ms & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
