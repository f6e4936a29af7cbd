import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KeyRound, Loader2 } from 'lucide-react';
import { AI_PROVIDERS, type AiProvider } from '@aprenda/shared/constants';
import { API_KEYS_ANCHOR } from '@/components/ai/no-key-note';
import type { MaskedApiKey } from '@aprenda/shared/schemas/records';
import { putApiKeySchema } from '@aprenda/shared/schemas/records';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useApiKeys, useDeleteApiKey, usePutApiKey } from '../api/api-keys';

function ProviderKeyRow({ provider, current }: { provider: AiProvider; current?: MaskedApiKey }) {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** Removing a key asks first: the tutor stops using it and it cannot be shown again. */
  const [confirming, setConfirming] = useState(false);
  const put = usePutApiKey();
  const del = useDeleteApiKey();
  const name = t(`providers.${provider}`);

  function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = putApiKeySchema.safeParse({ api_key: value });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(
        issue?.code === 'too_big'
          ? t('keys.tooLong', { max: Number(issue.maximum) })
          : t('keys.tooShort', { min: 8 }),
      );
      return;
    }
    setError(null);
    put.mutate(
      { provider, apiKey: parsed.data.api_key },
      {
        onSuccess: () => {
          setValue('');
          toastSuccess(t('keys.saved', { provider: name }));
        },
        onError: (err) => {
          // the typed key stays in the field
          toastError(errorMessage(t, err));
        },
      },
    );
  }

  function remove() {
    del.mutate(
      { provider },
      {
        onSuccess: () => {
          setConfirming(false);
          toastSuccess(t('keys.removed', { provider: name }));
        },
        onError: (err) => {
          setConfirming(false);
          toastError(errorMessage(t, err));
        },
      },
    );
  }

  const updated = current
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(current.updated_at),
      )
    : null;

  return (
    <li className="flex flex-col gap-3 border-t border-border py-4 first:border-t-0 first:pt-0">
      <form onSubmit={save} noValidate className="flex flex-col gap-2 ph-no-capture">
        <Label htmlFor={`${id}-key`}>{t('keys.label', { provider: name })}</Label>
        <p className="text-sm text-zinc-400" id={`${id}-status`}>
          {current ? (
            <>
              <span className="font-mono text-zinc-200">
                {t('keys.current', { masked: current.masked })}
              </span>
              {updated ? <span> · {t('keys.updated', { date: updated })}</span> : null}
            </>
          ) : (
            t('keys.notSet')
          )}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-key`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              if (error) setError(null);
            }}
            placeholder={current ? t('keys.placeholderReplace') : t('keys.placeholderNew')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-status`}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={put.isPending} className="flex-1 sm:flex-none">
              {put.isPending ? (
                <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
              ) : null}
              {t('keys.save')}
            </Button>
            {current ? (
              <Button
                type="button"
                variant="destructive"
                disabled={del.isPending}
                onClick={() => setConfirming(true)}
                className="flex-1 sm:flex-none"
              >
                {t('keys.remove')}
              </Button>
            ) : null}
          </div>
        </div>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!del.isPending) setConfirming(open);
        }}
        title={t('keys.removeTitle', { provider: name })}
        description={t('keys.removeBody', { provider: name })}
        confirmLabel={t('keys.remove')}
        cancelLabel={t('keys.cancel')}
        onConfirm={remove}
        pending={del.isPending}
      />
    </li>
  );
}

/** Set, replace or remove one AI key per provider; only the masked form is ever shown. */
export function ApiKeysSection() {
  const { t } = useTranslation('profile');
  const { data, isPending, isError, refetch } = useApiKeys();
  const byProvider = new Map((data?.items ?? []).map((k) => [k.provider, k]));
  const headingId = useId();
  const { hash } = useLocation();
  const section = useRef<HTMLDivElement>(null);
  // Opened from "Adicionar uma chave no perfil": straight to this section, below the fold.
  useEffect(() => {
    if (hash !== `#${API_KEYS_ANCHOR}`) return;
    section.current?.scrollIntoView?.({ block: 'start' });
    section.current?.focus({ preventScroll: true });
  }, [hash]);
  return (
    <Card
      ref={section}
      id={API_KEYS_ANCHOR}
      tabIndex={-1}
      className="scroll-mt-20 outline-none"
      aria-labelledby={headingId}
      role="region"
    >
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound className="size-5 text-primary" aria-hidden />
          {t('keys.title')}
        </h2>
        <CardDescription>{t('keys.lead')}</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p role="status" className="text-sm text-zinc-300">
            {t('keys.loading')}
          </p>
        ) : isError ? (
          <div
            role="alert"
            className="flex flex-col items-start gap-3 rounded-md border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-200"
          >
            {t('keys.loadError')}
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              {t('keys.retry')}
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col">
            {AI_PROVIDERS.map((provider) => (
              <ProviderKeyRow
                key={provider}
                provider={provider}
                current={byProvider.get(provider)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
