import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, Link2 } from 'lucide-react';
import type { MemberRole } from '@aprenda/shared/constants';
import {
  INVITE_DEFAULT_EXPIRY_DAYS,
  createInviteSchema,
  type ClassDetail,
  type ClassInvite,
  type CreatedInvite,
  type InviteStatus,
} from '@aprenda/shared/schemas/classes';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { fieldErrorsOf } from '@/lib/errors';
import { useFocusAfterRemoval } from '@/lib/focus-after-removal';
import { toastError, toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCreateInvite, useInvites, useRevokeInvite } from '../../api/invites';
import { useClassWriteError } from '../../lib/class-errors';
import { formatDateTime } from '../../lib/dates';
import {
  fieldMessages,
  NUMBER_FIELDS,
  parseWholeNumber,
  zodIssues,
  type FieldMessages,
} from '../../lib/validation';
import { CopyButton } from '../shared/copy-button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { ListSection, RoleField } from './list-parts';

const DAY_MS = 86_400_000;

const STATUS_CLASS: Record<InviteStatus, string> = {
  valid: 'border-green-400/40 bg-green-400/10 text-green-200',
  expired: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
  revoked: 'border-red-400/40 bg-red-400/10 text-red-200',
  used_up: 'border-zinc-500/40 bg-zinc-500/10 text-zinc-200',
};

/**
 * Convites: create (role, expiry in days, maximum uses, optional e-mail), copy the link, list,
 * revoke. The numeric fields are text inputs checked here, each with a number message (never the
 * browser's tooltip alone). The link box shows only a link that still works: revoking it (here or
 * elsewhere) removes it. An archived class makes no invites: the form is disabled (revoking works).
 */
export function InvitesTab({ klass }: { klass: ClassDetail }) {
  const { t, i18n } = useTranslation(['classes', 'errors']);
  const id = useId();
  const { data, isPending, isError, refetch } = useInvites(klass.id);
  const create = useCreateInvite(klass.id);
  const revoke = useRevokeInvite(klass.id);
  const [role, setRole] = useState<MemberRole>('student');
  const [days, setDays] = useState(String(INVITE_DEFAULT_EXPIRY_DAYS));
  const [maxUses, setMaxUses] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const [revoking, setRevoking] = useState<ClassInvite | null>(null);
  // Revoked: its "Revogar" button goes, so focus goes to the list's heading instead.
  const revokedFocus = useFocusAfterRemoval(() => document.getElementById(`${id}-list-title`));
  const invites = data?.items ?? [];
  const writeError = useClassWriteError();
  const readOnly = klass.archived;
  // The link box holds only a link that still works: gone once that invite is revoked.
  const createdNow = created ? invites.find((i) => i.id === created.id) : undefined;
  const shownLink = created && createdNow?.status !== 'revoked' ? created : null;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = { max_uses: maxUses, email, expiry_days: days };
    const daysParsed = parseWholeNumber(t, days, NUMBER_FIELDS.expiry_days, { required: true });
    const usesParsed = parseWholeNumber(t, maxUses, NUMBER_FIELDS.max_uses);
    const body = {
      class_id: klass.id,
      role,
      expires_at: new Date(
        Date.now() + (daysParsed.ok ? (daysParsed.value ?? 0) : 0) * DAY_MS,
      ).toISOString(),
      max_uses: usesParsed.ok ? usesParsed.value : null,
      email: email.trim() === '' ? null : email.trim(),
    };
    const parsed = createInviteSchema.safeParse(body);
    const found: FieldMessages = parsed.success
      ? {}
      : fieldMessages(t, zodIssues(parsed.error.issues), values);
    if (!daysParsed.ok) found.expiry_days = daysParsed.error;
    if (!usesParsed.ok) found.max_uses = usesParsed.error;
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(body, {
      onSuccess: (invite) => {
        setCreated(invite);
        toastSuccess(t('invites.created'));
      },
      onError: (err) => {
        const fields = fieldErrorsOf(err);
        if (fields) {
          // The API's expires_at is the form's "days".
          const messages = fieldMessages(t, fields, values);
          if (messages.expires_at) messages.expiry_days = messages.expires_at;
          setErrors(messages);
        }
        toastError(writeError(err, klass));
      },
    });
  }

  function confirmRevoke() {
    if (!revoking) return;
    const revokedId = revoking.id;
    revoke.mutate(
      { inviteId: revokedId },
      {
        onSuccess: () => {
          toastSuccess(t('invites.revoked'));
          revokedFocus.markRemoved();
          setRevoking(null);
          setCreated((c) => (c?.id === revokedId ? null : c));
        },
        onError: (err) => {
          toastError(writeError(err, klass));
          setRevoking(null);
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby={`${id}-new-title`}
        className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 sm:p-5"
      >
        <div>
          <h2 id={`${id}-new-title`} className="font-semibold">
            {t('invites.newTitle')}
          </h2>
          <p className="text-sm text-zinc-400">{t('invites.newLead')}</p>
        </div>
        {/* An archived class makes no invites: the notice at the top of the page says why. */}
        <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-4 disabled:opacity-60">
          <div className="grid gap-4 sm:grid-cols-2">
            <RoleField
              id={`${id}-role`}
              label={t('invites.role')}
              value={role}
              onChange={setRole}
            />
            <Field
              id={`${id}-expiry`}
              label={t('invites.expiryDays')}
              error={errors.expiry_days}
              hint={t('invites.expiryHint', NUMBER_FIELDS.expiry_days)}
            >
              <Input
                {...fieldAria(
                  `${id}-expiry`,
                  errors.expiry_days,
                  t('invites.expiryHint', NUMBER_FIELDS.expiry_days),
                )}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={days}
                onChange={(e) => {
                  setDays(e.target.value);
                  if (errors.expiry_days) setErrors((x) => ({ ...x, expiry_days: undefined }));
                }}
              />
            </Field>
            <Field
              id={`${id}-max`}
              label={t('invites.maxUses')}
              error={errors.max_uses}
              hint={t('invites.maxUsesHint', NUMBER_FIELDS.max_uses)}
            >
              <Input
                {...fieldAria(
                  `${id}-max`,
                  errors.max_uses,
                  t('invites.maxUsesHint', NUMBER_FIELDS.max_uses),
                )}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={maxUses}
                onChange={(e) => {
                  setMaxUses(e.target.value);
                  if (errors.max_uses) setErrors((x) => ({ ...x, max_uses: undefined }));
                }}
              />
            </Field>
            <Field
              id={`${id}-email`}
              label={t('invites.email')}
              error={errors.email}
              hint={t('invites.emailHint')}
            >
              <Input
                {...fieldAria(`${id}-email`, errors.email, t('invites.emailHint'))}
                type="email"
                value={email}
                autoComplete="off"
                onChange={(e) => {
                  setEmail(e.target.value);
                  if (errors.email) setErrors((x) => ({ ...x, email: undefined }));
                }}
              />
            </Field>
          </div>
          <Button
            type="submit"
            pending={create.isPending}
            icon={<Link2 aria-hidden />}
            className="self-start"
          >
            {t('invites.create')}
          </Button>
        </fieldset>
        {shownLink ? (
          <div
            role="status"
            className="flex min-w-0 flex-col gap-2 rounded-md border border-violet-400/40 bg-violet-400/10 p-3"
          >
            <p className="text-sm font-medium">{t('invites.linkReady')}</p>
            <label htmlFor={`${id}-link`} className="sr-only">
              {t('invites.linkLabel')}
            </label>
            <Input
              id={`${id}-link`}
              readOnly
              value={shownLink.url}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
            />
            <div className="flex flex-wrap items-center gap-2">
              <CopyButton
                text={shownLink.url}
                label={t('invites.copy')}
                copiedMessage={t('invites.copied')}
              />
              <p className="text-xs text-zinc-400">{t('invites.linkOnce')}</p>
            </div>
          </div>
        ) : null}
      </form>

      <ListSection
        id={id}
        title={t('invites.listTitle')}
        isPending={isPending}
        isError={isError}
        onRetry={() => void refetch()}
        loading={t('invites.loading')}
        loadError={t('invites.loadError')}
        isEmpty={invites.length === 0}
        emptyTitle={t('invites.emptyTitle')}
        emptyBody={t('invites.emptyBody')}
      >
        {invites.map((invite) => (
          <li
            key={invite.id}
            className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                <span
                  className={cn(
                    'rounded-full border px-2 py-0.5 text-xs font-semibold',
                    STATUS_CLASS[invite.status],
                  )}
                >
                  {t(`invites.status.${invite.status}`)}
                </span>
                <span>{t(`roles.${invite.role}`)}</span>
                {invite.email ? (
                  <span className="break-all text-zinc-400">{invite.email}</span>
                ) : null}
              </p>
              <p className="text-sm text-zinc-400 tabular-nums">
                {invite.max_uses === null
                  ? t('invites.usesUnlimited', { count: invite.uses })
                  : t('invites.uses', { uses: invite.uses, count: invite.max_uses })}
                {' · '}
                {t('invites.expiresOn', {
                  date: formatDateTime(invite.expires_at, i18n.language),
                })}
              </p>
            </div>
            {invite.status === 'valid' ? (
              <Button
                variant="ghost"
                size="sm"
                className="self-start text-destructive sm:self-center"
                onClick={() => setRevoking(invite)}
              >
                <Ban aria-hidden />
                {t('invites.revoke')}
              </Button>
            ) : null}
          </li>
        ))}
      </ListSection>

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('invites.revokeTitle')}
        description={t('invites.revokeBody')}
        confirmLabel={t('invites.revoke')}
        cancelLabel={t('cancel')}
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
        onCloseAutoFocus={revokedFocus.onCloseAutoFocus}
      />
    </div>
  );
}
