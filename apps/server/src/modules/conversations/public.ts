/** What the composition root and other modules may use of the conversations module. */
export { failAbandonedAnswers } from './answer-sweep.service.ts';
export { conversationTranscript, type Transcript } from './transcript.service.ts';
export { conversationsScope } from './conversations.cache.ts';
export { drainAnswers } from './answer-stream.service.ts';
export { lastConversation } from './latest.service.ts';
export { selectConversationsForExport } from './export.queries.ts';
