import { defineCacheScope } from '../../lib/cache-scopes.ts';

/**
 * "My classes" and "teaching" (and the class titles in conversation lists): any class, membership
 * or event written (each class's next event is in the list), and a user renamed or deleted
 * (teachers' names are in the list).
 */
export const classesScope = defineCacheScope({
  name: 'classes',
  per: 'everyone',
  bumpedBy: [
    { table: 'classes', on: ['insert', 'update', 'delete'] },
    { table: 'class_members', on: ['insert', 'update', 'delete'] },
    { table: 'class_events', on: ['insert', 'update', 'delete'] },
    { table: 'user', on: ['update', 'delete'], columns: ['name'] },
  ],
});
