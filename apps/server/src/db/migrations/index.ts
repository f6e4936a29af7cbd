import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_init.ts';
import * as m0002 from './0002_classes.ts';
import * as m0003 from './0003_classes_read_indexes.ts';
import * as m0004 from './0004_conversations.ts';
import * as m0006 from './0006_messages_search.ts';
import * as m0007 from './0007_conversation_search.ts';
import * as m0008 from './0008_cache_versions.ts';
import * as m0009 from './0009_search_cheaper_inserts.ts';

/** Every app migration, in order. Add new ones at the end; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_classes': m0002,
  '0003_classes_read_indexes': m0003,
  '0004_conversations': m0004,
  '0006_messages_search': m0006,
  '0007_conversation_search': m0007,
  '0008_cache_versions': m0008,
  '0009_search_cheaper_inserts': m0009,
};
