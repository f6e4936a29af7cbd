import type { Env } from '../env.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Logger = (entry: { level: LogLevel; msg: string; [key: string]: unknown }) => void;

const ORDER: Record<LogLevel | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};

/** JSON lines on stdout. Callers must never pass secrets (keys, tokens, passwords). */
export function createLogger(level: Env['LOG_LEVEL']): Logger {
  const min = ORDER[level];
  return (entry) => {
    if (ORDER[entry.level] < min) return;
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
  };
}

export const silentLogger: Logger = () => {};
