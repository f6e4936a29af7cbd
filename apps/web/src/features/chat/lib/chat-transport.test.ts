import { describe, expect, it } from 'vitest';
import type { UIMessage } from 'ai';
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
