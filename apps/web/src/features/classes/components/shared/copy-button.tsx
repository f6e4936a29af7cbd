import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { toastError, toastSuccess } from '@/lib/toast';

/**
 * Copies a text to the clipboard and says so with a toast. `iconOnly`: a small square button
 * whose accessible name is `label` (for tight spots such as a card's ID line).
 */
export function CopyButton({
  text,
  label,
  copiedMessage,
  size = 'sm',
  variant = 'outline',
  iconOnly = false,
  className,
}: {
  text: string;
  label: string;
  copiedMessage: string;
  size?: 'sm' | 'default';
  variant?: 'outline' | 'default' | 'secondary' | 'ghost';
  iconOnly?: boolean;
  className?: string;
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
  if (iconOnly) {
    return (
      <Button
        type="button"
        size="icon"
        variant={variant}
        onClick={() => void copy()}
        aria-label={label}
        title={label}
        className={cn('size-8', className)}
      >
        <Copy aria-hidden />
      </Button>
    );
  }
  return (
    <Button
      type="button"
      size={size}
      variant={variant}
      onClick={() => void copy()}
      className={className}
    >
      <Copy aria-hidden />
      {label}
    </Button>
  );
}
