import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_ROLES, type MemberRole } from '@aprenda/shared/constants';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';

/** A "Papel" select of the member roles (Membros and Convites forms). */
export function RoleField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: MemberRole;
  onChange: (role: MemberRole) => void;
}) {
  const { t } = useTranslation('classes');
  return (
    <Field id={id} label={label}>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as MemberRole)}>
        {MEMBER_ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`roles.${r}`)}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/**
 * A titled list of a management tab (Membros, Convites): its loading state, an error box with a
 * retry, the empty state, or the `<li>` rows in `children`.
 */
export function ListSection({
  id,
  title,
  isPending,
  isError,
  onRetry,
  loading,
  loadError,
  isEmpty,
  emptyTitle,
  emptyBody,
  children,
}: {
  id: string;
  title: string;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  loading: string;
  loadError: string;
  isEmpty: boolean;
  emptyTitle: string;
  emptyBody: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('classes');
  return (
    <section aria-labelledby={`${id}-list-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-list-title`} tabIndex={-1} className="font-semibold outline-none">
        {title}
      </h2>
      {isPending ? (
        <LoadingState>{loading}</LoadingState>
      ) : isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={onRetry}>
          {loadError}
        </ErrorBox>
      ) : isEmpty ? (
        <EmptyState title={emptyTitle} body={emptyBody} />
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {children}
        </ul>
      )}
    </section>
  );
}
