import { defineCacheScope } from '../../lib/cache-scopes.ts';

/**
 * A user's conversation list and search: any change to one of their conversations, and any
 * message of theirs added, re-worded or deleted (search reads message text).
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
  ],
});
