import { createHmac, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_FUTURE_DAYS,
  CALENDAR_FEED_PAST_DAYS,
  type CalendarFeed,
} from '@aprenda/shared/schemas/classes';
import { escape, ICalCalendar, ICalCalendarMethod } from 'ical-generator';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { publicOrigin } from '../../lib/origins.ts';
import { listUserEventsForFeed } from '../classes/public.ts';
import {
  type CalendarFeedRow,
  insertFeedIfAbsent,
  selectFeedNonce,
  selectFeedOwner,
  upsertFeed,
} from './calendar.queries.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret' | 'env'>;

const DAY_MS = 86_400_000;
const TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;
/** Written as `PRODID:-//Aprenda//Aprenda Calendar//PT-BR`. */
const PROD_ID = { company: 'Aprenda', product: 'Aprenda Calendar', language: 'PT-BR' };
/** Calendar apps are asked to refresh the feed hourly (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 3600;

/** RFC 5545 TEXT escaping (§3.3.11: backslash, semicolon, comma, newlines), by ical-generator. */
export function escapeText(value: string): string {
  return escape(value, false);
}

/**
 * The feed token is HMAC-SHA256(APP_SECRET, user ‖ nonce) in base64url (256 bits). The database
 * keeps the nonce and the token's SHA-256 only: neither opens the feed without the secret.
 */
function feedToken(secret: string, userId: string, nonce: string): string {
  return createHmac('sha256', secret)
    .update(`calendar-feed\u0000${userId}\u0000${nonce}`)
    .digest('base64url');
}

function feedUrl(ctx: Ctx, token: string): string {
  return `${publicOrigin(ctx.env)}${ctx.env.API_PREFIX}/calendar/${token}.ics`;
}

/** A fresh feed of the user: the row to store and its token (which is never stored). */
function newFeed(ctx: Ctx, userId: string): { row: CalendarFeedRow; token: string } {
  const nonce = randomBytes(16).toString('base64url');
  const token = feedToken(ctx.secret, userId, nonce);
  const row = {
    user_id: userId,
    nonce,
    token_hash: sha256Hex(token),
    created_at: ctx.clock.now().toISOString(),
  };
  return { row, token };
}

/** The user's feed URL, creating the feed on first use. */
export async function getOrCreateFeed(ctx: Ctx, userId: string): Promise<CalendarFeed> {
  const existing = await selectFeedNonce(ctx.db.db, userId);
  if (existing !== null) return { url: feedUrl(ctx, feedToken(ctx.secret, userId, existing)) };
  await insertFeedIfAbsent(ctx.db.db, newFeed(ctx, userId).row);
  // A concurrent first call may have won: answer whatever is stored.
  const nonce = await selectFeedNonce(ctx.db.db, userId);
  if (nonce === null) throw new Error('calendar feed vanished right after it was stored');
  return { url: feedUrl(ctx, feedToken(ctx.secret, userId, nonce)) };
}

/** A new feed URL; the old one stops working at once. */
export async function resetFeed(ctx: Ctx, userId: string): Promise<CalendarFeed> {
  const { row, token } = newFeed(ctx, userId);
  await upsertFeed(ctx.db.db, row);
  return { url: feedUrl(ctx, token) };
}

/**
 * The iCalendar text (RFC 5545, written by ical-generator) of the feed a token opens: the events
 * of the owner's classes from CALENDAR_FEED_PAST_DAYS back to CALENDAR_FEED_FUTURE_DAYS ahead,
 * as UTC instants (all-day events as dates). A token that opens nothing is `not_found`.
 */
export async function renderFeed(ctx: Ctx, token: string): Promise<string> {
  const owner = TOKEN_RE.test(token) ? await selectFeedOwner(ctx.db.db, sha256Hex(token)) : null;
  if (!owner) throw notFound('No such calendar feed');
  const now = ctx.clock.now();
  const from = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS).toISOString();
  const to = new Date(now.getTime() + CALENDAR_FEED_FUTURE_DAYS * DAY_MS).toISOString();
  const events = await listUserEventsForFeed(ctx, owner.id, from, to);

  const calendar = new ICalCalendar({
    prodId: PROD_ID,
    // ical-generator writes the name (NAME, X-WR-CALNAME) as given: escape it.
    name: escapeText(`Aprenda — ${owner.name}`),
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  for (const e of events) {
    calendar.createEvent({
      id: `${e.id}@aprenda`,
      stamp: now,
      created: new Date(e.created_at),
      start: new Date(e.starts_at),
      // All-day events are stored as midnight UTC of their first and last day; DTEND of a date
      // is exclusive: the day after the last day.
      end: e.all_day
        ? new Date(Date.parse(e.ends_at ?? e.starts_at) + DAY_MS)
        : e.ends_at
          ? new Date(e.ends_at)
          : null,
      allDay: e.all_day,
      summary: `${e.class_title}: ${e.title}`,
      // An empty text writes no property at all.
      description: e.description || null,
      location: e.location || null,
      categories: [{ name: e.class_title }],
    });
  }
  // Every content line ends with CRLF (RFC 5545 §3.1), the last one too.
  return `${calendar.toString()}\r\n`;
}
