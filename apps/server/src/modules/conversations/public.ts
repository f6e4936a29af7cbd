/** What the composition root may use of the conversations module. */
export { failAbandonedAnswers } from './answer-sweep.service.ts';
export { conversationsScope } from './conversations.cache.ts';
export { drainAnswers } from './answer-stream.service.ts';
