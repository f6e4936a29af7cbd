/** What other modules (and the composition root) may use of the classes module. */
export { classAccess, requireTeacher, type ClassAccess } from './access.service.ts';
export { createClass } from './classes.service.ts';
export {
  createEvent,
  deleteEvent,
  listUserEventsForFeed,
  ownEventsOf,
  updateEvent,
  type EventOwner,
} from './events.service.ts';
export {
  addClassMember,
  classTitles,
  listMembers,
  ownedClasses,
  teachersOfUserClasses,
  practiceTargetOf,
  userMemberships,
  type UserMembership,
} from './members.service.ts';
export { classesScope } from './classes.cache.ts';
export { selectMembershipsForExport } from './export.queries.ts';
