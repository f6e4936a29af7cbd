/**
 * Passwords too easy to guess, refused at sign-up, password change and password reset (the web's
 * forms and the server's Better Auth hook share this). A pure function without zod: the sign-in
 * page's first load imports it (apps/web/src/features/auth/lib/auth-rules.ts).
 *
 * Refused, compared case- and accent-insensitively:
 * - one character repeated, or a short block repeated ("aaaaaaaa", "11111111", "12121212",
 *   "abcabcabc");
 * - a straight run of digits or letters, up or down ("12345678", "87654321", "abcdefgh",
 *   "1234567890");
 * - a common password ("password", "qwerty", "senha", "brasil", "aprenda"…), also with digits or
 *   punctuation after it ("senha123", "Brasil@2024", "qwerty123!").
 * The length rules (PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH) are checked apart from this.
 */

/** Lowercase, as typed or without the digits and punctuation at the end ("senha123" → "senha"). */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  // Portuguese
  'senha',
  'minhasenha',
  'senhasenha',
  'mudar',
  'mudarsenha',
  'trocar',
  'brasil',
  'aprenda',
  'escola',
  'professor',
  'professora',
  'aluno',
  'aluna',
  'estudante',
  'futebol',
  'flamengo',
  'corinthians',
  'palmeiras',
  'saopaulo',
  'vasco',
  'gremio',
  'santos',
  'cruzeiro',
  'amor',
  'teamo',
  'jesus',
  'deus',
  'familia',
  'gatinho',
  'cachorro',
  // English and everywhere
  'password',
  'passw0rd',
  'pass',
  'admin',
  'administrator',
  'qwerty',
  'qwertyui',
  'qwertyuiop',
  'azerty',
  'asdf',
  'asdfgh',
  'asdfghjk',
  'asdfghjkl',
  'zxcvbn',
  'zxcvbnm',
  'abc',
  'iloveyou',
  'letmein',
  'welcome',
  'hello',
  'login',
  'master',
  'secret',
  'changeme',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'superman',
  'batman',
  'pokemon',
  'minecraft',
  'roblox',
  'fortnite',
  'starwars',
  'test',
  'teste',
  'trustno1',
  // Keyboard walks and digit patterns a run or a repetition does not catch
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  '1qaz2wsx',
  'qazwsx',
  '147258369',
  '147852369',
  '789456123',
  '741852963',
  '159753',
  '11223344',
  '12344321',
  '123321',
  '102030',
]);

/** Every character one step after (or before) the one before it; digits also 9 → 0 (…7890). */
function isStraightRun(text: string): boolean {
  if (text.length < 3) return false;
  const digits = /^\d+$/.test(text);
  if (!digits && !/^[a-z]+$/.test(text)) return false;
  for (const step of [1, -1]) {
    let straight = true;
    for (let i = 1; i < text.length && straight; i++) {
      const diff = text.charCodeAt(i) - text.charCodeAt(i - 1);
      straight = digits ? (diff - step + 10) % 10 === 0 : diff === step;
    }
    if (straight) return true;
  }
  return false;
}

/** The text is one block of 1–4 characters said again and again ("aaaa", "1212", "abcabc"). */
function isRepeated(text: string): boolean {
  for (let size = 1; size <= 4 && size * 2 <= text.length; size++) {
    const block = text.slice(0, size);
    if (block.repeat(Math.ceil(text.length / size)).slice(0, text.length) === text) return true;
  }
  return false;
}

const guessableShape = (text: string) => isRepeated(text) || isStraightRun(text);

/** True when the password is one of the easily guessed kinds above (any length). */
export function isGuessablePassword(password: string): boolean {
  // "Família" and "familia" alike: lowercase, accents off.
  const lower = password.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (lower === '') return false;
  // Without punctuation at the end ("12345678!"), and without digits either ("senha123").
  const trimmed = lower.replace(/[^\p{L}\p{N}]+$/u, '');
  const word = lower.replace(/[^\p{L}]+$/u, '');
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(trimmed)) return true;
  if (word !== '' && COMMON_PASSWORDS.has(word)) return true;
  if (guessableShape(lower) || (trimmed !== '' && guessableShape(trimmed))) return true;
  // "aaaaaaa1", "abcdefg12": a long repetition or run with a little added at the end.
  return word.length >= 6 && guessableShape(word);
}
