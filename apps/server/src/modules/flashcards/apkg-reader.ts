import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import { Decompress } from 'fzstd';

/**
 * Reads an Anki package (`.apkg`: a zip) without Anki's code:
 * - the collection: `collection.anki21b` (zstd-compressed SQLite, schema 18: `notetypes`, `fields`,
 *   `decks` tables) when present — the `collection.anki2` beside it is then a stub telling old
 *   Anki versions to update —, else `collection.anki21` or `collection.anki2` (schema 11: note
 *   types and decks as JSON in `col.models` / `col.decks`);
 * - the `media` list: JSON `{ "0": "image.png" }` in legacy packages; in the current format a
 *   zstd-compressed protobuf `MediaEntries { repeated MediaEntry entries = 1 }` with
 *   `MediaEntry { string name = 1; …; uint32 legacy_zip_filename = 255 }`, where the i-th entry is
 *   the zip member named `i` (read here with a few lines of varint decoding: only names are
 *   needed). Media members of the current format are zstd-compressed themselves.
 * Note types: kind 1 (cloze) → cloze notes (the `Text` field, `Extra`/`Back Extra` as back); kind 0
 * → basic notes (the first two fields). Image-occlusion notes (cloze text made of
 * `image-occlusion:` shapes) and notes of a note type the package lacks are counted as skipped.
 * SQLite is opened from memory with better-sqlite3 (a copy, then `query_only`); Anki's `unicase`
 * collation, which the driver cannot register, is renamed NOCASE in that copy's schema first.
 * Every failure is an `ApkgError`; sizes are bounded (`ApkgLimits`) so a small file cannot expand
 * into an unbounded amount of memory.
 */

export type ApkgProblem =
  'not_a_zip' | 'no_collection' | 'bad_collection' | 'bad_media_list' | 'too_large';

export class ApkgError extends Error {
  readonly problem: ApkgProblem;
  constructor(problem: ApkgProblem, detail: string) {
    super(detail);
    this.name = 'ApkgError';
    this.problem = problem;
  }
}

export interface ApkgLimits {
  /** Largest collection once decompressed. */
  maxCollectionBytes: number;
  /** Largest media file kept (larger ones are left out, not an error). */
  maxMediaFileBytes: number;
  /** Most zip members. */
  maxEntries: number;
}

export const DEFAULT_APKG_LIMITS: ApkgLimits = {
  maxCollectionBytes: 256 * 1024 * 1024,
  maxMediaFileBytes: 2 * 1024 * 1024,
  maxEntries: 200_000,
};

export interface AnkiNote {
  kind: 'basic' | 'cloze';
  /** Anki HTML: the front (basic) or the cloze text. */
  front: string;
  /** Anki HTML: the back (basic) or the extra (cloze). */
  back: string;
  tags: string[];
}

export interface AnkiPackage {
  format: 'anki21b' | 'anki21' | 'anki2';
  /** The package's deck (of most of its notes; `::` between levels), null when only "Default". */
  deckName: string | null;
  notes: AnkiNote[];
  /** Notes of other note types (and notes without a usable front). */
  skipped: number;
  /** The bytes of the media files with these names (as written in the notes); missing ones absent. */
  loadMedia(names: Iterable<string>): Map<string, Uint8Array>;
}

const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const COLLECTIONS = ['collection.anki21b', 'collection.anki21', 'collection.anki2'] as const;
const DEFAULT_DECK_ID = '1';

export function readApkg(bytes: Uint8Array, limits: ApkgLimits = DEFAULT_APKG_LIMITS): AnkiPackage {
  const names = listMembers(bytes, limits);
  const collectionName = COLLECTIONS.find((n) => names.has(n));
  if (!collectionName) throw new ApkgError('no_collection', 'The package has no Anki collection');
  const format = collectionName.slice('collection.'.length) as AnkiPackage['format'];

  const wanted = new Set<string>([collectionName, 'media']);
  const members = extract(bytes, (name, declared) => {
    if (!wanted.has(name)) return false;
    if (declared > limits.maxCollectionBytes) {
      throw new ApkgError('too_large', `${name} is larger than allowed once unpacked`);
    }
    return true;
  });
  let collection = members[collectionName]!;
  if (format === 'anki21b' || isZstd(collection)) {
    collection = zstd(collection, limits.maxCollectionBytes, 'bad_collection');
  }
  const { notes, skipped, deckName } = readCollection(collection);
  const mediaNames = readMediaList(members.media);

  return {
    format,
    deckName,
    notes,
    skipped,
    loadMedia(requested) {
      const memberOf = new Map<string, string>();
      for (const name of requested) {
        const member = mediaNames.get(name) ?? mediaNames.get(safeDecode(name));
        if (member !== undefined) memberOf.set(member, name);
      }
      const out = new Map<string, Uint8Array>();
      if (memberOf.size === 0) return out;
      const files = extract(
        bytes,
        (member, declared) => memberOf.has(member) && declared <= limits.maxMediaFileBytes * 4,
      );
      for (const [member, data] of Object.entries(files)) {
        let file: Uint8Array | null = data;
        if (isZstd(file)) {
          try {
            file = zstd(file, limits.maxMediaFileBytes, 'too_large');
          } catch {
            file = null;
          }
        }
        if (file && file.byteLength <= limits.maxMediaFileBytes)
          out.set(memberOf.get(member)!, file);
      }
      return out;
    },
  };
}

/** Names of the zip's members (nothing is decompressed). */
function listMembers(bytes: Uint8Array, limits: ApkgLimits): Set<string> {
  const names = new Set<string>();
  extract(bytes, (name) => {
    names.add(name);
    if (names.size > limits.maxEntries)
      throw new ApkgError('too_large', 'Too many files in the package');
    return false;
  });
  return names;
}

function extract(
  bytes: Uint8Array,
  keep: (name: string, declaredSize: number) => boolean,
): Record<string, Uint8Array> {
  let seen = 0;
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        if (++seen > DEFAULT_APKG_LIMITS.maxEntries) {
          throw new ApkgError('too_large', 'Too many files in the package');
        }
        return keep(file.name, file.originalSize);
      },
    });
  } catch (err) {
    if (err instanceof ApkgError) throw err;
    throw new ApkgError('not_a_zip', `Not a readable zip file (${errorText(err)})`);
  }
}

function isZstd(bytes: Uint8Array | undefined): boolean {
  return !!bytes && bytes.length >= 4 && ZSTD_MAGIC.every((b, i) => bytes[i] === b);
}

/** zstd frames → bytes, refusing to grow past `max`. */
function zstd(bytes: Uint8Array, max: number, problem: ApkgProblem): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    const stream = new Decompress((chunk) => {
      total += chunk.length;
      if (total > max) throw new ApkgError('too_large', 'Larger than allowed once unpacked');
      chunks.push(chunk.slice());
    });
    stream.push(bytes, true);
  } catch (err) {
    if (err instanceof ApkgError) throw err;
    throw new ApkgError(problem, `Broken zstd data (${errorText(err)})`);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

interface NoteType {
  kind: number;
  fields: string[];
}

interface NoteRow {
  id: number | bigint;
  mid: number | bigint | string;
  tags: unknown;
  flds: unknown;
}

function readCollection(bytes: Uint8Array): {
  notes: AnkiNote[];
  skipped: number;
  deckName: string | null;
} {
  let db: Database.Database;
  try {
    // An in-memory copy: nothing written here reaches a file.
    db = new Database(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (err) {
    throw new ApkgError(
      'bad_collection',
      `The collection is not a SQLite database (${errorText(err)})`,
    );
  }
  try {
    db.pragma('trusted_schema = OFF');
    withoutUnicase(db);
    db.pragma('query_only = ON');
    const modern = hasTable(db, 'notetypes');
    const col = db.prepare('SELECT models, decks FROM col LIMIT 1').get() as
      { models: unknown; decks: unknown } | undefined;
    const legacyModels = typeof col?.models === 'string' ? col.models.trim() : '';
    const noteTypes =
      modern && legacyModels.length <= 2 ? modernNoteTypes(db) : legacyNoteTypes(legacyModels);
    const decks = modern && hasTable(db, 'decks') ? modernDecks(db) : legacyDecks(col?.decks);

    const deckOfNote = new Map<string, string>();
    for (const row of db.prepare('SELECT nid, did FROM cards').iterate() as Iterable<{
      nid: unknown;
      did: unknown;
    }>) {
      const nid = String(row.nid);
      if (!deckOfNote.has(nid)) deckOfNote.set(nid, String(row.did));
    }

    const notes: AnkiNote[] = [];
    const deckCounts = new Map<string, number>();
    let skipped = 0;
    for (const row of db
      .prepare('SELECT id, mid, tags, flds FROM notes ORDER BY id')
      .iterate() as Iterable<NoteRow>) {
      const type = noteTypes.get(String(row.mid));
      const note = type ? toNote(type, String(row.flds ?? ''), String(row.tags ?? '')) : null;
      if (!note) {
        skipped++;
        continue;
      }
      notes.push(note);
      const did = deckOfNote.get(String(row.id));
      if (did !== undefined) deckCounts.set(did, (deckCounts.get(did) ?? 0) + 1);
    }
    return { notes, skipped, deckName: packageDeckName(deckCounts, decks) };
  } catch (err) {
    if (err instanceof ApkgError) throw err;
    throw new ApkgError('bad_collection', `The collection could not be read (${errorText(err)})`);
  } finally {
    db.close();
  }
}

/**
 * Schema 18 declares names `COLLATE unicase`, Anki's own collation, which this driver cannot
 * register: a WITHOUT ROWID table with such a column (`fields`, `templates`) cannot even be read
 * ("no query solution"). The in-memory copy's schema text is changed to NOCASE instead (we never
 * compare or sort by those columns, so the indexes' order does not matter).
 */
function withoutUnicase(db: Database.Database): void {
  const uses = db
    .prepare("SELECT 1 AS x FROM sqlite_master WHERE sql LIKE '%unicase%' LIMIT 1")
    .get();
  if (!uses) return;
  db.unsafeMode(true);
  try {
    db.pragma('writable_schema = ON');
    db.prepare(
      `UPDATE sqlite_master SET sql = replace(replace(sql, 'unicase', 'nocase'), 'UNICASE', 'NOCASE')
       WHERE sql LIKE '%unicase%'`,
    ).run();
    db.pragma('writable_schema = RESET');
  } finally {
    db.unsafeMode(false);
  }
}

function hasTable(db: Database.Database, name: string): boolean {
  return (
    db.prepare("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !==
    undefined
  );
}

/** Schema 18: `notetypes.config` is a protobuf whose field 1 is the kind (0 normal, 1 cloze). */
function modernNoteTypes(db: Database.Database): Map<string, NoteType> {
  const types = new Map<string, NoteType>();
  for (const row of db.prepare('SELECT id, config FROM notetypes').iterate() as Iterable<{
    id: unknown;
    config: unknown;
  }>) {
    const config = row.config instanceof Uint8Array ? row.config : new Uint8Array();
    const kind = Number(protoFields(config).find((f) => f.field === 1 && f.wire === 0)?.value ?? 0);
    types.set(String(row.id), { kind, fields: [] });
  }
  const fields: Array<{ ntid: string; ord: number; name: string }> = [];
  for (const row of db.prepare('SELECT ntid, ord, name FROM fields').iterate() as Iterable<{
    ntid: unknown;
    ord: unknown;
    name: unknown;
  }>) {
    fields.push({ ntid: String(row.ntid), ord: Number(row.ord), name: String(row.name) });
  }
  fields.sort((a, b) => a.ord - b.ord);
  for (const f of fields) types.get(f.ntid)?.fields.push(f.name);
  return types;
}

/** Schema 11: `col.models` = `{ "<id>": { type: 0|1, flds: [{ name, ord }] } }`. */
function legacyNoteTypes(json: string): Map<string, NoteType> {
  const types = new Map<string, NoteType>();
  const models = parseJsonObject(json, 'bad_collection', 'note types');
  for (const [id, model] of Object.entries(models)) {
    if (!model || typeof model !== 'object') continue;
    const m = model as { type?: unknown; flds?: unknown };
    const flds = Array.isArray(m.flds) ? (m.flds as Array<{ name?: unknown; ord?: unknown }>) : [];
    const fields = [...flds]
      .sort((a, b) => Number(a.ord ?? 0) - Number(b.ord ?? 0))
      .map((f) => String(f.name ?? ''));
    types.set(String(id), { kind: Number(m.type ?? 0), fields });
  }
  return types;
}

/** Schema 18 deck names separate levels with U+001F. */
function modernDecks(db: Database.Database): Map<string, string> {
  const decks = new Map<string, string>();
  for (const row of db.prepare('SELECT id, name FROM decks').iterate() as Iterable<{
    id: unknown;
    name: unknown;
  }>) {
    decks.set(String(row.id), String(row.name).split('\u001f').join('::'));
  }
  return decks;
}

function legacyDecks(json: unknown): Map<string, string> {
  const decks = new Map<string, string>();
  if (typeof json !== 'string' || json.trim() === '') return decks;
  for (const [id, deck] of Object.entries(parseJsonObject(json, 'bad_collection', 'decks'))) {
    const name = (deck as { name?: unknown } | null)?.name;
    if (typeof name === 'string') decks.set(String(id), name);
  }
  return decks;
}

/** The deck most notes are in — or the deepest level all of them share. */
function packageDeckName(counts: Map<string, number>, decks: Map<string, string>): string | null {
  const used = [...counts.entries()].filter(([id]) => decks.has(id));
  if (used.length === 0) return null;
  const names = used.map(([id]) => decks.get(id)!);
  let common = names[0]!.split('::');
  for (const name of names.slice(1)) {
    const parts = name.split('::');
    let i = 0;
    while (i < common.length && i < parts.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  let name = common.join('::').trim();
  if (name === '') {
    used.sort((a, b) => b[1] - a[1]);
    name = decks.get(used[0]![0])!.trim();
  }
  const onlyDefault = used.every(([id]) => id === DEFAULT_DECK_ID);
  return name === '' || onlyDefault ? null : name;
}

function toNote(type: NoteType, flds: string, tagText: string): AnkiNote | null {
  const values = flds.split('\u001f');
  const tags = tagText.split(/\s+/).filter((t) => t !== '');
  if (type.kind === 1) {
    const names = type.fields.map((n) => n.trim().toLowerCase());
    let text = names.indexOf('text');
    if (text < 0 || text >= values.length) text = 0;
    let extra = names.findIndex((n, i) => i !== text && n.includes('extra'));
    if (extra < 0) extra = values.findIndex((_, i) => i !== text);
    const front = values[text] ?? '';
    if (front.trim() === '' || /image-occlusion:/i.test(front)) return null;
    return { kind: 'cloze', front, back: extra >= 0 ? (values[extra] ?? '') : '', tags };
  }
  if (type.kind !== 0) return null;
  const front = values[0] ?? '';
  if (front.trim() === '') return null;
  return { kind: 'basic', front, back: values[1] ?? '', tags };
}

/** The media list: zip member → file name, inverted (file name → member). */
function readMediaList(bytes: Uint8Array | undefined): Map<string, string> {
  const byName = new Map<string, string>();
  if (!bytes || bytes.length === 0) return byName;
  if (isZstd(bytes)) {
    const entries = protoFields(zstd(bytes, 64 * 1024 * 1024, 'bad_media_list'), 'bad_media_list');
    let index = 0;
    for (const entry of entries) {
      if (entry.field !== 1 || !(entry.value instanceof Uint8Array)) continue;
      const fields = protoFields(entry.value, 'bad_media_list');
      const name = fields.find((f) => f.field === 1 && f.value instanceof Uint8Array)?.value;
      const legacy = fields.find((f) => f.field === 255 && f.wire === 0)?.value;
      if (name instanceof Uint8Array) {
        byName.set(new TextDecoder().decode(name), String(legacy ?? index));
      }
      index++;
    }
    return byName;
  }
  const text = new TextDecoder().decode(bytes);
  for (const [member, name] of Object.entries(parseJsonObject(text, 'bad_media_list', 'media'))) {
    if (typeof name === 'string') byName.set(name, member);
  }
  return byName;
}

interface ProtoField {
  field: number;
  wire: number;
  value: number | Uint8Array;
}

/**
 * The top-level fields of a protobuf message: varints as numbers (exact up to 2^53), length-
 * delimited values as bytes, fixed 32/64-bit values skipped as bytes.
 */
export function protoFields(
  bytes: Uint8Array,
  problem: ApkgProblem = 'bad_collection',
): ProtoField[] {
  const out: ProtoField[] = [];
  let at = 0;
  const varint = (): number => {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (at >= bytes.length) throw new ApkgError(problem, 'Truncated protobuf');
      const b = bytes[at++]!;
      result += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return result;
      scale *= 128;
    }
    throw new ApkgError(problem, 'Malformed protobuf varint');
  };
  const take = (n: number): Uint8Array => {
    if (n < 0 || at + n > bytes.length) throw new ApkgError(problem, 'Truncated protobuf');
    const v = bytes.subarray(at, at + n);
    at += n;
    return v;
  };
  while (at < bytes.length) {
    const key = varint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) out.push({ field, wire, value: varint() });
    else if (wire === 2) out.push({ field, wire, value: take(varint()) });
    else if (wire === 1) out.push({ field, wire, value: take(8) });
    else if (wire === 5) out.push({ field, wire, value: take(4) });
    else throw new ApkgError(problem, `Unsupported protobuf wire type ${wire}`);
  }
  return out;
}

function parseJsonObject(
  text: string,
  problem: ApkgProblem,
  what: string,
): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApkgError(problem, `The ${what} list is not JSON`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApkgError(problem, `The ${what} list is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

function safeDecode(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
