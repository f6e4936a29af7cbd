import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-init.ts';
import * as m0002 from './0002-classes.ts';
import * as m0003 from './0003-classes-read-indexes.ts';
import * as m0004 from './0004-conversations.ts';
import * as m0006 from './0006-messages-search.ts';
import * as m0007 from './0007-conversation-search.ts';
import * as m0008 from './0008-cache-versions.ts';
import * as m0009 from './0009-search-cheaper-inserts.ts';
import * as m0010 from './0010-streaming-answers-index.ts';
import * as m0011 from './0011-cache-trigger-sync.ts';
import * as m0012 from './0012-class-require-socratic.ts';
import * as m0013 from './0013-class-events-next.ts';
import * as m0014 from './0014-flashcards.ts';
import * as m0015 from './0015-skills.ts';
import * as m0016 from './0016-media.ts';
import * as m0017 from './0017-flashcards-indexes.ts';
import * as m0018 from './0018-exercises.ts';
import * as m0019 from './0019-activity-rollups.ts';
import * as m0020 from './0020-learner-settings.ts';
import * as m0021 from './0021-boards.ts';
import * as m0022 from './0022-diagrams.ts';
import * as m0023 from './0023-answer-flashcards.ts';
import * as m0024 from './0024-class-list-order.ts';
import * as m0025 from './0025-covering-read-indexes.ts';
import * as m0026 from './0026-mistake-flashcards.ts';

/**
 * Every app migration, in order. Add new ones at the end; never edit a landed one. The key is the
 * migration's name in the database's bookkeeping and never changes (files were renamed to
 * kebab-case in issue 10; their keys kept the underscores they landed with).
 */
export const migrations: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_classes': m0002,
  '0003_classes_read_indexes': m0003,
  '0004_conversations': m0004,
  '0006_messages_search': m0006,
  '0007_conversation_search': m0007,
  '0008_cache_versions': m0008,
  '0009_search_cheaper_inserts': m0009,
  '0010_streaming_answers_index': m0010,
  '0011_cache_trigger_sync': m0011,
  '0012_class_require_socratic': m0012,
  '0013_class_events_next': m0013,
  '0014_flashcards': m0014,
  '0015_skills': m0015,
  '0016_media': m0016,
  '0017_flashcards_indexes': m0017,
  '0018_exercises': m0018,
  '0019_activity_rollups': m0019,
  '0020_learner_settings': m0020,
  '0021_boards': m0021,
  '0022_diagrams': m0022,
  '0023_answer_flashcards': m0023,
  '0024_class_list_order': m0024,
  '0025_covering_read_indexes': m0025,
  '0026_mistake_flashcards': m0026,
};
