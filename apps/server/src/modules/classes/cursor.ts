import { badRequest } from '../../middleware/errors.ts';

/** Opaque list cursor: base64url of a JSON array of `n` strings (the sort key of the last item). */
export function encodeCursor(values: string[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

export function decodeCursor(raw: string, n: number): string[] {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === n && value.every((v) => typeof v === 'string')) {
      return value as string[];
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor', [
    { path: 'cursor', code: 'invalid_format', message: 'Invalid cursor' },
  ]);
}
