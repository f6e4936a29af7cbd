import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@aprenda/shared/constants';
import { isGuessablePassword } from '@aprenda/shared/guessable-passwords';
import { signInSchema, signUpSchema } from '@aprenda/shared/schemas/auth';
import { authFieldErrors, newPasswordError, type AuthValues } from './auth-rules';
import { newPasswordError as profileNewPasswordError } from './new-password';
import { issuesToFieldErrors, type FieldErrors } from './validation';

/**
 * What the forms showed when they validated with the shared zod schemas, plus the server's refusal
 * of an easily guessed new password (auth.ts, once the length is right) at sign-up.
 */
function withZod(mode: 'signIn' | 'signUp', values: AuthValues): FieldErrors {
  const parsed =
    mode === 'signUp'
      ? signUpSchema.safeParse(values)
      : signInSchema.safeParse({ email: values.email, password: values.password });
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, { ...values });
  if (mode === 'signIn' || errors.password || !isGuessablePassword(values.password)) return errors;
  const out: FieldErrors = {};
  for (const field of ['name', 'email', 'password', 'role']) {
    const error = field === 'password' ? { key: 'validation.passwordGuessable' } : errors[field];
    if (error) out[field] = error;
  }
  return out;
}

const names = [
  '',
  '   ',
  'Ana',
  ' Ana Souza ',
  'a'.repeat(NAME_MAX_LENGTH),
  'a'.repeat(NAME_MAX_LENGTH + 1),
  ` ${'a'.repeat(NAME_MAX_LENGTH)} `,
];
const emails = [
  '',
  '  ',
  'ana',
  'ana@escola',
  'ana@escola.com',
  ' ana@escola.com',
  'ana.souza+turma@escola.sp.gov.br',
  '.ana@escola.com',
  'ana..souza@escola.com',
  'ana@-escola.com',
  'ana@escola.c',
  "o'neil@escola.com",
  `${'a'.repeat(250)}@escola.com`,
  `${'a'.repeat(250)}@escola`,
  'ána@escola.com',
];
const passwords = [
  '',
  ' ',
  '       ',
  '        ',
  'short',
  'segredo-123',
  '12345678',
  'Senha123',
  'x'.repeat(PASSWORD_MAX_LENGTH),
  'x'.repeat(PASSWORD_MAX_LENGTH + 1),
  ' '.repeat(PASSWORD_MAX_LENGTH + 1),
];
const roles = ['', 'student', 'teacher', 'admin'];

describe('authFieldErrors', () => {
  it('gives what the shared zod schemas give, field by field and in the same order', () => {
    let cases = 0;
    for (const name of names)
      for (const email of emails)
        for (const password of passwords)
          for (const role of roles)
            for (const mode of ['signIn', 'signUp'] as const) {
              const values = { name, email, password, role };
              const expected = withZod(mode, values);
              const actual = authFieldErrors(mode, values, isGuessablePassword);
              const label = `${mode} ${JSON.stringify(values).slice(0, 120)}`;
              expect(actual, label).toEqual(expected);
              expect(Object.keys(actual), label).toEqual(Object.keys(expected));
              cases += 1;
            }
    expect(cases).toBeGreaterThan(2000);
  });

  it('accepts a complete sign-up', () => {
    expect(
      authFieldErrors('signUp', {
        name: 'Ana Souza',
        email: 'ana@escola.com',
        password: 'segredo-123',
        role: 'teacher',
      }),
    ).toEqual({});
  });

  it('refuses an easily guessed password at sign-up only (signing in with one still works)', () => {
    const values = { name: 'Ana', email: 'ana@escola.com', password: '12345678', role: 'student' };
    expect(authFieldErrors('signUp', values, isGuessablePassword)).toEqual({
      password: { key: 'validation.passwordGuessable' },
    });
    expect(authFieldErrors('signIn', values, isGuessablePassword)).toEqual({});
  });
});

describe('newPasswordError', () => {
  it('checks the length first, then refuses easily guessed passwords', () => {
    expect(newPasswordError('', isGuessablePassword)).toEqual({ key: 'validation.required' });
    expect(newPasswordError('1234567', isGuessablePassword)).toEqual({
      key: 'validation.passwordMin',
      values: { min: 8 },
    });
    expect(newPasswordError('1'.repeat(PASSWORD_MAX_LENGTH + 1), isGuessablePassword)).toEqual({
      key: 'validation.tooLong',
      values: { max: PASSWORD_MAX_LENGTH },
    });
    expect(newPasswordError('87654321', isGuessablePassword)).toEqual({
      key: 'validation.passwordGuessable',
    });
    expect(newPasswordError('aprenda-demo', isGuessablePassword)).toBeUndefined();
  });
});

describe('isGuessablePassword', () => {
  it.each([
    // one character, or a short block, said again and again
    'aaaaaaaa',
    '11111111',
    'AAAAAAAA',
    '!!!!!!!!',
    '12121212',
    'abcabcabc',
    '20242024',
    'aaaaaaa1',
    // straight runs of digits or letters, up or down
    '12345678',
    '123456789',
    '1234567890',
    '0987654321',
    '87654321',
    'abcdefgh',
    'ABCDEFGH',
    'hgfedcba',
    '12345678!',
    'abcdef12',
    // common passwords, any case, with digits or punctuation after them
    'senha123',
    'Senha@2024',
    'SENHA!!!!',
    'brasil123',
    'Brasil2026',
    'aprenda123',
    'password',
    'Password1',
    'passw0rd',
    'qwerty123',
    'qwertyuiop',
    'asdfghjkl',
    'iloveyou',
    'flamengo10',
    'família123',
    '1q2w3e4r',
    '147258369',
  ])('refuses %j', (password) => {
    expect(isGuessablePassword(password)).toBe(true);
  });

  it.each([
    // the demo seed and the fixtures of the tests (e2e, server, web)
    'aprenda-demo',
    'senha-segura-1',
    'senha-da-escola-1',
    'segredo-123',
    'senha-forte-k3j9x',
    'senha-nova-segura-2',
    'nova-senha-forte-9',
    'outra-senha-123',
    'antiga-123',
    'nope-nope-1',
    'wrong-password-1',
    'not-the-password',
    'errada-1-senha',
    // ordinary passwords a child could choose
    'girafa azul 7',
    'MeuCachorroRex',
    'juju2015',
    '19283746',
    'a9183746',
    'xy-12345',
  ])('accepts %j', (password) => {
    expect(isGuessablePassword(password)).toBe(false);
  });
});

describe('new-password.ts (Alterar senha, Redefinir senha)', () => {
  it('gives what the sign-up gives for every sample password', () => {
    for (const password of [...passwords, 'aaaaaaaa', 'senha123', 'aprenda-demo', '        ']) {
      expect(profileNewPasswordError(password), JSON.stringify(password)).toEqual(
        newPasswordError(password, isGuessablePassword),
      );
    }
  });
});
