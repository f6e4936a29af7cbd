import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@aprenda/shared/constants';
import { signInSchema, signUpSchema } from '@aprenda/shared/schemas/auth';
import { authFieldErrors, type AuthValues } from './auth-rules';
import { issuesToFieldErrors, type FieldErrors } from './validation';

/** What the forms showed when they validated with the shared zod schemas. */
function withZod(mode: 'signIn' | 'signUp', values: AuthValues): FieldErrors {
  const parsed =
    mode === 'signUp'
      ? signUpSchema.safeParse(values)
      : signInSchema.safeParse({ email: values.email, password: values.password });
  return parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, { ...values });
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
              const actual = authFieldErrors(mode, values);
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
});
