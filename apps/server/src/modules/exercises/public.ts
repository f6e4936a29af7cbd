/** What other modules and the composition root may use of the exercises module. */
export { DEMO_SET_TITLE, seedDemoExercises } from './demo.service.ts';
export { myAssignments } from './assignments.service.ts';
export { neededSkill } from './practice-skills.service.ts';
export { selectExercisesForExport, selectTaughtAssignmentsForExport } from './export.queries.ts';
