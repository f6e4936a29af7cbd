/** What other modules and the composition root may use of the flashcards module. */
export {
  cardAccess,
  deckAccess,
  requireOwner,
  type CardAccess,
  type DeckAccess,
} from './access.service.ts';
export { DEMO_DECK, seedDemoDeck } from './demo.service.ts';
export { forgettingCurve, retrievability } from './fsrs-adapter.ts';
export { cardOutlook, cardsToday, type CardOutlook } from './stats.service.ts';
export { studyDay, studyDayKey } from './study-day.ts';
export { addMistakeCardToOwnDeck, ownDeckTitles, type OwnDeckCard } from './auto-cards.service.ts';
export { selectFlashcardsForExport } from './export.queries.ts';
