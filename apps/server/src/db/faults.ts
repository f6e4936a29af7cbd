/**
 * Database faults — the database, not the request, is at fault — told apart from bugs, so the
 * client gets a 503/507 it can retry instead of a 500, and the log keeps the original error.
 *
 * - `unavailable`: the connection broke, the server is shutting down or refuses connections, no
 *   pooled connection came free in time, a statement or lock wait hit its timeout, SQLite stayed
 *   busy (locked by another writer) or failed to read or write its files;
 * - `full`: no space left for the data (SQLite `SQLITE_FULL`, PostgreSQL `53100 disk_full`);
 * - `read_only`: the database cannot be written (`SQLITE_READONLY*`, a read-only PostgreSQL).
 */
export type DatabaseFault = 'unavailable' | 'full' | 'read_only';

/** Node's socket errors that mean the connection is gone. */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says when a connection is gone or never came. */
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Client has already been connected/,
  /^Cannot use a pool after calling end/,
];

/** PostgreSQL SQLSTATEs of an unusable connection or server. */
function pgConnectionState(code: string): boolean {
  return (
    code.startsWith('08') || // connection exception
    code === '57P01' || // admin_shutdown (pg_terminate_backend, restart)
    code === '57P02' || // crash_shutdown
    code === '57P03' || // cannot_connect_now (starting up, recovering)
    code === '53300' // too_many_connections
  );
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

function asErrorLike(err: unknown): ErrorLike | null {
  return typeof err === 'object' && err !== null ? (err as ErrorLike) : null;
}

/**
 * The connection that ran into this error must not be used again (PostgreSQL). Also looks at the
 * `cause` (wrappers keep the driver's error there).
 */
export function isConnectionFault(err: unknown, depth = 0): boolean {
  const e = asErrorLike(err);
  if (!e || depth > 3) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (SOCKET_CODES.has(code) || pgConnectionState(code)) return true;
  if (PG_CONNECTION_MESSAGES.some((re) => re.test(message))) return true;
  return isConnectionFault(e.cause, depth + 1);
}

/** The kind of database fault behind an error, or null when the error is not one. */
export function databaseFault(err: unknown, depth = 0): DatabaseFault | null {
  const e = asErrorLike(err);
  if (!e || depth > 3) return null;
  const code = typeof e.code === 'string' ? e.code : '';
  if (code.startsWith('SQLITE_')) {
    if (code === 'SQLITE_FULL') return 'full';
    if (code.startsWith('SQLITE_READONLY')) return 'read_only';
    if (
      code.startsWith('SQLITE_BUSY') ||
      code.startsWith('SQLITE_LOCKED') ||
      code.startsWith('SQLITE_IOERR') ||
      code.startsWith('SQLITE_CANTOPEN') ||
      code === 'SQLITE_PROTOCOL'
    ) {
      return 'unavailable';
    }
    return null;
  }
  if (code === '53100') return 'full'; // disk_full
  if (code === '25006') return 'read_only'; // read_only_sql_transaction (a standby)
  if (
    code === '57014' || // query_canceled: statement_timeout
    code === '55P03' || // lock_not_available: lock_timeout
    code === '53200' || // out_of_memory
    code === '53000' // insufficient_resources
  ) {
    return 'unavailable';
  }
  if (isConnectionFault(err)) return 'unavailable';
  return databaseFault(e.cause, depth + 1);
}
