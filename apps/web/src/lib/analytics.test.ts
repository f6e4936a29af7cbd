import { describe, expect, it } from 'vitest';
import { redactUrl } from './analytics';

describe('redactUrl', () => {
  it('drops the credentials our links carry, keeps the rest', () => {
    expect(redactUrl('https://escola.org/convite/AbC123_-xyz')).toBe(
      'https://escola.org/convite/REDACTED',
    );
    expect(redactUrl('https://escola.org/auth/redefinir-senha?token=segredo&x=1')).toBe(
      'https://escola.org/auth/redefinir-senha?token=REDACTED&x=1',
    );
    expect(redactUrl('/pb/auth/verify-email?token=abc&callbackURL=%2Fauth')).toBe(
      '/pb/auth/verify-email?token=REDACTED&callbackURL=%2Fauth',
    );
    expect(redactUrl('https://escola.org/dashboard/chat/0190')).toBe(
      'https://escola.org/dashboard/chat/0190',
    );
  });
});
