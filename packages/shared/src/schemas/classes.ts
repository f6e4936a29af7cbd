import { z } from 'zod';
import { MEMBER_ROLES, type MemberRole } from '../constants.ts';
import { pageQuerySchema } from './common.ts';

/**
 * Class API contract (docs/api/classes.md): limits, zod schemas for every request the web sends,
 * and the types of every answer. The server validates with these same schemas.
 */

/** Join-code alphabet without look-alike characters (no 0/O, 1/I). */
export const CLASS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Length of a generated (proposed) code. */
export const CLASS_CODE_LENGTH = 6;
export const CLASS_CODE_MIN = 4;
export const CLASS_CODE_MAX = 12;
export const CLASS_TITLE_MAX = 120;
export const CLASS_DESCRIPTION_MAX = 2000;
export const EVENT_TITLE_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 2000;
export const EVENT_LOCATION_MAX = 200;
/** Largest `since`…`until` span of an event listing, in days. */
export const EVENT_RANGE_MAX_DAYS = 366;
export const INVITE_DEFAULT_EXPIRY_DAYS = 7;
export const INVITE_MAX_EXPIRY_DAYS = 365;
/** The invite form's shortest expiry, in days. */
export const INVITE_MIN_EXPIRY_DAYS = 1;
export const INVITE_MAX_USES = 10_000;
/** Upcoming events shown on the class page (GET /classes/{id}). */
export const CLASS_UPCOMING_EVENTS = 5;
/** The personal iCal feed covers events from this many days back to this many ahead. */
export const CALENDAR_FEED_PAST_DAYS = 30;
export const CALENDAR_FEED_FUTURE_DAYS = 365;

const DAY_MS = 86_400_000;
const CODE_RE = new RegExp(`^[${CLASS_CODE_ALPHABET}]*$`);

export const memberRoleSchema = z.enum(MEMBER_ROLES);

/**
 * What a student may type between a class code's characters, as it was read out or written on the
 * board: spaces and dashes (a phone's keyboard turns `-` into `–`, `—` or `−`). No code holds one
 * (the alphabet has none), so joining drops them: `jcr zax`, `JCR-ZAX`, ` jcr–zax ` → `jcrzax`.
 */
export function withoutCodeSeparators(raw: string): string {
  return raw.replace(/[\s\-\u2010-\u2015\u2212]+/g, '');
}

/** A class join code: 4–12 characters of the alphabet; lowercase input is upper-cased. */
export const classCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(CLASS_CODE_MIN)
  .max(CLASS_CODE_MAX)
  .regex(CODE_RE, { message: `only characters of ${CLASS_CODE_ALPHABET}` });

/** Propose a code (the create form's "generate"); the server uses a CSPRNG for its own. */
export function proposeClassCode(random: () => number = Math.random): string {
  let code = '';
  for (let i = 0; i < CLASS_CODE_LENGTH; i++) {
    code += CLASS_CODE_ALPHABET[Math.floor(random() * CLASS_CODE_ALPHABET.length)];
  }
  return code;
}

const title = z.string().trim().min(1).max(CLASS_TITLE_MAX);
const description = z.string().trim().max(CLASS_DESCRIPTION_MAX);

/** An instant: ISO-8601 date-time with `Z` or an offset (e.g. `2026-03-10T13:00:00-03:00`). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
/** An instant or a plain date (`2026-03-10`, for all-day events). */
export const isoDateOrDateTimeSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** POST /classes */
export const createClassSchema = z.object({
  title,
  description: description.nullable().optional(),
  code: classCodeSchema.optional(),
});
export type CreateClassInput = z.input<typeof createClassSchema>;

/** PUT /classes/{id}: any non-empty subset. */
export const updateClassSchema = z
  .object({
    title: title.optional(),
    description: description.nullable().optional(),
    code: classCodeSchema.optional(),
    /** false turns joining by code off (POST /classes/join answers 404). */
    join_by_code: z.boolean().optional(),
    /** true: conversations linked to the class answer in Socratic mode only. */
    require_socratic: z.boolean().optional(),
    /** Adaptive practice aims at this share of right answers for the class's students. */
    practice_target: z.number().min(0.7).max(0.9).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'at least one field is required',
  });
export type UpdateClassInput = z.input<typeof updateClassSchema>;

/**
 * GET /classes/teaching?archived=1&limit&cursor — `archived=1` (or `true`): the archived classes I
 * teach (the teacher's "Arquivadas") instead of the active ones.
 */
export const teachingQuerySchema = pageQuerySchema.extend({
  archived: z
    .enum(['0', '1', 'false', 'true'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export type TeachingQuery = z.input<typeof teachingQuerySchema>;

/** POST /classes/{id}/members?user_id=…|email=…&role=… (no body). */
export const addMemberQuerySchema = z
  .object({
    user_id: z.string().trim().min(1).max(200).optional(),
    email: z.email().max(320).optional(),
    role: memberRoleSchema.default('student'),
  })
  .superRefine((v, ctx) => {
    if ((v.user_id === undefined) === (v.email === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['user_id'],
        message: 'exactly one of user_id or email is required',
      });
    }
  });
export type AddMemberQuery = z.input<typeof addMemberQuerySchema>;

/** POST /classes/invites */
export const createInviteSchema = z.object({
  class_id: z.string().trim().min(1).max(200),
  role: memberRoleSchema.default('student'),
  /** Only this e-mail may accept (case-insensitive). */
  email: z.email().max(320).nullable().optional(),
  /** Default: 7 days from now; at most 365 days ahead; must be in the future. */
  expires_at: isoDateTimeSchema.optional(),
  /** null or absent = unlimited. */
  max_uses: z.number().int().min(1).max(INVITE_MAX_USES).nullable().optional(),
});
export type CreateInviteInput = z.input<typeof createInviteSchema>;

/** POST /classes/invites/accept */
export const acceptInviteSchema = z.object({ token: z.string().trim().min(1).max(200) });

/** POST /classes/join */
export const joinByCodeSchema = z.object({ code: classCodeSchema });

/** POST /classes/{id}/owner — hand the class to another of its teachers (the owner only). */
export const transferOwnershipSchema = z.object({ user_id: z.string().trim().min(1).max(128) });
export type TransferOwnershipInput = z.infer<typeof transferOwnershipSchema>;

/** GET /classes/{id}/events?since&until&limit&cursor */
export const eventsQuerySchema = pageQuerySchema
  .extend({
    since: isoDateOrDateTimeSchema.optional(),
    until: isoDateOrDateTimeSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.since === undefined || v.until === undefined) return;
    const span = Date.parse(v.until) - Date.parse(v.since);
    if (span <= 0) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'until must be after since' });
    } else if (span > EVENT_RANGE_MAX_DAYS * DAY_MS) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'date',
        maximum: EVENT_RANGE_MAX_DAYS,
        inclusive: true,
        path: ['until'],
        message: `since…until spans at most ${EVENT_RANGE_MAX_DAYS} days`,
      });
    }
  });
export type EventsQuery = z.input<typeof eventsQuerySchema>;

/** POST /classes/{id}/events. For all-day events only the date part is used. */
export const createEventSchema = z
  .object({
    title: z.string().trim().min(1).max(EVENT_TITLE_MAX),
    description: z.string().trim().max(EVENT_DESCRIPTION_MAX).nullable().optional(),
    starts_at: isoDateOrDateTimeSchema,
    ends_at: isoDateOrDateTimeSchema.nullable().optional(),
    all_day: z.boolean().default(false),
    location: z.string().trim().max(EVENT_LOCATION_MAX).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.all_day && v.starts_at.length === 10) {
      ctx.addIssue({
        code: 'custom',
        path: ['starts_at'],
        message: 'a date-time with offset is required unless all_day',
      });
    }
    if (!v.all_day && v.ends_at && v.ends_at.length === 10) {
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'a date-time with offset is required unless all_day',
      });
    }
    if (v.ends_at) {
      const end = v.all_day ? v.ends_at.slice(0, 10) : v.ends_at;
      const start = v.all_day ? v.starts_at.slice(0, 10) : v.starts_at;
      if (Date.parse(end) < Date.parse(start)) {
        ctx.addIssue({
          code: 'custom',
          path: ['ends_at'],
          message: 'ends_at must not be before starts_at',
        });
      }
    }
  });
export type CreateEventInput = z.input<typeof createEventSchema>;

/** PUT /classes/{id}/events/{eventId}: the whole event again, as on create. */
export const updateEventSchema = createEventSchema;
export type UpdateEventInput = CreateEventInput;

/** A teacher's name in class answers. */
export interface ClassTeacher {
  id: string;
  name: string;
}

/** A class as listed by GET /classes/mine and /classes/teaching. */
export interface ClassSummary {
  id: string;
  title: string;
  description: string | null;
  code: string | null;
  owner_id: string;
  created_at: string;
  updated_at: string;
  /** The caller's membership role. */
  role: MemberRole;
  /** Names of the class's teachers. */
  teachers: string[];
  /** Conversations linked to the class answer in Socratic mode only (the teachers' choice). */
  require_socratic: boolean;
  /**
   * The class's next event: of the events not over yet (ongoing or to come), the one that ends
   * first; null when there is none.
   */
  next_event: ClassNextEvent | null;
}

/** What a class card shows of its next event (times as in `ClassEvent`). */
export interface ClassNextEvent {
  id: string;
  title: string;
  starts_at: string;
  ends_at: string | null;
  all_day: boolean;
}

/** A calendar event of a class. Times are ISO-8601 UTC (`…Z`). */
export interface ClassEvent {
  id: string;
  class_id: string;
  title: string;
  description: string | null;
  /** For all-day events: midnight UTC of the (first) day, e.g. `2026-03-10T00:00:00.000Z`. */
  starts_at: string;
  /** null = no end (an instant; for all-day: one day). All-day: midnight UTC of the last day. */
  ends_at: string | null;
  all_day: boolean;
  location: string | null;
  created_by: string | null;
  created_at: string;
  /**
   * GET /classes/{id}/events only: the due date of an assignment, which changes and goes with it
   * (the calendar may not edit or delete it: 409 `event_of_assignment`).
   */
  of_assignment?: true;
}

/** One class for the class page: GET /classes/{id}, and the answer of every class write. */
export interface ClassDetail {
  id: string;
  title: string;
  description: string | null;
  code: string | null;
  join_by_code: boolean;
  /** Conversations linked to the class answer in Socratic mode only (the teachers' choice). */
  require_socratic: boolean;
  /** Adaptive practice aims at this share of right answers (0.70–0.90, default 0.80). */
  practice_target: number;
  owner_id: string;
  /**
   * Archived by its owner (POST /classes/{id}/archive): out of every list, hidden from its students
   * (404), read-only for its teachers (409 `class_archived`) until restored.
   */
  archived: boolean;
  created_at: string;
  updated_at: string;
  role: MemberRole;
  teachers: ClassTeacher[];
  member_count: number;
  /** The next few events that have not ended yet, by start. */
  upcoming_events: ClassEvent[];
}

/** GET /classes/{id}/members items. `email` only when the caller is a teacher of the class. */
export interface ClassMember {
  user_id: string;
  name: string;
  role: MemberRole;
  joined_at: string;
  email?: string;
}

/**
 * POST /classes/{id}/members?email=…: the same answer whether the e-mail has an account (added to
 * the class) or not (an invite locked to it is created and mailed) — it never tells which.
 */
export interface MemberAddedByEmail {
  /** The e-mail as given, in lower case. */
  email: string;
  role: MemberRole;
}

export type InviteStatus = 'valid' | 'expired' | 'revoked' | 'used_up';

/** GET /classes/{id}/invites items (never the token). */
export interface ClassInvite {
  id: string;
  class_id: string;
  role: MemberRole;
  email: string | null;
  expires_at: string;
  max_uses: number | null;
  uses: number;
  revoked_at: string | null;
  created_by: string | null;
  created_at: string;
  status: InviteStatus;
}

/** POST /classes/invites answer: the raw token and link, shown once. */
export interface CreatedInvite extends ClassInvite {
  token: string;
  url: string;
}

/** GET /classes/invites/{token}: what the invite page shows before joining. */
export interface InvitePreview {
  class: { id: string; title: string; description: string | null };
  teachers: string[];
  role: MemberRole;
  status: InviteStatus;
  expires_at: string;
  /** The invite is locked to an e-mail (which is not revealed). */
  email_locked: boolean;
  /** Whether the signed-in user may accept it (false when locked to another e-mail). */
  email_matches: boolean;
  /**
   * Whether the signed-in user's e-mail is verified: an invite locked to an e-mail is accepted only
   * by an account whose e-mail is verified (else 403 `email_not_verified`).
   */
  email_verified: boolean;
  already_member: boolean;
}

/** GET /calendar/feed and POST /calendar/feed/reset. */
export interface CalendarFeed {
  url: string;
}
