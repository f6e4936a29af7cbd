import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toastError, toastSuccess } from '@/lib/toast';

/** Copies a text to the clipboard and says so with a toast. */
export function CopyButton({
  text,
  label,
  copiedMessage,
  size = 'sm',
  variant = 'outline',
}: {
  text: string;
  label: string;
  copiedMessage: string;
  size?: 'sm' | 'default';
  variant?: 'outline' | 'default' | 'secondary';
}) {
  const { t } = useTranslation('classes');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toastSuccess(copiedMessage);
    } catch {
      toastError(t('copyFailed'));
    }
  }
  return (
    <Button type="button" size={size} variant={variant} onClick={() => void copy()}>
      <Copy aria-hidden />
      {label}
    </Button>
  );
}
