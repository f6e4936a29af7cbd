import { type CacheUsers, defineCacheScope } from '../../lib/cache-scopes.ts';

/** Every member (students and teachers) of the written row's class. */
const membersOf = (classColumn: string): CacheUsers => ({
  from: classColumn,
  through: [{ table: 'class_members', match: 'class_id', take: 'user_id' }],
});

/**
 * "My classes" and "teaching", per user (decision 0035): what a user's lists show changes when
 * - they join, leave or change role in a class (their membership row);
 * - one of their classes is edited, archived or deleted, or its events change (each class's next
 *   event is in the list) — every member of that class;
 * - a teacher joins, leaves or is renamed (teachers' names are in the list) — every member of the
 *   classes they teach.
 * So a write in one class invalidates its members' and teachers' answers only; everyone else's
 * stay valid. (Deleting a class or a user deletes their memberships, which bumps their members.)
 */
export const classesScope = defineCacheScope({
  name: 'classes',
  per: 'user',
  bumpedBy: [
    { table: 'classes', on: ['update', 'delete'], user: membersOf('id') },
    { table: 'class_members', on: ['insert', 'update', 'delete'], user: 'user_id' },
    {
      table: 'class_members',
      on: ['insert', 'update', 'delete'],
      when: { column: 'role', equals: 'teacher' },
      user: membersOf('class_id'),
    },
    { table: 'class_events', on: ['insert', 'update', 'delete'], user: membersOf('class_id') },
    {
      table: 'user',
      on: ['update'],
      columns: ['name'],
      user: {
        from: 'id',
        through: [
          {
            table: 'class_members',
            match: 'user_id',
            take: 'class_id',
            when: { column: 'role', equals: 'teacher' },
          },
          { table: 'class_members', match: 'class_id', take: 'user_id' },
        ],
      },
    },
  ],
});
