import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { extensionOf, safeFileName } from '@lbo/model/values/files';
import type { Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { insertHistories, insertHistory } from '../entities/history.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { isPicture, storeThumbnail } from './thumbnails.ts';

/**
 * Attaching a document to a record, for the upload route and for every domain that writes one
 * (an issued invoice's PDF, the demo book's pictures): the content goes into the object store
 * first (with a thumbnail for a picture), then the Document record is written in the caller's
 * transaction with its history. A content whose record is not written is discarded.
 */
export const documentEntity = entityByName('Document')!;

export interface Actor {
  tenant: string;
  username: string;
}

/** The record a document belongs to. */
export interface DocumentParent {
  entity: Entity;
  registration: string;
}

/** A content in the store, ready to be named by a Document record. */
export interface StoredContent {
  key: string;
  name: string;
  size: number;
  sha256: string;
  contentType: string;
  thumbnailKey?: string;
}

/** What a Document record says besides its content. */
export interface DocumentFields {
  type?: string | null;
  name?: string;
  sortIndex?: number;
  status?: string;
}

/** A document as answered: everything but where its content is kept; pictures say they have a thumbnail. */
export function shownDocument(doc: Doc): Doc {
  const { storageKey: _key, thumbnailKey, ...rest } = doc;
  return thumbnailKey ? { ...rest, thumbnail: true } : rest;
}

/** Writes `content` into the store under a new key of `tenant`, with a thumbnail when `name` is a picture's. */
export async function storeContent(
  store: ObjectStore,
  tenant: string,
  name: string,
  content: Buffer | Readable,
  contentType: string,
): Promise<StoredContent> {
  const key = `${tenant}/${crypto.randomUUID()}`;
  const stored = await store.put(key, Buffer.isBuffer(content) ? Readable.from([content]) : content);
  return withThumbnail(store, tenant, {
    key,
    name: safeFileName(name),
    size: stored.size,
    sha256: stored.sha256,
    contentType,
  });
}

/** Adds the thumbnail of a stored picture (none for other contents, nor for a picture sharp cannot read). */
export async function withThumbnail(
  store: ObjectStore,
  tenant: string,
  content: StoredContent,
): Promise<StoredContent> {
  if (!isPicture(extensionOf(content.name))) return content;
  const thumbnailKey = await storeThumbnail(store, tenant, content.key);
  return thumbnailKey ? { ...content, thumbnailKey } : content;
}

/** Removes a content whose record was not written. */
export async function discardContent(
  store: ObjectStore,
  content: Pick<StoredContent, 'key' | 'thumbnailKey'>,
): Promise<void> {
  await store.remove(content.key);
  if (content.thumbnailKey) await store.remove(content.thumbnailKey);
}

/**
 * A record has one main picture (spec 002 §3, MAINIMAGE): naming another one makes the former
 * main picture an ordinary one (IMAGE), with its history.
 */
export async function keepOneMainImage(tx: Tx, actor: Actor, parent: DocumentParent, mainId: string): Promise<void> {
  const others = await storage.findWhere(
    tx,
    documentEntity,
    actor.tenant,
    sql<boolean>`data ->> 'entityName' = ${parent.entity.name}
    AND data ->> 'entityRegistration' = ${parent.registration} AND type = 'MAINIMAGE' AND _id <> ${mainId}`,
  );
  for (const row of others) {
    const saved = await storage.updateRow(tx, documentEntity, actor.tenant, actor.username, row._id, {
      ...row.data,
      registration: row.registration,
      status: row.status,
      name: row.name,
      type: 'IMAGE',
    });
    await insertHistory(tx, actor, {
      entityName: documentEntity.name,
      entityRegistration: row.registration,
      action: 'UPDATE',
      before: shownDocument(storage.toDocument(row)),
      after: shownDocument(storage.toDocument(saved)),
    });
  }
}

const documentRegistration = (counter: number) => `${documentEntity.prefix}${String(counter).padStart(6, '0')}`;

/** What a Document record holds for `content` stored for `parent`. */
function documentData(
  registration: string,
  parent: DocumentParent,
  content: StoredContent,
  fields: DocumentFields,
): Doc {
  return {
    registration,
    name: safeFileName(fields.name?.trim() || content.name),
    type: fields.type?.trim() || null,
    status: fields.status ?? 'UPLOADED',
    entityName: parent.entity.name,
    entityRegistration: parent.registration,
    size: content.size,
    contentType: content.contentType,
    checksum: content.sha256,
    storageKey: content.key,
    ...(content.thumbnailKey ? { thumbnailKey: content.thumbnailKey } : {}),
    ...(fields.sortIndex === undefined ? {} : { sortIndex: fields.sortIndex }),
  };
}

/** Writes the Document record naming `content`, under `parent`, with its history; answers it as stored. */
export async function recordDocument(
  tx: Tx,
  actor: Actor,
  parent: DocumentParent,
  content: StoredContent,
  fields: DocumentFields = {},
): Promise<Doc> {
  const row = await storage.insertRow(
    tx,
    documentEntity,
    actor.tenant,
    actor.username,
    documentData(
      documentRegistration(await storage.nextCounter(tx, actor.tenant, documentEntity.name)),
      parent,
      content,
      fields,
    ),
  );
  if (row.type === 'MAINIMAGE') await keepOneMainImage(tx, actor, parent, row._id);
  const doc = storage.toDocument(row);
  await insertHistory(tx, actor, {
    entityName: documentEntity.name,
    entityRegistration: row.registration,
    action: 'CREATE',
    after: shownDocument(doc),
  });
  return doc;
}

/** A content to record as a document of its parent (`recordDocuments`). */
export interface DocumentToRecord {
  parent: DocumentParent;
  content: StoredContent;
  fields?: DocumentFields;
}

/**
 * Records many stored contents at once, as `recordDocument` records one: their registrations taken
 * together, their records in one statement and their History rows in another (a dunning run's
 * letters, a hundred at a time). A main picture goes through `recordDocument`, which demotes the former one.
 */
export async function recordDocuments(tx: Tx, actor: Actor, documents: DocumentToRecord[]): Promise<void> {
  const plain: DocumentToRecord[] = [];
  for (const d of documents)
    if (d.fields?.type?.trim() === 'MAINIMAGE') await recordDocument(tx, actor, d.parent, d.content, d.fields);
    else plain.push(d);
  if (!plain.length) return;
  const first = await storage.nextCounters(tx, actor.tenant, documentEntity.name, plain.length);
  const docs = plain.map((d, i) => documentData(documentRegistration(first + i), d.parent, d.content, d.fields ?? {}));
  await storage.insertMany(tx, documentEntity, actor.tenant, actor.username, docs);
  await insertHistories(
    tx,
    actor,
    docs.map((doc) => ({
      entityName: documentEntity.name,
      entityRegistration: String(doc.registration),
      action: 'CREATE',
      after: shownDocument(doc),
    })),
  );
}
