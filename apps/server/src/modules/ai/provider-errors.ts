import { APICallError } from 'ai';
import type { ProviderErrorCode } from '@aprenda/shared/schemas/conversations';

/**
 * Why a provider call failed, as a stable code. `gotOutput`: the answer had started streaming.
 * Never look at (or log) the provider's message: some echo part of the key.
 */
export function classifyProviderError(error: unknown, gotOutput: boolean): ProviderErrorCode {
  const status = providerStatus(error);
  if (status === 401 || status === 403) return 'provider_auth_failed';
  if (status === 429) return 'provider_rate_limited';
  if (status === 408 || status === 504) return 'provider_timeout';
  if (status !== undefined && (status < 200 || status >= 300)) return 'provider_error';
  // No error status: the connection failed, or a successful response was cut while it was being
  // read ("Failed to process successful response", status 200). Mid-answer: a dropped stream.
  return gotOutput ? 'provider_stream_dropped' : 'provider_error';
}

/** The HTTP status of a provider error, if it has one (also through `cause` chains). */
export function providerStatus(error: unknown): number | undefined {
  let e: unknown = error;
  for (let i = 0; i < 5 && e; i++) {
    if (APICallError.isInstance(e) && typeof e.statusCode === 'number') return e.statusCode;
    const cause =
      (e as { cause?: unknown; lastError?: unknown }).lastError ?? (e as { cause?: unknown }).cause;
    e = cause;
  }
  return undefined;
}
