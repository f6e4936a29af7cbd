/**
 * What the composition root and tests may use of the boards module: the options of one app's
 * boards (a smaller quota in tests), closing its event hub (Redis connections) on shutdown, and
 * the demo board.
 */
export { closeBoards, configureBoards, type BoardsOptions } from './runtime.ts';
export { DEMO_BOARD_TITLE, seedDemoBoard } from './demo.service.ts';
export { selectBoardsForExport } from './export.queries.ts';
