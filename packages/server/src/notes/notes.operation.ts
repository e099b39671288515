import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { entityByName, entities } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import type { Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { createIn, updateIn, type Caller, type Query } from '../entities/crud.operation.ts';
import { insertHistory } from '../entities/history.ts';
import { adminLevel, canReadEntity, entityPath, type Grants } from '../auth/permissions.ts';
import { checkedMentions } from './mentions.ts';

/**
 * Notes on records of any kind (docs/notes.md): who may read, write, edit and delete them, their
 * mentions and their earlier texts. A note is read by whoever may read its record's kind, added
 * by whoever may also write notes, and edited, pinned or deleted by its author or an
 * administrator. Every write goes through the generic write path (createIn, updateIn) or writes
 * its History row itself (a delete), so that the note's history keeps every earlier text.
 */
export const noteEntity = entityByName('Note')!;
const historyEntity = entityByName('History')!;

/** The signed-in caller of a note's route: who they are and what they may read. */
export type NoteCaller = Caller & Grants;

/** Tells the mentioned users (the notifications module's `notify`, wired in notes.module.ts). */
export type MentionNotifier = (tx: Tx, caller: NoteCaller, mention: Mention) => Promise<void>;

/** A note whose text mentions `usernames` for the first time. */
export interface Mention {
  usernames: string[];
  note: Doc;
  kind: Entity;
}

/** What a client writes of a new note. */
export interface NoteInput {
  entityName: string;
  entityRegistration: string;
  text: string;
  pinned?: boolean;
  type?: string | null;
}

/** What a client changes of a note: its text, its pin, and the version it edited. */
export interface NoteChange {
  text?: string;
  pinned?: boolean;
  type?: string | null;
  _version?: number;
}

const EXCERPT_LENGTH = 120;

/** A note's name: its first words without Markdown's marks, as lists and links show it. */
export function excerptOf(text: string): string {
  const plain = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_`~]+/g, '')
    .replace(/[#>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : plain;
}

/** The kind a note belongs to, by name; notes do not hold notes. */
function kindNamed(name: string): Entity {
  const kind = entityByName(name);
  if (!kind || kind === noteEntity) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(name), 'entityName']);
  return kind;
}

/** Refuses a caller who may not read the record's kind: its notes are as private as the record. */
function mustRead(caller: NoteCaller, kind: Entity): void {
  if (!canReadEntity(caller, kind)) throw new ApiError('FORBIDDEN', [`read ${entityPath(kind)}`]);
}

/** Refuses a change by anyone but the note's author or an administrator. */
function mustOwn(caller: NoteCaller, row: storage.Row): void {
  if (row._insert_user === caller.username || adminLevel(caller) > 0) return;
  throw new ApiError('FORBIDDEN', [`author or administrator of note ${row.registration}`]);
}

/** A note the caller may read, with its record's kind; 404 when the tenant has none. */
async function readableNote(tx: Tx, caller: NoteCaller, id: string, forUpdate = false) {
  const row = await storage.findOne(tx, noteEntity, caller.tenant, id, forUpdate);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [noteEntity.name, id]);
  const kind = entityByName(String(row.data.entityName));
  if (!kind) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [noteEntity.name, id]);
  mustRead(caller, kind);
  return { row, kind };
}

export async function readNote(tx: Tx, caller: NoteCaller, id: string): Promise<Doc> {
  return storage.toDocument((await readableNote(tx, caller, id)).row);
}

/** Writes a note on a record the caller may read; its mentions are told. */
export async function createNote(tx: Tx, caller: NoteCaller, input: NoteInput, notify?: MentionNotifier): Promise<Doc> {
  const kind = kindNamed(input.entityName);
  mustRead(caller, kind);
  const record = await storage.findOne(tx, kind, caller.tenant, input.entityRegistration);
  if (!record) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [kind.name, input.entityRegistration]);
  const mentions = await checkedMentions(tx, caller.tenant, input.text, kind);
  const note = await createIn(tx, caller, noteEntity, {
    name: excerptOf(input.text),
    status: 'PUBLISHED',
    entityName: kind.name,
    entityRegistration: record.registration,
    text: input.text,
    pinned: input.pinned ?? false,
    ...(input.type ? { type: input.type } : {}),
    mentions: mentions.map((username) => ({ username })),
  });
  const told = mentions.filter((username) => username !== caller.username);
  if (told.length && notify) await notify(tx, caller, { usernames: told, note, kind });
  return note;
}

/** Changes a note's text, pin or type (its author or an administrator); newly mentioned users are told. */
export async function updateNote(
  tx: Tx,
  caller: NoteCaller,
  id: string,
  change: NoteChange,
  notify?: MentionNotifier,
): Promise<Doc> {
  const { row, kind } = await readableNote(tx, caller, id, true);
  mustOwn(caller, row);
  if (change._version !== undefined && change._version !== row._version)
    throw new ApiError('VERSION_CONFLICT', [noteEntity.name, id, change._version, row._version]);
  const before = row.data as Doc;
  const next: Doc = { ...before };
  let newlyMentioned: string[] = [];
  if (change.text !== undefined && change.text !== before.text) {
    const mentions = await checkedMentions(tx, caller.tenant, change.text, kind);
    const earlier = new Set(((before.mentions as { username?: string }[] | undefined) ?? []).map((m) => m.username));
    newlyMentioned = mentions.filter((username) => !earlier.has(username) && username !== caller.username);
    Object.assign(next, {
      text: change.text,
      name: excerptOf(change.text),
      mentions: mentions.map((username) => ({ username })),
      editedDate: new Date().toISOString(),
      editedBy: caller.username,
    });
  }
  if (change.pinned !== undefined) next.pinned = change.pinned;
  if (change.type !== undefined) next.type = change.type;
  const note = await updateIn(tx, caller, noteEntity, row, next);
  if (newlyMentioned.length && notify) await notify(tx, caller, { usernames: newlyMentioned, note, kind });
  return note;
}

/** Deletes a note (its author or an administrator), with its History row. */
export async function removeNote(tx: Tx, caller: NoteCaller, id: string): Promise<Doc> {
  const { row } = await readableNote(tx, caller, id, true);
  mustOwn(caller, row);
  const before = storage.toDocument(row);
  await storage.deleteRow(tx, noteEntity, caller.tenant, row._id);
  await insertHistory(tx, caller, {
    entityName: noteEntity.name,
    entityRegistration: row.registration,
    action: 'DELETE',
    before,
  });
  return before;
}

/** One text a note has had: who wrote it and when, newest first. */
export interface NoteVersion {
  date: string;
  user: string;
  action: string;
  text: string;
}

/** The texts a note has had, from its History rows (the write path keeps each change's before and after). */
export async function noteVersions(tx: Tx, caller: NoteCaller, id: string): Promise<NoteVersion[]> {
  const { row } = await readableNote(tx, caller, id);
  const rows = await storage.findWhere(
    tx,
    historyEntity,
    caller.tenant,
    sql<boolean>`data ->> 'entityName' = ${noteEntity.name} AND data ->> 'entityRegistration' = ${row.registration}
      AND data -> 'changes' -> 'text' IS NOT NULL`,
  );
  return rows
    .map((history) => {
      const data = history.data as Doc;
      const change = (data.changes as Record<string, { to?: unknown }>).text;
      return {
        date: String(data.date),
        user: String(data.user ?? history._insert_user),
        action: String(data.action),
        text: typeof change?.to === 'string' ? change.to : '',
      };
    })
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** `a,b,-c` as its values. */
const valuesOf = (raw: Query[string]) =>
  (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The list query of notes the caller may read: the notes of kinds they may not read are left out
 * (`entityName=…,-Contract`), and asking for the notes of one such kind is refused. Pinned notes
 * come first, newest next (by number within one instant), unless the query sorts otherwise.
 */
export function readableNotesQuery(caller: NoteCaller, query: Query): Query {
  const asked = valuesOf(query.entityName);
  const named = asked.filter((v) => !v.startsWith('-'));
  if (named.length === 1) {
    const kind = entityByName(named[0]);
    if (kind) mustRead(caller, kind);
  }
  const hidden = entities.filter((kind) => kind !== noteEntity && !canReadEntity(caller, kind)).map((k) => k.name);
  const entityName = [...asked, ...hidden.map((name) => `-${name}`)].join(',');
  return {
    ...query,
    ...(entityName ? { entityName } : {}),
    sort: typeof query.sort === 'string' && query.sort ? query.sort : '-pinned,-_insertDate,-registration',
  };
}
