/**
 * What a student may type between a class code's characters, as it was read out or written on the
 * board: spaces and dashes (a phone's keyboard turns `-` into `–`, `—` or `−`). No code holds one
 * (the alphabet has none), so they are dropped — the server reads the code the same way
 * (apps/server/src/modules/classes/join-code.ts). Case is left to the shared schema.
 */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]+/g;

/** `jcr zax`, `JCR-ZAX`, ` jcr–zax ` → `jcrzax` / `JCRZAX`. */
export function withoutSeparators(raw: string): string {
  return raw.replace(SEPARATORS, '');
}
