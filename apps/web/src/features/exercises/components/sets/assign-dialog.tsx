import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTEMPTS_MAX, type ExerciseSet } from '@aprenda/shared/schemas/exercises';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { toastSuccess } from '@/lib/toast';
import { useCreateAssignment, useTeachingClasses } from '../../api/sets';
import {
  assignFormValues,
  dueText,
  validateAssignForm,
  type AssignFormValues,
} from '../../lib/sets-assign';
import { AssignFields } from './assign-fields';
import { useAssignForm } from './use-assign-form';

/** "Passar para a turma": a class, open and due dates, attempts, shuffling, when to correct. */
export function AssignDialog({
  set,
  onOpenChange,
}: {
  set: ExerciseSet | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('sets');
  return (
    <Dialog open={set !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-w-lg">
        <DialogTitle>{t('assign.title')}</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          {set ? t('assign.lead', { title: set.title, count: set.size }) : null}
        </DialogDescription>
        {set ? <AssignForm key={set.id} set={set} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({ set, onDone }: { set: ExerciseSet; onDone: () => void }) {
  const { t, i18n } = useTranslation(['sets', 'errors']);
  const id = useId();
  const classes = useTeachingClasses();
  const create = useCreateAssignment();
  const form = useAssignForm<AssignFormValues>(() => assignFormValues(new Date()));
  const { values, errors, formError } = form;
  const list = classes.data?.items ?? [];
  const classId = values.classId || (list.length === 1 ? list[0]!.id : '');

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = validateAssignForm(t, set.id, { ...values, classId });
    if (!result.ok) {
      form.invalid(result.errors);
      return;
    }
    form.sending();
    create.mutate(
      { classId: result.classId, body: result.data },
      {
        onSuccess: (assignment) => {
          const due = dueText(i18n.language, assignment.due_at);
          toastSuccess(t('assign.done', { title: assignment.class_title, due }));
          onDone();
        },
        onError: form.refused,
      },
    );
  }

  if (classes.isPending) return <LoadingState>{t('assign.loadingClasses')}</LoadingState>;
  if (classes.isError) {
    return (
      <ErrorBox retryLabel={t('retry')} onRetry={() => void classes.refetch()}>
        {errorMessage(t, classes.error)}
      </ErrorBox>
    );
  }
  if (list.length === 0) {
    return <p className="text-sm text-zinc-300">{t('assign.noClasses')}</p>;
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <AssignFields
        id={id}
        classes={list}
        values={{ ...values, classId }}
        errors={errors}
        attemptsMax={ATTEMPTS_MAX}
        onChange={form.change}
      />
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" pending={create.isPending}>
          {t('assign.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
