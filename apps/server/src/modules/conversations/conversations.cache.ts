import { defineCacheScope } from '../../lib/cache-scopes.ts';

/**
 * A user's conversation list and search: any change to one of their conversations, any message of
 * theirs added, re-worded or deleted (search reads message text), and a class of one of their
 * conversations renamed or its Socratic rule changed (the list shows both; decision 0035 — deleting a class clears
 * the conversations' class, which is a change to them).
 */
export const conversationsScope = defineCacheScope({
  name: 'conversations',
  per: 'user',
  bumpedBy: [
    { table: 'conversations', on: ['insert', 'update', 'delete'], user: 'user_id' },
    {
      table: 'messages',
      on: ['insert', 'update', 'delete'],
      columns: ['text'],
      user: { via: 'conversations', key: 'conversation_id', column: 'user_id' },
    },
    {
      table: 'classes',
      on: ['update'],
      columns: ['title', 'require_socratic'],
      user: {
        from: 'id',
        through: [{ table: 'conversations', match: 'class_id', take: 'user_id' }],
      },
    },
  ],
});
