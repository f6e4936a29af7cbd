/** What other modules may use of the learner model (docs/learner-model.md). */
export {
  applyAnswer,
  masteries,
  standingIn,
  type AppliedAnswer,
  type Standing,
} from './abilities.service.ts';
export {
  guessFloor,
  pickNextItem,
  predictCorrect,
  TARGET_DEFAULT,
  TARGET_MAX,
  TARGET_MIN,
} from './elo.ts';
export { selectAbilitiesForExport } from './export.queries.ts';
