/** Constants shared by the server and the web. Spec values are marked (spec). */

/** (spec) API base path and records-service prefix. */
export const DEFAULT_API_PREFIX = '/api';
export const DEFAULT_RECORDS_PREFIX = '/pb';

/** Account roles, chosen at sign-up. */
export const USER_ROLES = ['student', 'teacher'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** (spec) "student" is the default member role. */
export const MEMBER_ROLES = ['student', 'teacher'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const DEFAULT_MEMBER_ROLE: MemberRole = 'student';

/** AI providers a user may store a key for (`user_api_keys.provider`). */
export const AI_PROVIDERS = ['openai', 'anthropic', 'google', 'openrouter'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** (spec) Interface languages: Portuguese first, English fallback. */
export const LANGUAGES = ['pt-BR', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';
export const FALLBACK_LANGUAGE: Language = 'en';

/** (spec) Dashboard tools, in navigation order. */
export const DASHBOARD_TOOLS = [
  'chat',
  'adaptive',
  'analytics',
  'exercises',
  'metrics',
  'teacher',
  'student',
  'whiteboard',
  'mermaid',
  'flashcard',
] as const;
export type DashboardTool = (typeof DASHBOARD_TOOLS)[number];

/** Limits. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
export const MAX_ACTION_LENGTH = 100;
export const MAX_ACTION_CONTEXT_BYTES = 8 * 1024;
export const MAX_API_KEY_LENGTH = 512;
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/** (spec) Toasts: at most 3 visible; 4–5 s display. */
export const TOAST_VISIBLE_MAX = 3;
export const TOAST_DURATION_MS = 4000;
export const TOAST_ERROR_DURATION_MS = 5000;

/** Request headers the web sends on every API call (spec). The server never trusts them. */
export const HEADER_USER_ID = 'X-User-Id';
export const HEADER_USER_ROLE = 'X-User-Role';
export const HEADER_REQUEST_ID = 'X-Request-Id';
