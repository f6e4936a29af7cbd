import { useTranslation } from 'react-i18next';
import { AlertTriangle, Check, CloudOff, Loader2 } from 'lucide-react';
import type { AutosaveState } from '../lib/autosave';
import { boardErrorText } from '../lib/errors';

/** "Salvo" / "Salvando…" / "Sem conexão — alterações guardadas neste aparelho", announced politely. */
export function SaveStatus({ state }: { state: AutosaveState }) {
  const { t } = useTranslation(['whiteboard', 'errors']);
  const { status } = state;
  const text =
    status === 'error'
      ? t('status.error', { reason: boardErrorText(t, state.error) })
      : t(`status.${status}`);
  const icon =
    status === 'saved' ? (
      <Check className="size-4 text-emerald-400" aria-hidden />
    ) : status === 'saving' || status === 'pending' ? (
      <Loader2
        className="size-4 animate-spin text-zinc-400 motion-reduce:animate-none"
        aria-hidden
      />
    ) : status === 'offline' ? (
      <CloudOff className="size-4 text-amber-300" aria-hidden />
    ) : (
      <AlertTriangle className="size-4 text-red-300" aria-hidden />
    );
  return (
    <p
      role="status"
      aria-label={t('status.label')}
      data-status={status}
      data-testid="board-save-status"
      className="flex min-w-0 items-center gap-1.5 text-sm text-zinc-300"
    >
      {icon}
      <span className="[overflow-wrap:anywhere]">{text}</span>
    </p>
  );
}
