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
