import { describe, expect, it } from 'vitest';
import type { UIMessage } from 'ai';
import { retryAfterSeconds } from '@/lib/errors';
import { chatRequestBody, textOf } from './chat-transport';

const user = (text: string): UIMessage => ({
  id: 'u1',
  role: 'user',
  parts: [{ type: 'text', text }],
});

describe('chatRequestBody', () => {
  it('sends the last question with the chosen model', () => {
    expect(
      chatRequestBody('submit-message', [user('Oi'), user(' Quanto é 2+2? ')], {
        model: 'openai:gpt',
      }),
    ).toEqual({
      action: 'send',
      text: 'Quanto é 2+2?',
      model: 'openai:gpt',
    });
  });

  it('marks an edited question as edit and a regenerate as regenerate (no text)', () => {
    expect(chatRequestBody('submit-message', [user('nova versão')], { action: 'edit' })).toEqual({
      action: 'edit',
      text: 'nova versão',
      model: undefined,
    });
    expect(chatRequestBody('regenerate-message', [user('x')], { model: 'm' })).toEqual({
      action: 'regenerate',
      model: 'm',
    });
  });

  it('reads only text parts', () => {
    expect(textOf(undefined)).toBe('');
    expect(
      textOf({
        id: 'a',
        role: 'assistant',
        parts: [{ type: 'step-start' }, { type: 'text', text: 'a' }, { type: 'text', text: 'b' }],
      }),
    ).toBe('ab');
  });
});

describe('retryAfterSeconds', () => {
  it('reads delay-seconds and HTTP dates, and ignores absent, unreadable or past values', () => {
    const now = Date.parse('2026-03-01T10:00:00.000Z');
    expect(retryAfterSeconds('17', now)).toBe(17);
    expect(retryAfterSeconds(' 5 ', now)).toBe(5);
    expect(retryAfterSeconds('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('', now)).toBeNull();
    expect(retryAfterSeconds('0', now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds('Sun, 01 Mar 2026 09:59:00 GMT', now)).toBeNull();
  });
});
