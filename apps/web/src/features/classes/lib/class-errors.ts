import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { errorCode, errorMessage } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { classesKeys } from '../api/classes';

/**
 * A failed write to a class, in words for who reads them. An archived class's 409
 * `class_archived` (the safety net: its screens disable every write up front) tells its owner to
 * restore it and a co-teacher that only the owner can — never the owner that "its owner" can —
 * and reads the class again, so the "Turma arquivada" notice and the disabled controls show.
 * Any other failure reads as everywhere else (errors:<code>).
 */
export function useClassWriteError() {
  const { t } = useTranslation(['classes', 'errors']);
  const { data: me } = useSession();
  const queryClient = useQueryClient();
  return (err: unknown, klass: Pick<ClassDetail, 'id' | 'owner_id'>): string => {
    if (errorCode(err) !== 'class_archived') return errorMessage(t, err);
    void queryClient.invalidateQueries({ queryKey: classesKeys.detail(klass.id), exact: true });
    return me?.id === klass.owner_id ? t('archive.refusedOwner') : t('archive.refusedOther');
  };
}
