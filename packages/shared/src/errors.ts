/**
 * Stable error codes carried in RFC 9457 problem details (`code` member).
 * The web turns each code into translated text (locales: `errors.<code>`).
 * Add codes here; never rename or reuse one.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'invalid_json',
  'unauthorized',
  'session_invalid',
  'forbidden',
  'identity_mismatch',
  'not_found',
  'conflict',
  'gone',
  'payload_too_large',
  'rate_limited',
  'internal',
  'unavailable',
  'email_taken',
  'invalid_credentials',
  'provider_not_supported',
  'class_code_taken',
  'class_code_not_found',
  'invite_used_up',
  'invite_email_mismatch',
  'last_teacher',
  'user_not_found',
  'message_too_long',
  'no_api_key',
  'model_not_available',
  'provider_auth_failed',
  'provider_rate_limited',
  'provider_timeout',
  'provider_stream_dropped',
  'provider_unreachable',
  'provider_error',
  'nothing_to_regenerate',
  'forbidden_origin',
  'unsupported_media_type',
  'owner_protected',
  'owner_only',
  'owner_target_not_teacher',
  'class_archived',
  'sign_in_locked',
  'database_unavailable',
  'storage_full',
  'database_read_only',
  'email_not_verified',
  'invalid_token',
  'email_already_verified',
  'wrong_password',
  'teacher_account_required',
  'socratic_required',
  'import_invalid',
  'import_too_large',
  'media_too_large',
  'media_type_unsupported',
  'skill_code_taken',
  'conversation_empty',
  'generated_cards_invalid',
  'card_side_too_long',
  'deck_full',
  'cloze_without_deletion',
  'review_conflict',
  'nothing_to_undo',
  'answer_conflict',
  'assignment_not_open',
  'no_attempts_left',
  'attempt_submitted',
  'already_answered',
  'board_version_conflict',
  'board_scene_too_large',
  'board_scene_invalid',
  'board_quota_exceeded',
  'board_not_presenting',
  'diagram_too_long',
  'generated_diagram_invalid',
  'owns_classes',
  'recent_sign_in_required',
  'event_of_assignment',
  'already_member',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field error as carried in a 400 problem: `errors: [{ path, code, message }]`. */
export interface FieldError {
  /** Dotted path of the field, e.g. `title` or `items.0.name`. */
  path: string;
  /** A stable code (zod issue code, e.g. `too_big`, `invalid_format`). */
  code: string;
  /** English developer message; the web shows translated text by `code`. */
  message: string;
  /** Bounds for too_small/too_big, so the web can interpolate them. */
  minimum?: number;
  maximum?: number;
}

/** RFC 9457 problem details body, with our stable `code`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail?: string;
  instance?: string;
  errors?: FieldError[];
  requestId?: string;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Problem).status === 'number' &&
    typeof (value as Problem).code === 'string'
  );
}
