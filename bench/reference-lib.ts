/**
 * What the bare reference servers of the benchmarks share (bench/classes-reference.ts,
 * bench/flashcards-reference.ts): their settings from the environment, the JSON answer, the signed
 * bearer token checked as the app checks it, and the `node:http` server that prints
 * `reference listening on http://…` for bench/lib.ts `startReference`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export const DATABASE_URL = process.env.DATABASE_URL ?? '';
const SECRET = process.env.APP_SECRET ?? '';
const HOST = process.env.HOST ?? '127.0.0.1';
const PORT = Number(process.env.PORT ?? 0);
/** Connections per PostgreSQL pool, as the app's (DB_POOL_SIZE). */
export const POOL_SIZE = Number(process.env.DB_POOL_SIZE ?? 10);
export const isPostgres = /^postgres(ql)?:\/\//.test(DATABASE_URL);

/** `?` placeholders → `$n` for PostgreSQL. */
export const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

export function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export const UNAUTHORIZED = JSON.stringify({
  error: { code: 'unauthorized', message: 'Unauthorized' },
});

const SIGNED_TOKEN = /^([^.]+)\.([A-Za-z0-9+/_-]{43}=?)$/;

/**
 * The session token of `Authorization: Bearer <token>.<signature>` when the signature is the
 * HMAC-SHA-256 of the token with APP_SECRET (compared in constant time, as Better Auth's bearer
 * plugin and the app's fast path do); null otherwise.
 */
export function signedToken(header: string | undefined): string | null {
  if (!header || header.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  const match = SIGNED_TOKEN.exec(header.slice(7).trim());
  if (!match) return null;
  const [, token, signature] = match as unknown as [string, string, string];
  const expected = createHmac('sha256', SECRET).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Serves `handle` on HOST:PORT until SIGTERM; `describe` says what (after "reference listening"). */
export function serveReference(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  describe: string,
): void {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error(err);
      if (!res.headersSent) send(res, 500, '{}');
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(PORT, HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : PORT;
    console.log(`reference listening on http://${HOST}:${port} (${describe})`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
