/** What other modules may use of the AI layer (providers, models, prompts, titles). */
export { listModels, resolveModel, type ResolvedModel } from './providers.ts';
export { classifyProviderError, providerStatus } from './provider-errors.ts';
export { generateTitle } from './titles.ts';
export { tutorSystemPrompt } from './tutor-prompts.ts';
