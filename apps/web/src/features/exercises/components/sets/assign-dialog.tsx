import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ATTEMPTS_MAX, type Assignment, type ExerciseSet } from '@aprenda/shared/schemas/exercises';
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
import {
  classAssignmentsQueryOptions,
  useClassAssignments,
  useCreateAssignment,
  useTeachingClasses,
} from '../../api/sets';
import {
  assignFormValues,
  dueText,
  openRepeats,
  repeatDueDates,
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

/**
 * The form. A class that already has this set open (not past due) is said so before anything is
 * sent: the save then waits for "Sim, passar de novo" (a checkbox, so a double click on the button
 * never confirms it). What was typed stays; one save creates one assignment.
 */
function AssignForm({ set, onDone }: { set: ExerciseSet; onDone: () => void }) {
  const { t, i18n } = useTranslation(['sets', 'errors']);
  const id = useId();
  const queryClient = useQueryClient();
  const classes = useTeachingClasses();
  const create = useCreateAssignment();
  const form = useAssignForm<AssignFormValues>(() => assignFormValues(new Date()));
  const { values, errors, formError } = form;
  const list = classes.data?.items ?? [];
  const classId = values.classId || (list.length === 1 ? list[0]!.id : '');
  const given = useClassAssignments(classId);
  const repeats = openRepeats(given.data ?? [], set.id);
  /** The class the teacher said to give the set to again (choosing another asks again). */
  const [again, setAgain] = useState<string | null>(null);
  const confirmed = again !== null && again === classId;
  const [checking, setChecking] = useState(false);
  /** A save under way (the check, then the request): a second submit is ignored. */
  const busy = useRef(false);
  const mounted = useRef(true);
  const againBox = useRef<HTMLInputElement>(null);
  const [askAgain, setAskAgain] = useState(0);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (askAgain > 0) againBox.current?.focus();
  }, [askAgain]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy.current) return;
    const result = validateAssignForm(t, set.id, { ...values, classId });
    if (!result.ok) {
      form.invalid(result.errors);
      return;
    }
    busy.current = true;
    setChecking(true);
    form.sending();
    // What the class already has (cached, or asked now). Not knowing does not stop the save.
    const options = classAssignmentsQueryOptions(result.classId);
    const known = await queryClient
      .fetchQuery({ ...options, retry: false })
      .catch(() => queryClient.getQueryData<Assignment[]>(options.queryKey) ?? null);
    if (!mounted.current) return;
    setChecking(false);
    if (known && openRepeats(known, set.id).length > 0 && again !== result.classId) {
      busy.current = false;
      form.held(t('sets:assign.repeat.held'));
      setAskAgain((n) => n + 1);
      return;
    }
    create.mutate(
      { classId: result.classId, body: result.data },
      {
        onSuccess: (assignment) => {
          const due = dueText(i18n.language, assignment.due_at);
          toastSuccess(t('assign.done', { title: assignment.class_title, due }));
          onDone();
        },
        onError: (failure) => {
          busy.current = false;
          form.refused(failure);
        },
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
  const repeated = repeats.length > 0;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <AssignFields
        id={id}
        classes={list}
        values={{ ...values, classId }}
        errors={errors}
        attemptsMax={ATTEMPTS_MAX}
        onChange={form.change}
      />
      <div aria-live="polite">
        {repeated ? (
          <div className="flex flex-col gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
            <p id={`${id}-repeat`} className="[overflow-wrap:anywhere]">
              {t('assign.repeat.warning', {
                title: list.find((c) => c.id === classId)?.title ?? repeats[0]!.class_title,
                dates: repeatDueDates(i18n.language, repeats),
                count: repeats.length,
              })}
            </p>
            <div className="flex items-start gap-3">
              <input
                ref={againBox}
                id={`${id}-again`}
                type="checkbox"
                className="mt-0.5 size-4 accent-violet-500"
                aria-describedby={`${id}-repeat`}
                checked={confirmed}
                onChange={(e) => {
                  setAgain(e.target.checked ? classId : null);
                  form.clearLine();
                }}
              />
              <label htmlFor={`${id}-again`} className="font-medium">
                {t('assign.repeat.confirm')}
              </label>
            </div>
          </div>
        ) : null}
      </div>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" pending={checking || create.isPending}>
          {repeated && confirmed ? t('assign.repeat.submit') : t('assign.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
