/** What other modules may use of the records service (user_actions, user_api_keys). */
export { createUserAction, getDecryptedApiKey, userActionRow } from './records.service.ts';
