import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassDetail,
  ClassInvite,
  CreateInviteInput,
  CreatedInvite,
  InvitePreview,
} from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import { api } from '@/lib/api-client';
import { classesKeys } from './classes';

/** GET /classes/{id}/invites (teachers). */
export function invitesQueryOptions(id: string) {
  return queryOptions({
    queryKey: classesKeys.invites(id),
    queryFn: ({ signal }) =>
      api().get<Page<ClassInvite>>('/classes/{id}/invites', {
        params: { id },
        query: { limit: 100 },
        signal,
      }),
  });
}

export function useInvites(id: string) {
  return useQuery(invitesQueryOptions(id));
}

/** POST /classes/invites {class_id, role, email, expires_at, max_uses}. */
export function useCreateInvite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInviteInput) =>
      api().post<CreatedInvite>('/classes/invites', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesKeys.invites(id) }),
  });
}

/** DELETE /classes/invites/{inviteId} — revoke. */
export function useRevokeInvite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inviteId }: { inviteId: string }) =>
      api().delete<void>('/classes/invites/{inviteId}', { params: { inviteId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesKeys.invites(id) }),
  });
}

/** GET /classes/invites/{token} — what the invite page shows before joining. */
export function invitePreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invites', 'preview', token] as const,
    queryFn: ({ signal }) =>
      api().get<InvitePreview>('/classes/invites/{token}', { params: { token }, signal }),
    staleTime: 0,
  });
}

export function useInvitePreview(token: string, enabled: boolean) {
  return useQuery({ ...invitePreviewQueryOptions(token), enabled });
}

/** POST /classes/invites/accept {token}. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token }: { token: string }) =>
      api().post<ClassDetail>('/classes/invites/accept', { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesKeys.all }),
  });
}
