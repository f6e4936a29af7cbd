import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError, errorCode, errorMessage, errorText, responseError } from './errors';
import { createI18n } from './i18n';

function bare(status: number, headers: Record<string, string> = {}) {
  return new Response('<html>gateway</html>', { status, headers });
}

function problem(status: number, code: string) {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'x', status, code }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

describe('errorCode', () => {
  it('keeps a code of ours, whatever the status', () => {
    expect(errorCode(new ApiError({ status: 400, code: 'class_code_taken' }))).toBe(
      'class_code_taken',
    );
    expect(errorCode({ status: 403, code: 'sign_in_locked' }, 'auth')).toBe('sign_in_locked');
    expect(errorCode({ status: 500, code: 'no_api_key' }, 'chat')).toBe('no_api_key');
  });

  it('falls back on the status, as the endpoint means it', () => {
    expect(errorCode({ status: 413 })).toBe('payload_too_large');
    expect(errorCode({ status: 413 }, 'chat')).toBe('message_too_long');
    expect(errorCode({ status: 503 })).toBe('unavailable');
    expect(errorCode({ status: 503 }, 'chat')).toBe('internal');
    expect(errorCode({ status: 403 }, 'chat')).toBe('bad_request');
    expect(errorCode({ status: 401 })).toBe('unauthorized');
    expect(errorCode({ status: 401 }, 'auth')).toBe('invalid_credentials');
    expect(errorCode({ status: 422 }, 'auth')).toBe('email_taken');
    expect(errorCode({ status: 418 })).toBe('internal');
  });

  it("maps Better Auth's own codes for auth calls only", () => {
    expect(errorCode({ status: 400, code: 'USER_ALREADY_EXISTS' }, 'auth')).toBe('email_taken');
    expect(errorCode({ status: 400, code: 'USER_ALREADY_EXISTS' })).toBe('bad_request');
    expect(errorCode({ status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' }, 'auth')).toBe(
      'email_taken',
    );
    // Its origin check refusing the page's address is not a missing permission.
    expect(errorCode({ status: 403, code: 'INVALID_ORIGIN' }, 'auth')).toBe('forbidden_origin');
    expect(errorCode({ status: 403, code: 'MISSING_OR_NULL_ORIGIN' }, 'auth')).toBe(
      'forbidden_origin',
    );
  });

  it('calls anything thrown without a status a network failure', () => {
    expect(errorCode(new TypeError('Failed to fetch'))).toBe('unavailable');
    expect(errorCode(new TypeError('Failed to fetch'), 'auth')).toBe('unavailable');
    expect(errorCode(null)).toBe('unavailable');
    expect(errorCode({ code: 'WHATEVER' }, 'auth')).toBe('unavailable');
  });
});

describe('responseError', () => {
  it('reads our problem, or the status when the body is not one of ours', async () => {
    await expect(responseError(problem(409, 'last_teacher'))).resolves.toMatchObject({
      status: 409,
      code: 'last_teacher',
    });
    await expect(responseError(problem(500, 'not_a_code_of_ours'))).resolves.toMatchObject({
      code: 'internal',
    });
    await expect(responseError(bare(413), 'chat')).resolves.toMatchObject({
      code: 'message_too_long',
    });
  });

  it('keeps the seconds of Retry-After', async () => {
    const err = await responseError(bare(429, { 'retry-after': '12' }), 'chat');
    expect(err).toMatchObject({ code: 'rate_limited', retryAfter: 12 });
  });
});

describe('errorText', () => {
  let t: TFunction;
  beforeAll(async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    t = i18n.t;
  });

  it('says the code in the errors namespace', () => {
    expect(errorText(t, 'class_code_taken')).toBe(
      'This class code is already in use. Choose another.',
    );
    expect(errorMessage(t, new TypeError('offline'))).toBe(
      'No connection to the server. Check your internet and try again.',
    );
  });

  it("uses the chat's wording first, naming the seconds to wait when known", () => {
    expect(errorText(t, 'rate_limited', { scope: 'chat' })).toBe(
      'You are sending messages too fast. Wait a moment and try again.',
    );
    expect(errorText(t, 'rate_limited', { scope: 'chat', retryAfter: 9 })).toBe(
      'You are sending messages too fast. Wait 9 s and try again.',
    );
    expect(errorText(t, 'no_api_key', { scope: 'chat', retryAfter: 9 })).toBe(
      'No AI key configured. Add one in your profile.',
    );
    expect(errorText(t, 'rate_limited', { retryAfter: 9 })).toBe(
      'Too many attempts in a row. Wait a moment and try again.',
    );
  });

  it('reads an unknown or odd text from the chat as an unknown failure', () => {
    const unknown = 'Something went wrong. Try again.';
    expect(errorText(t, 'socket hang up', { scope: 'chat' })).toBe(unknown);
    expect(errorText(t, 'chat:toast.copied', { scope: 'chat' })).toBe(unknown);
    expect(errorText(t, null, { scope: 'chat' })).toBe(unknown);
  });
});
