import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTEMPTS_MAX, type Assignment } from '@aprenda/shared/schemas/exercises';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { toastSuccess } from '@/lib/toast';
import { useUpdateAssignment } from '../../api/sets';
import {
  dueText,
  scheduleValuesOf,
  validateScheduleEdit,
  type ScheduleValues,
} from '../../lib/sets-assign';
import { ScheduleFields } from './assign-fields';
import { useAssignForm } from './use-assign-form';

/**
 * "Alterar": a given set's open and due dates and attempts, changed for its class. Moving the due
 * date moves it in the class calendar and re-judges late work (the server does both).
 */
export function AssignmentEditDialog({
  assignment,
  onOpenChange,
}: {
  assignment: Assignment | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('sets');
  return (
    <Dialog open={assignment !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-w-lg">
        <DialogTitle className="[overflow-wrap:anywhere]">
          {t('given.editTitle', { title: assignment?.class_title ?? '' })}
        </DialogTitle>
        <DialogDescription>{t('given.editLead')}</DialogDescription>
        {assignment ? (
          <EditForm
            key={assignment.id}
            assignment={assignment}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ assignment, onDone }: { assignment: Assignment; onDone: () => void }) {
  const { t, i18n } = useTranslation(['sets', 'errors']);
  const id = useId();
  const update = useUpdateAssignment();
  const [initial] = useState(() => scheduleValuesOf(assignment));
  const form = useAssignForm<ScheduleValues>(() => initial);
  const { values, errors, formError } = form;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = validateScheduleEdit(t, values, initial);
    if (!result.ok) {
      form.invalid(result.errors);
      return;
    }
    form.sending();
    if (result.data === null) {
      onDone(); // nothing changed
      return;
    }
    update.mutate(
      { id: assignment.id, body: result.data },
      {
        onSuccess: (saved) => {
          const due = dueText(i18n.language, saved.due_at);
          toastSuccess(t('given.edited', { title: saved.class_title, due }));
          onDone();
        },
        onError: form.refused,
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ScheduleFields
        id={id}
        values={values}
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
        <Button type="submit" pending={update.isPending}>
          {t('given.editSubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
