import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';

/** Copies text to the clipboard; the icon turns into a check for a moment. */
export function CopyButton({
  getText,
  label,
  className,
}: {
  getText: () => string;
  label: string;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('size-8 text-zinc-400 hover:text-foreground', className)}
      aria-label={label}
      title={label}
      onClick={() => {
        navigator.clipboard
          .writeText(getText())
          .then(() => setCopied(true))
          .catch(() => toastError(t('markdown.copyError')));
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span className="sr-only" aria-live="polite">
        {copied ? t('markdown.copied') : ''}
      </span>
    </Button>
  );
}
