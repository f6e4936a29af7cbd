import type { Generated, Kysely, Transaction } from 'kysely';

/**
 * Tables owned by the app (Better Auth owns `user`, `session`, `account`, `verification`,
 * created by its own migrations; see db/migrate.ts). Times are ISO-8601 UTC strings with
 * milliseconds (`2026-01-02T03:04:05.678Z`) in both SQLite and PostgreSQL: they sort
 * lexicographically, so range queries are plain comparisons on either engine.
 */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  role: string;
  createdAt: unknown;
  updatedAt: unknown;
}

export interface ClassTable {
  id: string;
  title: string;
  description: string | null;
  code: string | null;
  owner_id: string;
  archived: Generated<number>;
  /** 1 = joining by code is on (POST /classes/join). */
  join_by_code: Generated<number>;
  /** 1 = conversations linked to the class answer in Socratic mode only (migration 0012). */
  require_socratic: Generated<number>;
  /** Adaptive practice's target share of right answers (migration 0018). */
  practice_target: Generated<number>;
  created_at: string;
  updated_at: string;
  /**
   * The class's teachers as JSON text `[[joined_at, name], …]`, kept by triggers (migration 0024):
   * read by the lists of my classes instead of a subquery per class. Never written by the app.
   */
  teacher_names: Generated<string>;
}

export interface ClassMemberTable {
  class_id: string;
  user_id: string;
  role: string;
  joined_at: string;
  /**
   * The class's `created_at`, copied (migration 0024) so that the index (user_id,
   * class_created_at, class_id, role) hands out a user's classes in the lists' order. Given on
   * insert by the app; filled by a trigger when left out.
   */
  class_created_at: Generated<string>;
}

export interface ClassInviteTable {
  id: string;
  class_id: string;
  /** hex SHA-256 of the raw token (the token is never stored). */
  token_hash: string;
  role: string;
  email: string | null;
  expires_at: string;
  max_uses: number | null;
  uses: Generated<number>;
  revoked_at: string | null;
  created_by: string | null;
  created_at: string;
}

export interface ClassEventTable {
  id: string;
  class_id: string;
  title: string;
  description: string | null;
  starts_at: string;
  ends_at: string | null;
  /** Exclusive end for range queries (ends_at; starts_at for an instant; next day for all-day). */
  range_end: string;
  all_day: number;
  location: string | null;
  created_by: string | null;
  created_at: string;
}

export interface CalendarFeedTable {
  user_id: string;
  nonce: string;
  token_hash: string;
  created_at: string;
}

export interface UserActionTable {
  id: string;
  user_id: string;
  action: string;
  /** JSON text, or null. */
  context: string | null;
  timestamp: string;
}

export interface UserApiKeyTable {
  id: string;
  user_id: string;
  provider: string;
  /** base64(iv ‖ tag ‖ ciphertext), AES-256-GCM. Never the plain key. */
  api_key: string;
  /** Masked form for display, e.g. `sk-…a1b2`. */
  masked: string;
  created_at: string;
  updated_at: string;
}

export interface ConversationTable {
  id: string;
  user_id: string;
  title: Generated<string>;
  /** 'socratic' | 'direct' */
  mode: string;
  class_id: string | null;
  pinned: Generated<number>;
  created_at: string;
  updated_at: string;
  last_message_at: string | null;
  /** last_message_at ?? created_at (the list's sort key). */
  activity_at: string;
}

export interface MessageTable {
  id: string;
  conversation_id: string;
  /** Order inside the conversation (unique per conversation). */
  seq: number;
  /** 'user' | 'assistant' */
  role: string;
  text: string;
  /** 'complete' | 'streaming' | 'stopped' | 'failed' */
  status: string;
  error_code: string | null;
  model: string | null;
  created_at: string;
  updated_at: string;
}

/** A skill of the shared catalogue (migration 0015; docs/api/skills.md). */
export interface SkillTable {
  id: string;
  /** e.g. a BNCC code (`EF06MA03`), unique when present. */
  code: string | null;
  name: string;
  /** 1 = part of the starter list every database gets. */
  built_in: Generated<number>;
  /** Folded `code name` (lower case, no accents) for GET /skills?q=. */
  search: string;
  /** '0' + code, or '1' + folded name: the list's order (with id). */
  sort_key: string;
  created_by: string | null;
  created_at: string;
}

/** A flashcard deck (migration 0014; docs/api/flashcards.md). */
export interface DeckTable {
  id: string;
  owner_id: string;
  title: string;
  description: string | null;
  desired_retention: number;
  new_per_day: number;
  reviews_per_day: number;
  /** Cards not deleted (kept by the cards service). */
  card_count: Generated<number>;
  /** The last `position` handed to an item of this deck. */
  item_seq: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface DeckShareTable {
  deck_id: string;
  class_id: string;
  shared_by: string | null;
  created_at: string;
}

export interface FlashcardTable {
  id: string;
  deck_id: string;
  /** 'basic' | 'cloze' */
  kind: string;
  front: string;
  back: Generated<string>;
  /** JSON array of strings. */
  tags: Generated<string>;
  skill_id: string | null;
  content_version: Generated<number>;
  /** Folded front, back and tags (lower case, no accents) for ?q=. */
  search: Generated<string>;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface FlashcardItemTable {
  id: string;
  card_id: string;
  deck_id: string;
  /** 0 for basic; the cloze number. */
  ord: number;
  /** Order of new items within the deck. */
  position: number;
  /** 1 while its card is deleted. */
  deleted: Generated<number>;
}

export interface FlashcardStateTable {
  user_id: string;
  item_id: string;
  card_id: string;
  deck_id: string;
  /** 'new' | 'learning' | 'review' | 'relearning' */
  state: string;
  /** 1 learning/relearning, 2 review, 0 new, -1 suspended, -2 card deleted. */
  queue: number;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  last_review: string | null;
  suspended: Generated<number>;
  deleted: Generated<number>;
  updated_at: string;
}

export interface FlashcardProgressTable {
  user_id: string;
  deck_id: string;
  /** Every item at or before this position has a state row for the user (or is deleted). */
  new_after: Generated<number>;
}

export interface FlashcardReviewTable {
  /** The client's id (unique per user). */
  id: string;
  user_id: string;
  item_id: string;
  card_id: string;
  deck_id: string;
  content_version: number;
  rating: number;
  /** State name before the rating. */
  prev_state: string;
  /** The whole FSRS card before and after, JSON. */
  state_before: string;
  state_after: string;
  scheduled_days: number;
  elapsed_days: number;
  duration_ms: number;
  client_time: string;
  reviewed_at: string;
  undone_at: string | null;
  /** The study day the rating was counted in (activity_days); null before migration 0019. */
  study_day: string | null;
}

export interface FsrsParametersTable {
  user_id: string;
  /** JSON array of FSRS weights, null until fitted. */
  weights: string | null;
  review_count: Generated<number>;
  fitted_reviews: Generated<number>;
  fitted_at: string | null;
  updated_at: string;
}

/** An image of a deck's cards (migration 0016), served from /api/media/{id}. */
export interface MediaTable {
  id: string;
  owner_id: string;
  deck_id: string | null;
  /** What the bytes were sniffed as: image/png, image/jpeg, image/gif or image/webp. */
  mime: string;
  size: number;
  /** hex SHA-256 of the bytes. */
  sha256: string;
  data: Uint8Array;
  created_at: string;
}

/** An exercise item (migration 0018; docs/api/exercises.md). */
export interface ExerciseItemTable {
  id: string;
  author_id: string;
  skill_id: string | null;
  kind: string;
  stem: string;
  explanation: string;
  /** JSON: the parts a student never receives before answering (choices, answers, template). */
  spec: string;
  public: Generated<number>;
  /** Folded stem (lower case, no accents) for the author's search. */
  search: string;
  difficulty: Generated<number>;
  /** The learner model's guessing floor of the item (kind and choices), kept at write. */
  guess: Generated<number>;
  answer_count: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** One student's ability in one skill ('*': overall) — the learner model (migration 0018). */
export interface LearnerAbilityTable {
  user_id: string;
  skill_id: string;
  ability: number;
  answer_count: number;
  /** JSON array of the last results (1/0), newest last. */
  recent: string;
  level: string | null;
  updated_at: string;
}

/** A graded answer (migration 0018): the client's id makes the submit idempotent. */
export interface ItemAnswerTable {
  id: string;
  user_id: string;
  item_id: string;
  /** The item's skill, or '*'. */
  skill_id: string;
  /** 'practice' or 'assignment'. */
  context: string;
  attempt_id: string | null;
  /** JSON of the student's response. */
  response: string;
  correct: number;
  score: number;
  ability_before: number;
  ability_after: number;
  duration_ms: number;
  created_at: string;
  /** The deck this answer's automatic flashcard went to (migration 0023), or null. */
  flashcard_deck_id: Generated<string | null>;
}

/** A teacher's exercise set (migration 0018). */
export interface ExerciseSetTable {
  id: string;
  author_id: string;
  title: string;
  description: string;
  /** JSON array of `{ item_id }` and `{ skill_id, count }`. */
  entries: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A set given to a class (migration 0018). */
export interface AssignmentTable {
  id: string;
  class_id: string;
  set_id: string;
  title: string;
  description: string;
  /** The set's entries when it was assigned (JSON). */
  entries: string;
  open_at: string;
  due_at: string;
  attempts_allowed: number;
  shuffle: number;
  feedback: string;
  event_id: string | null;
  created_by: string | null;
  created_at: string;
}

/** One student's attempt at an assignment (migration 0018). */
export interface AssignmentAttemptTable {
  id: string;
  assignment_id: string;
  user_id: string;
  number: number;
  /** JSON array of item ids, in the order the student got them. */
  item_ids: string;
  started_at: string;
  submitted_at: string | null;
  score: number | null;
  late: Generated<number>;
}

/** One student's study day, all activity (migration 0019; docs/api/metrics.md). */
export interface ActivityDayTable {
  user_id: string;
  /** The study day (04:00 to 04:00 in the student's time zone), `YYYY-MM-DD`. */
  day: string;
  reviews: Generated<number>;
  reviews_passed: Generated<number>;
  young_reviews: Generated<number>;
  young_passed: Generated<number>;
  mature_reviews: Generated<number>;
  mature_passed: Generated<number>;
  answers: Generated<number>;
  answers_correct: Generated<number>;
  /** Capped at a day's 86,400,000 ms. */
  study_ms: Generated<number>;
  cleared: Generated<number>;
}

/** The part of a student's study day that belongs to one class (migration 0019). */
export interface ClassActivityDayTable {
  class_id: string;
  user_id: string;
  day: string;
  reviews: Generated<number>;
  reviews_passed: Generated<number>;
  answers: Generated<number>;
  answers_correct: Generated<number>;
  study_ms: Generated<number>;
}

/** A student's practice settings (migration 0020; docs/api/exercises.md "Settings"). */
export interface LearnerSettingsTable {
  user_id: string;
  /** 1: wrong answers with feedback at once become flashcards automatically. */
  auto_flashcards: Generated<number>;
  updated_at: string;
}

/** A saved Mermaid diagram (migration 0022). */
export interface DiagramTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  code: string;
  /** The diagram type read from the code's first meaningful line, or null. */
  kind: string | null;
  created_at: string;
  updated_at: string;
}

export interface DiagramShareTable {
  diagram_id: string;
  class_id: string;
  created_at: string;
}

/** A whiteboard (migration 0021; docs/api/boards.md). */
export interface BoardTable {
  id: string;
  owner_id: string;
  title: string;
  /** The sanitised Excalidraw scene (JSON text, images apart). */
  scene: string;
  scene_bytes: number;
  files_bytes: number;
  version: number;
  thumbnail: Uint8Array | null;
  thumbnail_bytes: number;
  presenting_class_id: string | null;
  handout_source_id: string | null;
  handout_class_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface BoardShareTable {
  board_id: string;
  class_id: string;
  created_at: string;
}

/** An image of a board: the bytes are a `media` row. */
export interface BoardFileTable {
  board_id: string;
  file_id: string;
  media_id: string;
  mime: string;
  bytes: number;
  created_at: string;
}

export interface Database {
  user: UserTable;
  classes: ClassTable;
  class_members: ClassMemberTable;
  class_invites: ClassInviteTable;
  class_events: ClassEventTable;
  calendar_feeds: CalendarFeedTable;
  user_actions: UserActionTable;
  user_api_keys: UserApiKeyTable;
  conversations: ConversationTable;
  messages: MessageTable;
  skills: SkillTable;
  decks: DeckTable;
  deck_shares: DeckShareTable;
  flashcards: FlashcardTable;
  flashcard_items: FlashcardItemTable;
  flashcard_states: FlashcardStateTable;
  flashcard_progress: FlashcardProgressTable;
  flashcard_reviews: FlashcardReviewTable;
  fsrs_parameters: FsrsParametersTable;
  media: MediaTable;
  exercise_items: ExerciseItemTable;
  learner_abilities: LearnerAbilityTable;
  item_answers: ItemAnswerTable;
  exercise_sets: ExerciseSetTable;
  assignments: AssignmentTable;
  assignment_attempts: AssignmentAttemptTable;
  activity_days: ActivityDayTable;
  class_activity_days: ClassActivityDayTable;
  learner_settings: LearnerSettingsTable;
  boards: BoardTable;
  board_shares: BoardShareTable;
  board_files: BoardFileTable;
  diagrams: DiagramTable;
  diagram_shares: DiagramShareTable;
}

export type Db = Kysely<Database>;
/** What a query runs on: the database, or a transaction a service opened (db/transaction.ts). */
export type Executor = Kysely<Database> | Transaction<Database>;
/** An open transaction (services pass it to queries; only queries use it). */
export type Trx = Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';
