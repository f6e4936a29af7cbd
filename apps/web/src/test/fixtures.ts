import type { Conversation } from '@aprenda/shared/schemas/conversations';

/** A conversation as the API lists it: Socratic, unpinned, no class, no messages yet. */
export function conversation(
  id: string,
  title: string,
  extra: Partial<Conversation> = {},
): Conversation {
  return {
    id,
    title,
    mode: 'socratic',
    class_id: null,
    class_title: null,
    socratic_required: false,
    pinned: false,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    last_message_at: null,
    ...extra,
  };
}
