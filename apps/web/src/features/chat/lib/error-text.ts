import type { TFunction } from 'i18next';

/** A translated reason for an error code from the chat (stream error text or problem code). */
export function chatErrorText(t: TFunction, code: string | null | undefined): string {
  const key = (code ?? '').trim();
  if (/^\w+$/.test(key)) {
    if (t(`chat:errors.${key}`, { defaultValue: '' })) return t(`chat:errors.${key}`);
    if (t(`errors:${key}`, { defaultValue: '' })) return t(`errors:${key}`);
  }
  return t('chat:errors.unknown');
}

/**
 * What to say when the chat refused a message before answering: the rate limit names the
 * seconds from `Retry-After` when the server sent it; anything else is the code's reason.
 */
export function chatRefusalText(
  t: TFunction,
  error: { code: string; retryAfter: number | null },
): string {
  if (error.code === 'rate_limited' && error.retryAfter !== null && error.retryAfter > 0) {
    return t('chat:errors.rate_limited_wait', { seconds: error.retryAfter });
  }
  return chatErrorText(t, error.code);
}
