/** What other modules and the composition root may use of the metrics module. */
export {
  activityDay,
  countAnswer,
  ratingWrites,
  runWrites,
  undoWrites,
  type RatingFacts,
  type RollupWrite,
} from './rollups.service.ts';
export { studentToday } from './today.service.ts';
export { skillMasteries } from './metrics.service.ts';
export { meaningful, streakOf } from './streak.ts';
export { addDays, daysBetween, studyDayKey } from './days.ts';
