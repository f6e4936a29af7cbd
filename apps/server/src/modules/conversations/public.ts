/** What the composition root may use of the conversations module. */
export { failAbandonedAnswers } from './conversations.service.ts';
