import { useTranslation } from 'react-i18next';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { AssignFormErrors, AssignFormValues, ScheduleValues } from '../../lib/sets-assign';

/** The fields of "Passar para a turma" (native controls: keyboard and screen readers for free). */
export function AssignFields({
  id,
  classes,
  values,
  errors,
  attemptsMax,
  onChange,
}: {
  id: string;
  classes: ClassSummary[];
  values: AssignFormValues;
  errors: AssignFormErrors;
  attemptsMax: number;
  onChange: <K extends keyof AssignFormValues>(key: K, value: AssignFormValues[K]) => void;
}) {
  const { t } = useTranslation('sets');
  return (
    <>
      <Field id={`${id}-class`} label={t('assign.class')} error={errors.classId}>
        <NativeSelect
          {...fieldAria(`${id}-class`, errors.classId)}
          value={values.classId}
          onChange={(e) => onChange('classId', e.target.value)}
        >
          <option value="">{t('assign.chooseClass')}</option>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <ScheduleFields
        id={id}
        values={values}
        errors={errors}
        attemptsMax={attemptsMax}
        onChange={onChange}
      />
      <div className="flex items-start gap-3 text-sm">
        <input
          id={`${id}-shuffle`}
          type="checkbox"
          className="mt-0.5 size-4 accent-violet-500"
          aria-describedby={`${id}-shuffle-hint`}
          checked={values.shuffle}
          onChange={(e) => onChange('shuffle', e.target.checked)}
        />
        <div className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-shuffle`} className="font-medium">
            {t('assign.shuffle')}
          </label>
          <p id={`${id}-shuffle-hint`} className="text-xs text-zinc-400">
            {t('assign.shuffleHint')}
          </p>
        </div>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('assign.feedback')}</legend>
        {(['immediate', 'after_due'] as const).map((mode) => (
          <div key={mode} className="flex items-start gap-3 text-sm">
            <input
              id={`${id}-feedback-${mode}`}
              type="radio"
              name={`${id}-feedback`}
              className="mt-0.5 size-4 accent-violet-500"
              aria-describedby={`${id}-feedback-${mode}-hint`}
              checked={values.feedback === mode}
              onChange={() => onChange('feedback', mode)}
            />
            <div className="flex flex-col gap-0.5">
              <label htmlFor={`${id}-feedback-${mode}`}>{t(`assign.feedbackModes.${mode}`)}</label>
              <p id={`${id}-feedback-${mode}-hint`} className="text-xs text-zinc-400">
                {t(`assign.feedbackHints.${mode}`)}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
    </>
  );
}

/** The open and due dates and the attempts: giving a set, and changing what was given. */
export function ScheduleFields({
  id,
  values,
  errors,
  attemptsMax,
  onChange,
}: {
  id: string;
  values: ScheduleValues;
  errors: Pick<AssignFormErrors, keyof ScheduleValues>;
  attemptsMax: number;
  onChange: <K extends keyof ScheduleValues>(key: K, value: ScheduleValues[K]) => void;
}) {
  const { t } = useTranslation('sets');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-open`}
          label={t('assign.openAt')}
          error={errors.openAt}
          hint={t('assign.openHint')}
        >
          <Input
            {...fieldAria(`${id}-open`, errors.openAt, t('assign.openHint'))}
            type="datetime-local"
            value={values.openAt}
            onChange={(e) => onChange('openAt', e.target.value)}
          />
        </Field>
        <Field
          id={`${id}-due`}
          label={t('assign.dueAt')}
          error={errors.dueAt}
          hint={t('assign.dueHint')}
        >
          <Input
            {...fieldAria(`${id}-due`, errors.dueAt, t('assign.dueHint'))}
            type="datetime-local"
            required
            value={values.dueAt}
            onChange={(e) => onChange('dueAt', e.target.value)}
          />
        </Field>
      </div>
      <Field
        id={`${id}-attempts`}
        label={t('assign.attempts')}
        error={errors.attempts}
        hint={t('assign.attemptsHint')}
      >
        <Input
          {...fieldAria(`${id}-attempts`, errors.attempts, t('assign.attemptsHint'))}
          type="number"
          inputMode="numeric"
          min={0}
          max={attemptsMax}
          className="sm:w-32"
          value={values.attempts}
          onChange={(e) => onChange('attempts', e.target.value)}
        />
      </Field>
    </>
  );
}
