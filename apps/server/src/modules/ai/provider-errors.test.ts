import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { APICallError, RetryError } from 'ai';
import { classifyProviderError, connectionFailed } from './provider-errors.ts';

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('classifyProviderError', () => {
  it('tells a provider that was never reached from one that answered with an error', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1/chat/completions`;
    const refused = await fetch(url, { method: 'POST' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(TypeError);
    // As the AI SDK wraps it ("Cannot connect to API"), then its retries.
    const wrapped = new APICallError({
      message: 'Cannot connect to API: connect ECONNREFUSED',
      url,
      requestBodyValues: {},
      cause: (refused as TypeError).cause,
      isRetryable: true,
    });
    const retried = new RetryError({
      message: 'Failed after 3 attempts',
      reason: 'maxRetriesExceeded',
      errors: [wrapped, wrapped, wrapped],
    });
    for (const error of [refused, wrapped, retried]) {
      expect(connectionFailed(error)).toBe(true);
      expect(classifyProviderError(error, false)).toBe('provider_unreachable');
    }
    // Cut after the first words: a dropped stream, whatever dropped it.
    expect(classifyProviderError(retried, true)).toBe('provider_stream_dropped');

    const answered = new APICallError({
      message: 'Internal error',
      url,
      requestBodyValues: {},
      statusCode: 500,
    });
    expect(connectionFailed(answered)).toBe(false);
    expect(classifyProviderError(answered, false)).toBe('provider_error');
    expect(classifyProviderError(new Error('Failed to process successful response'), false)).toBe(
      'provider_error',
    );
  });
});
