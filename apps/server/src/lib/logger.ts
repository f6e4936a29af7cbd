import { pino, type DestinationStream } from 'pino';
import type { Env } from '../env.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Logger = ((entry: { level: LogLevel; msg: string; [key: string]: unknown }) => void) & {
  /** Whether entries of this level are written (absent: all are). Lets a caller skip the work. */
  enabled?: (level: LogLevel) => boolean;
};

/**
 * Fields that could carry a credential, wherever a caller puts them: pino's `redact` replaces
 * their values, so a header or a token passed by mistake never reaches the log. (Paths that carry
 * a token are redacted by the request log itself: lib/log-redaction.ts.)
 */
export const REDACTED_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'token',
  'api_key',
  'apiKey',
  'secret',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.token',
  '*.api_key',
  '*.apiKey',
  '*.secret',
  'headers.authorization',
  'headers.cookie',
];

/**
 * JSON lines on stdout through pino: `{ level: 'info', time: ISO-8601, msg, …fields }`. Callers
 * must still never pass secrets; `redact` is the net under that rule.
 */
export function createLogger(level: Env['LOG_LEVEL'], destination?: DestinationStream): Logger {
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_FIELDS, censor: '[redacted]' },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
  const logger: Logger = ({ level: entryLevel, msg, ...fields }) => log[entryLevel](fields, msg);
  logger.enabled = (entryLevel) => log.isLevelEnabled(entryLevel);
  return logger;
}

export const silentLogger: Logger = Object.assign(() => {}, { enabled: () => false });
