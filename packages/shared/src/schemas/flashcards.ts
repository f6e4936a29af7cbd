import { z } from 'zod';
import { clozeNumbers } from '../cloze.ts';
import type { FieldError } from '../errors.ts';
import { pageQuerySchema } from './common.ts';
import { modelIdSchema } from './conversations.ts';

/**
 * Flashcards API contract (docs/api/flashcards.md): limits, defaults, zod schemas for every JSON
 * request the web sends, and the types of every answer. The server validates with these schemas.
 *
 * Card sides are bounded loosely here: a side longer than CARD_SIDE_MAX is the server's
 * `card_side_too_long` (413, with `errors[].path`), a cloze card without `{{cN::…}}` its
 * `cloze_without_deletion` (400) — `cardInputErrors` below tells the web the same before it sends.
 */

// ── Limits and defaults ────────────────────────────────────────────────────────────────────────

export const DECK_TITLE_MAX = 120;
export const DECK_DESCRIPTION_MAX = 2000;
/** A card side (front or back), in characters (`card_side_too_long` above). */
export const CARD_SIDE_MAX = 10_000;
/** Cards (not deleted) a deck holds (`deck_full` above). */
export const DECK_CARDS_MAX = 20_000;
export const CARD_TAGS_MAX = 20;
export const CARD_TAG_MAX = 40;
export const CARDS_BATCH_MAX = 1000;
export const IMPORT_ROWS_MAX = 20_000;
/** Longest search text of GET /decks/{id}/cards?q=. */
export const CARD_QUERY_MAX = 200;
export const SKILL_ID_MAX = 128;

export const DESIRED_RETENTION_MIN = 0.7;
export const DESIRED_RETENTION_MAX = 0.99;
export const DESIRED_RETENTION_DEFAULT = 0.9;
export const NEW_PER_DAY_MAX = 9999;
export const NEW_PER_DAY_DEFAULT = 20;
export const REVIEWS_PER_DAY_MAX = 99_999;
export const REVIEWS_PER_DAY_DEFAULT = 200;

export const QUEUE_LIMIT_DEFAULT = 10;
export const QUEUE_LIMIT_MAX = 50;
export const REVIEW_DURATION_MAX_MS = 3_600_000;
/** The study day starts at this hour in the student's time zone. */
export const STUDY_DAY_START_HOUR = 4;
/** Learning items due within this many minutes are shown when nothing else is left (Anki's default). */
export const LEARN_AHEAD_MINUTES = 20;
/** A student's FSRS parameters are fitted after every this many reviews. */
export const FSRS_FIT_EVERY_REVIEWS = 400;
/** A deleted card can be restored (the undo toast) for this long. */
export const CARD_RESTORE_WINDOW_MS = 24 * 60 * 60 * 1000;

export const GENERATE_TEXT_MAX = 20_000;
export const GENERATE_COUNT_MAX = 30;
export const GENERATE_COUNT_DEFAULT = 10;

/** POST /decks/{id}/media: image types and size. */
export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_MAX_BYTES = 2 * 1024 * 1024;
/** Default of FLASHCARD_IMPORT_MAX_MB (POST /decks/import/apkg). */
export const APKG_IMPORT_MAX_MB_DEFAULT = 100;

export const CARD_KINDS = ['basic', 'cloze'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
export const cardKindSchema = z.enum(CARD_KINDS);

export const FSRS_STATE_NAMES = ['new', 'learning', 'review', 'relearning'] as const;
export type FsrsStateName = (typeof FSRS_STATE_NAMES)[number];

/** Ratings: 1 De novo (Again), 2 Difícil (Hard), 3 Bom (Good), 4 Fácil (Easy). */
export const RATINGS = [1, 2, 3, 4] as const;
export type Rating = (typeof RATINGS)[number];

// ── Shared pieces ──────────────────────────────────────────────────────────────────────────────

const id = z.string().trim().min(1).max(128);

/** Answers of isValidTimeZone: building an Intl.DateTimeFormat costs ~50 µs, and every queue,
 * deck list and rating request checks its `tz` (bench/flashcards.ts). Bounded: at most 1,000
 * names are remembered (there are ~600 IANA names; invalid ones are not kept). */
const knownTimeZones = new Set<string>();

/** True when `tz` is an IANA time zone this runtime knows (`UTC` included). */
export function isValidTimeZone(tz: string): boolean {
  if (tz.length === 0 || tz.length > 64) return false;
  if (knownTimeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  if (knownTimeZones.size < 1000) knownTimeZones.add(tz);
  return true;
}

/** `tz` query/body member: an IANA name (`America/Sao_Paulo`); absent → UTC; invalid → 400. */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isValidTimeZone, { message: 'must be an IANA time zone name' });

const tzQuery = z.object({ tz: timeZoneSchema.optional() });

/** One tag: 1–40 characters, no spaces. */
export const tagSchema = z
  .string()
  .trim()
  .min(1)
  .max(CARD_TAG_MAX)
  .regex(/^\S+$/, { message: 'a tag has no spaces' });
export const tagsSchema = z.array(tagSchema).max(CARD_TAGS_MAX);

/** A card side as the schema accepts it; the real bound (CARD_SIDE_MAX) is checked by the server. */
const side = z.string().max(CARD_SIDE_MAX * 20);

// ── Decks ──────────────────────────────────────────────────────────────────────────────────────

const deckTitle = z.string().trim().min(1).max(DECK_TITLE_MAX);
const deckDescription = z.string().trim().max(DECK_DESCRIPTION_MAX);
const desiredRetention = z.number().min(DESIRED_RETENTION_MIN).max(DESIRED_RETENTION_MAX);
const newPerDay = z.number().int().min(0).max(NEW_PER_DAY_MAX);
const reviewsPerDay = z.number().int().min(0).max(REVIEWS_PER_DAY_MAX);

/** POST /decks */
export const createDeckSchema = z.object({
  title: deckTitle,
  description: deckDescription.nullable().optional(),
  desired_retention: desiredRetention.optional(),
  new_per_day: newPerDay.optional(),
  reviews_per_day: reviewsPerDay.optional(),
});
export type CreateDeckInput = z.input<typeof createDeckSchema>;

/** PUT /decks/{id}: any non-empty subset of the POST body. */
export const updateDeckSchema = z
  .object({
    title: deckTitle.optional(),
    description: deckDescription.nullable().optional(),
    desired_retention: desiredRetention.optional(),
    new_per_day: newPerDay.optional(),
    reviews_per_day: reviewsPerDay.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'at least one field is required',
  });
export type UpdateDeckInput = z.input<typeof updateDeckSchema>;

/** GET /decks?tz&cursor&limit */
export const listDecksQuerySchema = pageQuerySchema.extend(tzQuery.shape);
export type ListDecksQuery = z.input<typeof listDecksQuerySchema>;

/** GET /decks/{id}?tz */
export const deckQuerySchema = tzQuery;
export type DeckQuery = z.input<typeof deckQuerySchema>;

/** POST /decks/{id}/shares */
export const shareDeckSchema = z.object({ class_id: id });
export type ShareDeckInput = z.input<typeof shareDeckSchema>;

// ── Cards ──────────────────────────────────────────────────────────────────────────────────────

/** One card as written by an author (POST /decks/{id}/cards, batch items, /generate answers). */
export const cardInputSchema = z.object({
  kind: cardKindSchema,
  front: side,
  back: side.optional(),
  tags: tagsSchema.optional(),
  skill_id: z.string().trim().min(1).max(SKILL_ID_MAX).nullable().optional(),
});
export type CardInput = z.input<typeof cardInputSchema>;

/**
 * The server's own checks of a card beyond its schema, as field errors under `prefix` (e.g.
 * `cards.3.`): a side longer than CARD_SIDE_MAX (`too_big`, the server's `card_side_too_long`) and
 * a cloze card without a deletion (`cloze_without_deletion`). The web runs it before sending.
 */
export function cardInputErrors(
  card: { kind?: CardKind; front?: string; back?: string },
  prefix = '',
): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ['front', 'back'] as const) {
    const value = card[field];
    if (value !== undefined && value.length > CARD_SIDE_MAX) {
      errors.push({
        path: `${prefix}${field}`,
        code: 'too_big',
        message: `at most ${CARD_SIDE_MAX} characters`,
        maximum: CARD_SIDE_MAX,
      });
    }
  }
  if (card.kind === 'cloze' && card.front !== undefined && clozeNumbers(card.front).length === 0) {
    errors.push({
      path: `${prefix}front`,
      code: 'cloze_without_deletion',
      message: 'a cloze card needs at least one {{c1::…}}',
    });
  }
  return errors;
}

/** POST /decks/{id}/cards/batch: all or nothing. */
export const cardBatchSchema = z.object({
  cards: z.array(cardInputSchema).min(1).max(CARDS_BATCH_MAX),
});
export type CardBatchInput = z.input<typeof cardBatchSchema>;

/** PUT /cards/{id}: any non-empty subset; `reset_progress: true` clears every student's progress. */
export const updateCardSchema = z
  .object({
    kind: cardKindSchema.optional(),
    front: side.optional(),
    back: side.optional(),
    tags: tagsSchema.optional(),
    skill_id: z.string().trim().min(1).max(SKILL_ID_MAX).nullable().optional(),
    reset_progress: z.boolean().optional(),
  })
  .refine(
    (v) =>
      Object.entries(v).some(([k, x]) => k !== 'reset_progress' && x !== undefined) ||
      v.reset_progress === true,
    { message: 'at least one field is required' },
  );
export type UpdateCardInput = z.input<typeof updateCardSchema>;

/** POST /cards/{id}/move */
export const moveCardSchema = z.object({ deck_id: id });
export type MoveCardInput = z.input<typeof moveCardSchema>;

/** POST /cards/{id}/suspend */
export const suspendCardSchema = z.object({ suspended: z.boolean() });
export type SuspendCardInput = z.input<typeof suspendCardSchema>;

/** GET /decks/{id}/cards?q&cursor&limit */
export const listCardsQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(CARD_QUERY_MAX).optional(),
});
export type ListCardsQuery = z.input<typeof listCardsQuerySchema>;

// ── Studying ───────────────────────────────────────────────────────────────────────────────────

/** GET /decks/{id}/queue?tz&limit */
export const queueQuerySchema = z.object({
  tz: timeZoneSchema.optional(),
  limit: z.coerce.number().int().min(1).max(QUEUE_LIMIT_MAX).default(QUEUE_LIMIT_DEFAULT),
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

/** POST /reviews: `id` is generated by the client (a retry sends the same id). */
export const submitReviewSchema = z.object({
  id: z.uuid(),
  item_id: id,
  rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  duration_ms: z.number().int().min(0).max(REVIEW_DURATION_MAX_MS),
  client_time: z.iso.datetime({ offset: true }),
  tz: timeZoneSchema.optional(),
});
export type SubmitReviewInput = z.input<typeof submitReviewSchema>;

/** POST /reviews/{id}/undo?tz (the counts of the answer are for the study day in `tz`). */
export const undoReviewQuerySchema = tzQuery;

// ── Import ─────────────────────────────────────────────────────────────────────────────────────

/** One row the web parsed from CSV/TSV (after the column mapping). */
export const importRowSchema = z.object({
  front: side,
  back: side.optional(),
  /**
   * Tags as typed in the file (space- or comma-separated) or already split. Loosely bounded here:
   * the server names a row's bad tags (`rows.<i>.tags`) with every other row at fault.
   */
  tags: z.union([z.string().max(2000), z.array(z.string().max(200)).max(100)]).optional(),
});
export type ImportRow = z.input<typeof importRowSchema>;

/** POST /decks/{id}/import/rows */
export const importRowsSchema = z.object({
  rows: z.array(importRowSchema).min(1).max(IMPORT_ROWS_MAX),
});
export type ImportRowsInput = z.input<typeof importRowsSchema>;

// ── Cards from the tutor ───────────────────────────────────────────────────────────────────────

/** POST /flashcards/generate */
export const generateCardsSchema = z.object({
  source: z.union([
    z.object({ conversation_id: id }).strict(),
    z.object({ text: z.string().trim().min(1).max(GENERATE_TEXT_MAX) }).strict(),
  ]),
  count: z.number().int().min(1).max(GENERATE_COUNT_MAX).default(GENERATE_COUNT_DEFAULT),
  model: modelIdSchema.optional(),
});
export type GenerateCardsInput = z.input<typeof generateCardsSchema>;

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

/** A deck's settings and identity (POST/PUT /decks, copy; the base of the other deck answers). */
export interface Deck {
  id: string;
  owner_id: string;
  title: string;
  description: string | null;
  desired_retention: number;
  new_per_day: number;
  reviews_per_day: number;
  /** Cards in the deck (not deleted). */
  card_count: number;
  created_at: string;
  updated_at: string;
}

/**
 * Today's numbers of a deck for the caller (study day in `tz`): `new`, `learning`, `review` are the
 * items the queue would still show today within the deck's limits; `due` = their sum; `total` =
 * cards in the deck.
 */
export interface Counts {
  new: number;
  learning: number;
  review: number;
  due: number;
  total: number;
}

export interface DeckClass {
  id: string;
  title: string;
}

/** GET /decks items: own decks first, then decks shared with the caller's classes. */
export interface DeckSummary extends Deck {
  counts: Counts;
  source: 'own' | 'class';
  /** Own deck: the classes it is shared with; class deck: the caller's classes it is shared with. */
  classes: DeckClass[];
}

export interface DeckShare {
  class_id: string;
  title: string;
}

export interface DeckParameters {
  /** true once the caller's own FSRS parameters have been fitted. */
  personalized: boolean;
  fitted_at: string | null;
  /** The caller's counted reviews (all decks). */
  review_count: number;
}

/** Days of reviews the deck screen's true retention looks back on. */
export const RETENTION_WINDOW_DAYS = 30;

/** True retention of the caller in a deck (reviews of learnt cards remembered, last N days). */
export interface DeckRetention {
  days: number;
  /** Reviews of cards in the `review` state in the window (undone ones not counted). */
  reviews: number;
  /** Share rated 2–4, 0–1; null without reviews. */
  rate: number | null;
}

/** GET /decks/{id} */
export interface DeckDetail extends Deck {
  counts: Counts;
  source: 'own' | 'class';
  /** Only the owner edits. */
  can_edit: boolean;
  /** Own deck: every class it is shared with; class deck: the caller's classes it is shared with. */
  shares: DeckShare[];
  parameters: DeckParameters;
  retention: DeckRetention;
}

export interface Card {
  id: string;
  deck_id: string;
  kind: CardKind;
  front: string;
  back: string;
  tags: string[];
  skill_id: string | null;
  /** The caller's items of this card are suspended. */
  suspended: boolean;
  /** Review items: 1 for basic, one per distinct cloze number. */
  items: number;
  content_version: number;
  created_at: string;
  updated_at: string;
}

/** What a rating would give now. */
export interface Preview {
  due: string;
  interval_ms: number;
}

export interface QueueItem {
  item_id: string;
  card_id: string;
  kind: CardKind;
  ord: number;
  /** Rendered for this item: the cloze of `ord` as `[...]` or `[hint]`, other clozes as text. */
  front: string;
  /** The full answer: the cloze revealed (`**answer**`), then the card's back. */
  back: string;
  state: FsrsStateName;
  previews: Record<Rating, Preview>;
}

/** GET /decks/{id}/queue */
export interface Queue {
  items: QueueItem[];
  counts: Counts;
  /** When the next item is due after today's queue is done (null: nothing scheduled). */
  next_due_at: string | null;
}

/** POST /reviews, POST /reviews/{id}/undo */
export interface ReviewResult {
  review_id: string;
  item_id: string;
  state: FsrsStateName;
  due: string;
  scheduled_days: number;
  counts: Counts;
}

/** POST /decks/{id}/cards/batch */
export interface CardBatchResult {
  items: Card[];
}

/** POST /decks/{id}/import/rows */
export interface ImportRowsResult {
  imported: number;
}

/** POST /decks/import/apkg */
export interface ApkgImportResult {
  deck: Deck;
  imported: number;
  skipped: number;
  media: number;
}

/** POST /decks/{id}/media */
export interface MediaUploadResult {
  id: string;
  url: string;
}

/** POST /flashcards/generate */
export interface GenerateCardsResult {
  cards: CardInput[];
  model: string;
}
