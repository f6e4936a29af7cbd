import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { joinByCodeSchema } from '@aprenda/shared/schemas/classes';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { toastSuccess } from '@/lib/toast';
import { useJoinByCode } from '../../api/classes';
import { fieldMessages, zodIssues } from '../../lib/validation';
import { classTitle } from '../../lib/filter';
import { withoutCodeSeparators as withoutSeparators } from '@aprenda/shared/schemas/classes';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormFooter } from '../shared/form-parts';

/**
 * "Entrar com código": join a class with its code — read without spaces, dashes or case (`jcr zax`
 * and `JCR-ZAX` are `JCRZAX`); server errors translated, code kept. A class the student is in
 * already says so ("Você já está na turma …") and opens it.
 */
export function JoinCodeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['classes', 'errors']);
  const id = useId();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const join = useJoinByCode();

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = joinByCodeSchema.safeParse({ code: withoutSeparators(code) });
    if (!parsed.success) {
      setError(fieldMessages(t, zodIssues(parsed.error.issues), { code }).code ?? null);
      return;
    }
    setError(null);
    join.mutate(
      { code: parsed.data.code },
      {
        onSuccess: (klass) => {
          const title = classTitle(klass, t('student.fallbackTitle'));
          toastSuccess(
            klass.already_member ? t('join.already', { title }) : t('join.joined', { title }),
          );
          setCode('');
          onOpenChange(false);
          void navigate(`/dashboard/student/${encodeURIComponent(klass.id)}`);
        },
        onError: (err) => {
          const fields = fieldErrorsOf(err);
          setError(
            fields
              ? (fieldMessages(t, fields, { code }).code ?? errorMessage(t, err))
              : errorMessage(t, err),
          );
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-w-lg">
        <DialogTitle>{t('join.title')}</DialogTitle>
        <DialogDescription>{t('join.lead')}</DialogDescription>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-code`}>{t('join.code')}</Label>
            <Input
              id={`${id}-code`}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.toUpperCase());
                if (error) setError(null);
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono tracking-widest uppercase"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <FormFooter
            onCancel={() => onOpenChange(false)}
            submitLabel={t('join.submit')}
            pending={join.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
