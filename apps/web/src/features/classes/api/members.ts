import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberRole } from '@aprenda/shared/constants';
import type { ClassDetail, ClassMember, MemberAddedByEmail } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import { api } from '@/lib/api-client';
import { classesKeys } from './classes';

/** GET /classes/{id}/members. */
export function membersQueryOptions(id: string) {
  return queryOptions({
    queryKey: classesKeys.members(id),
    queryFn: ({ signal }) =>
      api().get<Page<ClassMember>>('/classes/{id}/members', {
        params: { id },
        query: { limit: 100 },
        signal,
      }),
  });
}

/**
 * The class's members, opened again fresh (students join and leave from their own devices while
 * the teacher has the class open); when the whole list disagrees with the class's `member_count`
 * (someone joined or left since the class was read), the class is read again so its
 * "N participantes" agrees with the list.
 */
export function useFreshMembers(klass: Pick<ClassDetail, 'id' | 'member_count'>) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...membersQueryOptions(klass.id), staleTime: 0 });
  const { data } = query;
  useEffect(() => {
    if (data && data.nextCursor === null && data.items.length !== klass.member_count) {
      void queryClient.invalidateQueries({ queryKey: classesKeys.detail(klass.id) });
    }
  }, [data, klass.id, klass.member_count, queryClient]);
  return query;
}

/**
 * POST /classes/{id}/members?user_id=…|email=…&role=… (no body). By user id the answer is the
 * member; by e-mail it is `{ email, role }` whether the address had an account (added: Membros)
 * or not (invited: Convites) — both lists are refreshed.
 */
export function useAddMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { user_id?: string; email?: string; role: MemberRole }) => {
      let status = 0;
      const answer = await api().post<ClassMember | MemberAddedByEmail>('/classes/{id}/members', {
        params: { id },
        query: input,
        onStatus: (s) => (status = s),
      });
      // 201: added, re-roled or invited; 200: it was already so (nothing changed).
      return { answer, changed: status === 201 };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesKeys.detail(id) }),
  });
}

/** DELETE /classes/{id}/members/{me} — leave the class ("Sair da turma"). */
export function useLeaveClass(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) =>
      api().delete<void>('/classes/{id}/members/{userId}', { params: { id, userId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: classesKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: classesKeys.all });
    },
  });
}

/** DELETE /classes/{id}/members/{userId}. */
export function useRemoveMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) =>
      api().delete<void>('/classes/{id}/members/{userId}', { params: { id, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesKeys.all }),
  });
}

/** POST /classes/{id}/owner {user_id} — the owner hands the class to another of its teachers. */
export function useTransferOwnership(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) =>
      api().post<ClassDetail>('/classes/{id}/owner', { params: { id }, body: { user_id: userId } }),
    onSuccess: (detail) => {
      queryClient.setQueryData(classesKeys.detail(id), detail);
      return queryClient.invalidateQueries({ queryKey: classesKeys.all });
    },
  });
}
