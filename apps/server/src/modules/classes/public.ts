/** What other modules (and the composition root) may use of the classes module. */
export {
  addClassMember,
  classAccess,
  createClass,
  listMembers,
  listUserEventsForFeed,
  requireTeacher,
  type ClassAccess,
} from './classes.service.ts';
