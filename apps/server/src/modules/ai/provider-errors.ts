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
  if (gotOutput) return 'provider_stream_dropped';
  // Never reached: the school's network (a firewall, no internet, a wrong base URL) is the cause,
  // not the provider — said apart so that nobody looks for it at the provider.
  return connectionFailed(error) ? 'provider_unreachable' : 'provider_error';
}

/** Error codes of a connection that never opened (Node's, undici's). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'CERT_HAS_EXPIRED',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);

/**
 * Whether the request never reached the provider: fetch's "fetch failed" TypeError, or a socket
 * error code anywhere in the `cause` chain (the AI SDK wraps it as "Cannot connect to API").
 */
export function connectionFailed(error: unknown): boolean {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
  }
  return false;
}

/** The HTTP status of a provider error, if it has one (also through `cause` chains). */
export function providerStatus(error: unknown): number | undefined {
  for (const e of causeChain(error)) {
    if (APICallError.isInstance(e) && typeof e.statusCode === 'number') return e.statusCode;
  }
  return undefined;
}

/** The error, then what it wraps: a retry's last error or a `cause`, six deep at most. */
function* causeChain(error: unknown): Generator<unknown> {
  let e: unknown = error;
  for (let i = 0; i < 6 && e; i++) {
    yield e;
    e = (e as { lastError?: unknown }).lastError ?? (e as { cause?: unknown }).cause;
  }
}
