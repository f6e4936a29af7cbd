import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Crown, UserMinus, UserPlus } from 'lucide-react';
import type { MemberRole } from '@aprenda/shared/constants';
import type { ClassDetail, ClassMember } from '@aprenda/shared/schemas/classes';
import { addMemberQuerySchema } from '@aprenda/shared/schemas/classes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorCode } from '@/lib/errors';
import { useFocusAfterRemoval } from '@/lib/focus-after-removal';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSession } from '@/lib/session';
import {
  useAddMember,
  useFreshMembers,
  useRemoveMember,
  useTransferOwnership,
} from '../../api/members';
import { useClassWriteError } from '../../lib/class-errors';
import { formatDate } from '../../lib/dates';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { ListSection, RoleField } from './list-parts';

/**
 * Membros: add by e-mail or user id with a role, list with roles, remove (confirmed). The owner is
 * marked and cannot be removed; the owner may hand the class to another teacher (confirmed).
 * Adding by e-mail says the same whether the address has an account (the person shows in
 * Membros) or not (an invite is mailed and shows in Convites); it does say when nothing changed
 * (200: already a member with that role, or already invited). Adding yourself (your e-mail or id)
 * says you are in the class already, as its owner or a teacher, without asking the server. An
 * archived class adds nobody: the form is disabled (removing and handing over still work).
 */
export function MembersTab({ klass }: { klass: ClassDetail }) {
  const { t, i18n } = useTranslation(['classes', 'errors']);
  const id = useId();
  const { data: me } = useSession();
  const { data, isPending, isError, refetch } = useFreshMembers(klass);
  const add = useAddMember(klass.id);
  const remove = useRemoveMember(klass.id);
  const transfer = useTransferOwnership(klass.id);
  const [transferring, setTransferring] = useState<ClassMember | null>(null);
  const iOwn = me?.id === klass.owner_id;
  const [who, setWho] = useState('');
  const [role, setRole] = useState<MemberRole>('student');
  const [error, setError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<ClassMember | null>(null);
  // Removed: the row and its "Remover" button go, so focus goes to the list's heading instead.
  const afterRemoval = useFocusAfterRemoval(() => document.getElementById(`${id}-list-title`));
  const members = data?.items ?? [];
  const writeError = useClassWriteError();
  const readOnly = klass.archived;
  const alreadyYou = t(iOwn ? 'members.alreadyYouOwner' : 'members.alreadyYouTeacher');

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = who.trim();
    const target = value.includes('@') ? { email: value } : { user_id: value };
    const parsed = addMemberQuerySchema.safeParse({ ...target, role });
    if (!value) {
      setError(t('validation.required'));
      return;
    }
    if (!parsed.success) {
      setError(value.includes('@') ? t('validation.email') : t('validation.invalid'));
      return;
    }
    // Yourself: you teach this class already (the server says the same by e-mail, 409 `already_member`).
    if (me && (value === me.id || value.toLowerCase() === me.email.toLowerCase())) {
      setError(alreadyYou);
      return;
    }
    setError(undefined);
    add.mutate(
      { ...target, role },
      {
        onSuccess: ({ answer, changed }) => {
          const role = t(`roles.${answer.role}`);
          toastSuccess(
            'user_id' in answer
              ? t(changed ? 'members.added' : 'members.alreadyMember', { name: answer.name, role })
              : t(changed ? 'members.addedByEmail' : 'members.alreadyByEmail', {
                  email: answer.email,
                  role,
                }),
          );
          setWho('');
        },
        onError: (err) => {
          const code = errorCode(err);
          const message =
            code === 'user_not_found'
              ? t('members.userNotFound')
              : code === 'already_member'
                ? alreadyYou
                : writeError(err, klass);
          setError(message);
          toastError(message);
        },
      },
    );
  }

  function confirmRemove() {
    if (!removing) return;
    remove.mutate(
      { userId: removing.user_id },
      {
        onSuccess: () => {
          toastSuccess(t('members.removed', { name: removing.name }));
          afterRemoval.markRemoved();
          setRemoving(null);
        },
        onError: (err) => {
          toastError(writeError(err, klass));
          setRemoving(null);
        },
      },
    );
  }

  function confirmTransfer() {
    if (!transferring) return;
    const name = transferring.name;
    transfer.mutate(
      { userId: transferring.user_id },
      {
        onSuccess: () => {
          toastSuccess(t('members.transferred', { name }));
          setTransferring(null);
        },
        onError: (err) => {
          toastError(writeError(err, klass));
          setTransferring(null);
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby={`${id}-add-title`}
        className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 sm:p-5"
      >
        <h2 id={`${id}-add-title`} className="font-semibold">
          {t('members.addTitle')}
        </h2>
        {/* An archived class adds nobody: the notice at the top of the page says why. */}
        <fieldset
          disabled={readOnly}
          className="grid min-w-0 gap-4 disabled:opacity-60 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        >
          <Field
            id={`${id}-who`}
            label={t('members.who')}
            error={error}
            hint={t('members.whoHint')}
          >
            <Input
              {...fieldAria(`${id}-who`, error, t('members.whoHint'))}
              value={who}
              onChange={(e) => {
                setWho(e.target.value);
                if (error) setError(undefined);
              }}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
          <RoleField id={`${id}-role`} label={t('members.role')} value={role} onChange={setRole} />
          <Button
            type="submit"
            pending={add.isPending}
            icon={<UserPlus aria-hidden />}
            className="sm:mt-6"
          >
            {t('members.add')}
          </Button>
        </fieldset>
      </form>

      <ListSection
        id={id}
        title={t('members.listTitle')}
        isPending={isPending}
        isError={isError}
        onRetry={() => void refetch()}
        loading={t('members.loading')}
        loadError={t('members.loadError')}
        isEmpty={members.length === 0}
        emptyTitle={t('members.emptyTitle')}
        emptyBody={t('members.emptyBody')}
      >
        {members.map((member) => {
          const isOwner = member.user_id === klass.owner_id;
          return (
            <li
              key={member.user_id}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="min-w-0 [overflow-wrap:anywhere]">{member.name}</span>
                  <Badge>{t(`roles.${member.role}`)}</Badge>
                  {isOwner ? (
                    <Badge className="gap-1">
                      <Crown aria-hidden className="size-3" />
                      {t('members.owner')}
                    </Badge>
                  ) : null}
                  {member.user_id === me?.id ? (
                    <span className="text-xs text-zinc-400">{t('members.you')}</span>
                  ) : null}
                </p>
                <p className="text-sm break-all text-zinc-400">
                  {member.email ? `${member.email} · ` : null}
                  {t('members.joined', { date: formatDate(member.joined_at, i18n.language) })}
                </p>
                {isOwner && member.user_id === me?.id ? (
                  <p className="mt-1 text-xs text-zinc-400">{t('members.ownerHint')}</p>
                ) : null}
              </div>
              {isOwner ? null : (
                <div className="flex flex-wrap gap-1 self-start sm:self-center">
                  {iOwn && member.role === 'teacher' ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setTransferring(member)}
                      aria-label={t('members.transferNamed', { name: member.name })}
                    >
                      <Crown aria-hidden />
                      {t('members.transfer')}
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive"
                    onClick={() => setRemoving(member)}
                    aria-label={t('members.removeNamed', { name: member.name })}
                  >
                    <UserMinus aria-hidden />
                    {t('members.remove')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ListSection>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('members.removeTitle')}
        description={t('members.removeBody', { name: removing?.name ?? '' })}
        confirmLabel={t('members.remove')}
        cancelLabel={t('cancel')}
        onConfirm={confirmRemove}
        pending={remove.isPending}
        onCloseAutoFocus={afterRemoval.onCloseAutoFocus}
      />
      <ConfirmDialog
        open={transferring !== null}
        onOpenChange={(open) => !open && setTransferring(null)}
        title={t('members.transferTitle', { name: transferring?.name ?? '' })}
        description={t('members.transferBody', { name: transferring?.name ?? '' })}
        confirmLabel={t('members.transferConfirm')}
        cancelLabel={t('cancel')}
        onConfirm={confirmTransfer}
        pending={transfer.isPending}
      />
    </div>
  );
}
