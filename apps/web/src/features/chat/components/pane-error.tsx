import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A failure inside the conversation pane: what went wrong and one retry (the app's wording). */
export function PaneError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <div
      role="alert"
      className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
    >
      <p className="text-red-200">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden />
        {t('chat.retry')}
      </Button>
    </div>
  );
}

/**
 * Keeps a failure to show the messages (a render error, a code chunk that cannot be loaded) inside
 * the pane instead of the whole screen's "Algo deu errado". Retry renders the pane again.
 */
export class PaneErrorBoundary extends Component<
  { message: string; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PaneError
        message={this.props.message}
        onRetry={() => {
          this.setState({ failed: false });
          this.props.onRetry();
        }}
      />
    );
  }
}
