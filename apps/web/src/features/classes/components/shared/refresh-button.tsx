import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** "Atualizar" for a class list: disabled and busy (its icon spinning) while `fetching`. */
export function RefreshButton({
  fetching,
  onRefresh,
}: {
  fetching: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('classes');
  return (
    <Button
      variant="outline"
      onClick={onRefresh}
      disabled={fetching}
      aria-busy={fetching || undefined}
      className="flex-1 sm:flex-none"
    >
      <RefreshCw
        className={fetching ? 'animate-spin motion-reduce:animate-none' : undefined}
        aria-hidden
      />
      {t('student.refresh')}
    </Button>
  );
}
