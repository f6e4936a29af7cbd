/**
 * What the composition root and tests may use of the boards module: the options of one app's
 * boards (a smaller quota in tests) and closing its event hub (Redis connections) on shutdown.
 */
export { closeBoards, configureBoards, type BoardsOptions } from './runtime.ts';
