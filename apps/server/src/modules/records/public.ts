/** What other modules may use of the records service (user_actions, user_api_keys). */
export {
  apiKeyProviders,
  createUserAction,
  getDecryptedApiKey,
  userActionRow,
} from './records.service.ts';
export { selectSignedSession, type SignedSessionRow } from './session.queries.ts';
export { recordsExport } from './export.service.ts';
