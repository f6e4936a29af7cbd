import { useMutation } from '@tanstack/react-query';
import type { Board, CreateBoardInput } from '@aprenda/shared/schemas/boards';
import { api } from '@/lib/api-client';

/**
 * POST /boards — "Abrir no quadro branco" makes a new board from a flowchart's shapes. Features do
 * not import each other: this calls the boards API directly (contract in @aprenda/shared).
 */
export function useCreateBoard() {
  return useMutation({
    mutationFn: (body: CreateBoardInput) => api().post<Board>('/boards', { body }),
  });
}
