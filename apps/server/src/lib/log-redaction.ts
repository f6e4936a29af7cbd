import type { Env } from '../env.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a path that carries a credential is logged as: the credential replaced by this. */
export const REDACTED = '…';

/**
 * Paths whose segments are credentials (whoever holds the URL holds the access), with the part
 * that is kept. Every route that takes a token in its path must be listed here — the request log
 * writes paths, and logs travel further than the database (test/log-redaction.test.ts).
 */
export function tokenPathRedactor(env: Pick<Env, 'API_PREFIX' | 'RECORDS_PREFIX'>) {
  const api = escape(env.API_PREFIX);
  const records = escape(env.RECORDS_PREFIX);
  const rules: Array<[RegExp, (m: RegExpExecArray) => string]> = [
    // personal iCal feed: GET {api}/calendar/{token}.ics
    [
      new RegExp(`^(${api}/calendar/)(?!feed(?:/|$))[^/]+?(\\.ics)?$`, 'i'),
      (m) => `${m[1]}${REDACTED}${m[2] ?? ''}`,
    ],
    // invite preview: GET {api}/classes/invites/{token} (accept takes it in the body)
    [new RegExp(`^(${api}/classes/invites/)(?!accept$)[^/]+$`, 'i'), (m) => `${m[1]}${REDACTED}`],
    // the invite page of the web app: /convite/{token}
    [/^(\/convite\/)[^/]+/i, (m) => `${m[1]}${REDACTED}`],
    // Better Auth's reset link: {records}/auth/reset-password/{token}
    [new RegExp(`^(${records}/auth/reset-password/)[^/]+`, 'i'), (m) => `${m[1]}${REDACTED}`],
  ];
  return (path: string): string => {
    const plain = path.replace(/\/{2,}/g, '/');
    for (const [pattern, keep] of rules) {
      const m = pattern.exec(plain);
      if (m) return keep(m);
    }
    return path;
  };
}
