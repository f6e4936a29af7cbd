import { createHmac, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_FUTURE_DAYS,
  CALENDAR_FEED_PAST_DAYS,
  type CalendarFeed,
} from '@aprenda/shared/schemas/classes';
import type { AppContext } from '../../context.ts';
import { listUserEventsForFeed } from '../classes/public.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { publicOrigin } from '../../lib/origins.ts';
import { renderCalendar } from './ical.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret' | 'env'>;

const DAY_MS = 86_400_000;
const TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;

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

/** The user's feed URL, creating the feed on first use. */
export async function getOrCreateFeed(ctx: Ctx, userId: string): Promise<CalendarFeed> {
  const existing = await ctx.db.db
    .selectFrom('calendar_feeds')
    .select('nonce')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing) return { url: feedUrl(ctx, feedToken(ctx.secret, userId, existing.nonce)) };
  const nonce = randomBytes(16).toString('base64url');
  const token = feedToken(ctx.secret, userId, nonce);
  await ctx.db.db
    .insertInto('calendar_feeds')
    .values({
      user_id: userId,
      nonce,
      token_hash: sha256Hex(token),
      created_at: ctx.clock.now().toISOString(),
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  // A concurrent first call may have won: answer whatever is stored.
  const row = await ctx.db.db
    .selectFrom('calendar_feeds')
    .select('nonce')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { url: feedUrl(ctx, feedToken(ctx.secret, userId, row.nonce)) };
}

/** A new feed URL; the old one stops working at once. */
export async function resetFeed(ctx: Ctx, userId: string): Promise<CalendarFeed> {
  const nonce = randomBytes(16).toString('base64url');
  const token = feedToken(ctx.secret, userId, nonce);
  const values = { nonce, token_hash: sha256Hex(token), created_at: ctx.clock.now().toISOString() };
  await ctx.db.db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return { url: feedUrl(ctx, token) };
}

/** The iCalendar text for a feed token, or null when the token opens nothing. */
export async function renderFeed(ctx: Ctx, token: string): Promise<string | null> {
  if (!TOKEN_RE.test(token)) return null;
  const feed = await ctx.db.db
    .selectFrom('calendar_feeds as f')
    .innerJoin('user as u', 'u.id', 'f.user_id')
    .select(['f.user_id', 'u.name'])
    .where('f.token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!feed) return null;
  const now = ctx.clock.now();
  const from = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS).toISOString();
  const to = new Date(now.getTime() + CALENDAR_FEED_FUTURE_DAYS * DAY_MS).toISOString();
  const events = await listUserEventsForFeed(ctx, feed.user_id, from, to);
  return renderCalendar({
    prodId: '-//Aprenda//Aprenda Calendar//PT-BR',
    name: `Aprenda — ${feed.name}`,
    stamp: now.toISOString(),
    events: events.map((e) => ({
      uid: `${e.id}@aprenda`,
      startsAt: e.starts_at,
      endsAt: e.ends_at,
      allDay: e.all_day,
      summary: `${e.class_title}: ${e.title}`,
      description: e.description,
      location: e.location,
      categories: [e.class_title],
      createdAt: e.created_at,
    })),
  });
}
