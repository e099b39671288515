import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Entity } from '@lbo/model/entity';
import { ApiError } from '@lbo/model/errors';
import { idParams, queryFlag, registration } from '@lbo/model/schema/request-values';
import { isObject, validateFields } from '@lbo/model/values/validate';
import {
  checkContent,
  checkExtension,
  defaultDocumentExtensions,
  defaultMaxDocumentSize,
  HEAD_BYTES,
  safeFileName,
  sizeInBytes,
} from '@lbo/model/values/files';
import { inTenant, readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { insertHistory } from '../entities/history.ts';
import { tenantConfigOf } from '../db/configuration.ts';
import type { ObjectStore } from '../db/object-store.ts';
import {
  discardContent,
  documentEntity,
  keepOneMainImage,
  recordDocument,
  shownDocument,
  withThumbnail,
  type StoredContent,
} from './attach.ts';
import type { SessionService } from '../auth/sessions.ts';
import { contentDisposition } from '../http/downloads.ts';
import { typed } from '../http/schemas.ts';
import { tenantRulesOf } from '../entities/tenant-rules.ts';
import { processUpload, uploadDescription } from './upload-processing.ts';

/**
 * Documents of every kind (spec 000 §7, 002 §7): `{route}/{registration}/documents` lists,
 * uploads (multipart: file, type, name), reads the content (a download, `?base64=true`,
 * `?contentDisposition=inline`), renames and deletes the Document records of a record, governed
 * by its parent's permission and tenant. The content streams into the object store before the
 * record is written; a refused or broken upload leaves neither.
 */
/** The most an upload may carry whatever the tenant says: 2 GB. */
const HARD_LIMIT = 2048 * 1_048_576;

type PreHandler = (request: FastifyRequest) => Promise<void>;

/** The tenant's file rules: `options.maxDocumentSize` (like `5MB`) and `options.documentExtensions`. */
async function fileRulesOf(tx: Tx, tenant: string) {
  const options = (await tenantConfigOf(tx, tenant)).options ?? {};
  const sizeText =
    typeof options.maxDocumentSize === 'string' || typeof options.maxDocumentSize === 'number'
      ? options.maxDocumentSize
      : defaultMaxDocumentSize;
  const maxBytes = Math.min(sizeInBytes(sizeText) ?? sizeInBytes(defaultMaxDocumentSize)!, HARD_LIMIT);
  const listed = Array.isArray(options.documentExtensions)
    ? options.documentExtensions.filter((e): e is string => typeof e === 'string')
    : [];
  return {
    maxBytes,
    maxText: String(sizeText),
    extensions: listed.length ? listed.map((e) => e.toLowerCase().replace(/^\./, '')) : defaultDocumentExtensions,
  };
}

const shown = shownDocument;

/** A document's type: a value of its kind's list as the tenant has it, checked by `checkedType`. */
const documentType = z
  .string()
  .max(200)
  .describe('a value of the list documentType (the tenant’s, when it has its own)');

const renameBody = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  type: documentType.nullish(),
  sortIndex: z.number().int().nullish(),
});

const documentParams = z.strictObject({ id: registration, documentId: registration });

const contentQuery = z.strictObject({
  base64: queryFlag.optional(),
  contentDisposition: z.enum(['inline', 'attachment']).optional(),
  token: z
    .string()
    .max(2000)
    .optional()
    .describe('the token a listed document carries: opens its content without signing in, for a few minutes'),
  thumbnail: queryFlag
    .optional()
    .describe("a picture's thumbnail (320 px JPEG) instead of the picture; the content itself for other documents"),
});

export interface DocumentRouteOptions {
  db: Db;
  store: ObjectStore;
  sessions: Pick<SessionService, 'documentToken' | 'documentTokenClaims'>;
  preHandler: PreHandler;
  entities: Entity[];
}

/** Who reads a content: the signed-in caller, or the holder of a token for that one document. */
type Reader = { tenant: string; username: string };

export async function documentRoutes(
  app: FastifyInstance,
  { db, store, sessions, preHandler, entities }: DocumentRouteOptions,
) {
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 10_000, fileSize: HARD_LIMIT } });
  const api = typed(app);
  const scope = (request: FastifyRequest) => scopeOf(request.caller!);
  const tokenReaders = new WeakMap<FastifyRequest, Reader>();
  const readerOf = (request: FastifyRequest): Reader => tokenReaders.get(request) ?? request.caller!;

  /**
   * A content link opened in a new window carries no session: `token` (given with each listed
   * document, for a few minutes) opens that one document; without it, the caller signs in as usual.
   */
  async function signedInOrToken(request: FastifyRequest) {
    // A hook sees the request before validation: the parts are read as they came.
    const { query, params } = request;
    const token = isObject(query) ? query.token : undefined;
    if (typeof token !== 'string' || !token) return preHandler(request);
    const claims = await sessions.documentTokenClaims(token);
    if (!claims || !isObject(params) || claims.documentId !== params.documentId) throw new ApiError('UNAUTHENTICATED');
    tokenReaders.set(request, { tenant: claims.tenant, username: claims.username });
  }

  /** The parent record, in the caller's tenant. */
  async function parentOf(tx: Tx, caller: Reader, entity: Entity, id: string): Promise<storage.Row> {
    const row = await storage.findOne(tx, entity, caller.tenant, id);
    if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [entity.name, id]);
    return row;
  }

  /** A document of the parent (by `_id` or registration), in the caller's tenant. */
  async function documentOf(
    tx: Tx,
    caller: Reader,
    parent: { entity: Entity; registration: string } | undefined,
    id: string,
    forUpdate = false,
  ) {
    const row = await storage.findOne(tx, documentEntity, caller.tenant, id, forUpdate);
    const matches =
      row &&
      (!parent || (row.data.entityName === parent.entity.name && row.data.entityRegistration === parent.registration));
    if (!row || !matches) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [documentEntity.name, id]);
    return row;
  }

  /** Streams the content of a stored document, as a download, inline, or base64 text. */
  async function sendContent(
    request: FastifyRequest,
    reply: FastifyReply,
    row: storage.Row,
    query: z.infer<typeof contentQuery>,
  ) {
    const caller = readerOf(request);
    const thumbnail = query.thumbnail === 'true' && typeof row.data.thumbnailKey === 'string';
    const key = String((thumbnail ? row.data.thumbnailKey : row.data.storageKey) ?? '');
    // The key is the server's; one of another tenant is never read, whatever the record says.
    const found = key.startsWith(`${caller.tenant}/`) ? await store.get(key) : undefined;
    if (!found) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Document content', row.registration]);
    const name = String(row.data.name ?? row.registration);
    const type = thumbnail
      ? 'image/jpeg'
      : typeof row.data.contentType === 'string'
        ? row.data.contentType
        : 'application/octet-stream';
    reply.header('cache-control', 'private, no-store');
    if (query.base64 === 'true') {
      const chunks: Buffer[] = [];
      for await (const chunk of found.content) chunks.push(chunk as Buffer);
      return reply.type('text/plain; charset=utf-8').send(Buffer.concat(chunks).toString('base64'));
    }
    reply.header('content-disposition', contentDisposition(query.contentDisposition ?? 'attachment', name));
    reply.header('content-length', String(found.size));
    reply.header('x-content-type-options', 'nosniff');
    return reply.type(type).send(found.content);
  }

  /** Receives the upload: the file streams into the store, checked as it passes; the fields are read around it. */
  async function receive(request: FastifyRequest, rules: Awaited<ReturnType<typeof fileRulesOf>>, key: string) {
    const fields: Record<string, string> = {};
    let stored: { name: string; size: number; sha256: string; contentType: string; extension: string } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || stored) throw new ApiError('INVALID_FIELD_IN_BODY', [part.fieldname]);
        stored = await storeFile(part, rules, key);
      }
    } catch (error) {
      await store.remove(key);
      if (error instanceof ApiError) throw error;
      const code = (error as { code?: string }).code ?? '';
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('FILE_TOO_LARGE', [rules.maxText]);
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new ApiError('MISSING_FILE_IN_REQUEST');
      // The parser's refusals without a code: no boundary, a body cut short.
      throw new ApiError('INVALID_FIELD_IN_BODY', ['file']);
    }
    if (!stored) throw new ApiError('MISSING_FILE_IN_REQUEST');
    return { stored, fields };
  }

  async function storeFile(part: MultipartFile, rules: Awaited<ReturnType<typeof fileRulesOf>>, key: string) {
    const name = safeFileName(part.filename ?? '');
    const extension = checkExtension(name, rules.extensions);
    let head = Buffer.alloc(0);
    const inspect = (chunk: Buffer, seenBefore: number) => {
      if (seenBefore + chunk.length > rules.maxBytes) throw new ApiError('FILE_TOO_LARGE', [rules.maxText]);
      if (head.length < HEAD_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        if (head.length >= HEAD_BYTES) checkContent(head, name, extension);
      }
    };
    const { size, sha256 } = await store.put(key, part.file, inspect);
    if (part.file.truncated) throw new ApiError('FILE_TOO_LARGE', [rules.maxText]);
    if (!size) throw new ApiError('MISSING_FILE_IN_REQUEST');
    if (head.length < HEAD_BYTES) checkContent(head, name, extension);
    return { name, size, sha256, contentType: part.mimetype || 'application/octet-stream', extension };
  }

  for (const entity of entities) {
    if (entity === documentEntity) continue;
    const base = `/api/${entity.route}/:id/documents`;
    const config = { entity: entity.name };
    const tags = [entity.name];
    const route = <S extends FastifySchema>(schema: S) => ({
      preValidation: preHandler,
      config,
      schema: { tags, ...schema },
    });

    api.get(
      base,
      route({
        summary: `Documents of a ${entity.name}`,
        params: idParams,
        querystring: z.strictObject({
          type: z.string().max(1000).optional().describe('types, comma separated'),
          sort: z.string().max(200).optional().describe('-type,sortIndex'),
        }),
      }),
      async (request) => {
        const caller = request.caller!;
        const { id } = request.params;
        const { query } = request;
        const types =
          query.type
            ?.split(',')
            .map((t) => t.trim())
            .filter(Boolean) ?? [];
        const rows = await readInTenant(db, scope(request), async (tx) => {
          const parent = await parentOf(tx, caller, entity, id);
          const found = await storage.findWhere(
            tx,
            documentEntity,
            caller.tenant,
            sql<boolean>`data ->> 'entityName' = ${entity.name}
          AND data ->> 'entityRegistration' = ${parent.registration} ${types.length ? sql`AND type = ANY(${types})` : sql``}`,
          );
          return found.map((row) => shown(storage.toDocument(row)));
        });
        // Each with the token that opens its content in a new window.
        for (const doc of rows)
          doc.token = await sessions.documentToken(caller.tenant, caller.username, String(doc._id));
        return sortDocuments(rows, query.sort);
      },
    );

    // The body is multipart (the file and its fields, read by @fastify/multipart): no body schema;
    // the fields are checked as they are read (`type` against its list, below).
    api.post(
      base,
      route({
        summary: `Attach a document to a ${entity.name} (multipart: file, type, name)`,
        description: uploadDescription,
        params: idParams,
      }),
      async (request, reply) => {
        const caller = request.caller!;
        const { id } = request.params;
        const { parent, rules, types } = await readInTenant(db, scope(request), async (tx) => ({
          parent: await parentOf(tx, caller, entity, id),
          rules: await fileRulesOf(tx, caller.tenant),
          types: await tenantRulesOf(tx, caller.tenant, documentEntity),
        }));
        const receivedKey = `${caller.tenant}/${crypto.randomUUID()}`;
        // Converted to PDF and watermarked here when the fields ask for it (upload-processing.ts); `key` is then the result's.
        const received = await receive(request, rules, receivedKey);
        try {
          received.fields.type = checkedType(received.fields.type, types) ?? '';
        } catch (error) {
          await store.remove(receivedKey);
          throw error;
        }
        const { key, stored, fields } = await processUpload(store, { key: receivedKey, ...received });
        let content: StoredContent = {
          key,
          name: stored.name,
          size: stored.size,
          sha256: stored.sha256,
          contentType: stored.contentType,
        };
        try {
          content = await withThumbnail(store, caller.tenant, content);
          const sortIndex =
            Number.isInteger(Number(fields.sortIndex)) && fields.sortIndex !== undefined && fields.sortIndex !== ''
              ? Number(fields.sortIndex)
              : undefined;
          const saved = await inTenant(db, scope(request), async (tx) => {
            await parentOf(tx, caller, entity, parent.registration);
            return recordDocument(tx, caller, { entity, registration: parent.registration }, content, {
              name: fields.name,
              type: fields.type,
              sortIndex,
            });
          });
          return reply.status(201).send(shown(saved));
        } catch (error) {
          await discardContent(store, content);
          throw error;
        }
      },
    );

    api.get(
      `${base}/:documentId/content`,
      {
        ...route({
          summary: `The content of a document of a ${entity.name}`,
          params: documentParams,
          querystring: contentQuery,
        }),
        preValidation: signedInOrToken,
      },
      async (request, reply) => {
        const caller = readerOf(request);
        const { id, documentId } = request.params;
        const row = await readInTenant(db, { tenant: caller.tenant, user: caller.username }, async (tx) => {
          const parent = await parentOf(tx, caller, entity, id);
          return documentOf(tx, caller, { entity, registration: parent.registration }, documentId);
        });
        return sendContent(request, reply, row, request.query);
      },
    );

    api.patch(
      `${base}/:documentId`,
      route({
        summary: `Rename a document of a ${entity.name}, change its type or place`,
        params: documentParams,
        body: renameBody,
      }),
      async (request) => {
        const caller = request.caller!;
        const { id, documentId } = request.params;
        const { body } = request;
        return inTenant(db, scope(request), async (tx) => {
          const parent = await parentOf(tx, caller, entity, id);
          const row = await documentOf(tx, caller, { entity, registration: parent.registration }, documentId, true);
          const before = storage.toDocument(row);
          const changes: Doc = {};
          if (body.name !== undefined) changes.name = safeFileName(body.name);
          if (body.type !== undefined)
            changes.type = checkedType(body.type, await tenantRulesOf(tx, caller.tenant, documentEntity)) ?? null;
          if (body.sortIndex !== undefined) changes.sortIndex = body.sortIndex;
          const saved = await storage.updateRow(tx, documentEntity, caller.tenant, caller.username, row._id, {
            ...row.data,
            ...changes,
            registration: row.registration,
            status: row.status,
          });
          const after = storage.toDocument(saved);
          if (saved.type === 'MAINIMAGE' && before.type !== 'MAINIMAGE')
            await keepOneMainImage(tx, caller, { entity, registration: parent.registration }, saved._id);
          await insertHistory(tx, caller, {
            entityName: documentEntity.name,
            entityRegistration: row.registration,
            action: 'UPDATE',
            before: shown(before),
            after: shown(after),
          });
          return shown(after);
        });
      },
    );

    api.delete(
      `${base}/:documentId`,
      route({ summary: `Delete a document of a ${entity.name} and its content`, params: documentParams }),
      async (request) => {
        const caller = request.caller!;
        const { id, documentId } = request.params;
        const deleted = await inTenant(db, scope(request), async (tx) => {
          const parent = await parentOf(tx, caller, entity, id);
          const row = await documentOf(tx, caller, { entity, registration: parent.registration }, documentId, true);
          await storage.deleteRow(tx, documentEntity, caller.tenant, row._id);
          await insertHistory(tx, caller, {
            entityName: documentEntity.name,
            entityRegistration: row.registration,
            action: 'DELETE',
            before: shown(storage.toDocument(row)),
          });
          return storage.toDocument(row);
        });
        // After the commit: a record never points to a removed content.
        await store.remove(String(deleted.storageKey));
        if (typeof deleted.thumbnailKey === 'string') await store.remove(deleted.thumbnailKey);
        return shown(deleted);
      },
    );
  }

  // The tasks screens' filters (spec 001 §7, 002 §7): the kinds whose records have documents going
  // through the Document workflow, and the types those documents have.
  const documentRead = { preValidation: preHandler, config: { permission: `read /api/${documentEntity.route}` } };
  api.get(
    '/api/script/runs/document-entities-with-workflow',
    {
      ...documentRead,
      schema: {
        tags: [documentEntity.name],
        summary: 'The kinds whose records have documents (which go through the Document workflow)',
      },
    },
    async (request) =>
      readInTenant(db, scope(request), async (tx) =>
        (
          await sql<{
            name: string;
          }>`SELECT DISTINCT data ->> 'entityName' AS name FROM document WHERE tenant = ${request.caller!.tenant} AND data ? 'entityName' ORDER BY 1`.execute(
            tx,
          )
        ).rows.map((r) => r.name),
      ),
  );
  api.get(
    '/api/script/runs/document-types-with-workflow',
    {
      ...documentRead,
      schema: {
        tags: [documentEntity.name],
        summary: "The document types of those kinds' records",
        querystring: z.strictObject({
          entityNames: z.string().max(2000).optional().describe('kinds, comma separated; all when absent'),
        }),
      },
    },
    async (request) => {
      const names =
        request.query.entityNames
          ?.split(',')
          .map((n) => n.trim())
          .filter(Boolean) ?? [];
      return readInTenant(db, scope(request), async (tx) =>
        (
          await sql<{ type: string }>`SELECT DISTINCT type FROM document WHERE tenant = ${request.caller!.tenant}
      AND type IS NOT NULL ${names.length ? sql`AND data ->> 'entityName' = ANY(${names})` : sql``} ORDER BY 1`.execute(
            tx,
          )
        ).rows.map((r) => r.type),
      );
    },
  );

  // A document by its own identifier (spec 002 §7: `?entityName=Document`), with the Document permission.
  api.get(
    '/api/core/documents/:documentId/content',
    {
      preValidation: signedInOrToken,
      config: { entity: documentEntity.name },
      schema: {
        tags: [documentEntity.name],
        summary: 'The content of a document',
        params: z.strictObject({ documentId: registration }),
        querystring: contentQuery.extend({ entityName: z.literal('Document').optional() }),
      },
    },
    async (request, reply) => {
      const caller = readerOf(request);
      const { documentId } = request.params;
      const row = await readInTenant(db, { tenant: caller.tenant, user: caller.username }, (tx) =>
        documentOf(tx, caller, undefined, documentId),
      );
      return sendContent(request, reply, row, request.query);
    },
  );
}

/**
 * A document type a client gives (an upload's field, a rename): a value of the Document kind's
 * type list as the tenant has it, at most 200 characters; refused naming `type` otherwise.
 * Empty: no type.
 */
function checkedType(value: string | null | undefined, rules: Awaited<ReturnType<typeof tenantRulesOf>>) {
  if (value === undefined || value === null || value.trim() === '') return undefined;
  const { type } = validateFields({ type: value.trim() }, { type: documentEntity.fields.type }, '', {
    ...rules,
    requireMandatory: false,
  });
  return type as string;
}

/** `-type,sortIndex`: by each field in turn, `-` descending; absent values last. */
export function sortDocuments(rows: Doc[], sort: string | undefined): Doc[] {
  const keys = (sort ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => (k.startsWith('-') ? { field: k.slice(1), sign: -1 } : { field: k, sign: 1 }));
  if (!keys.length) return rows;
  const compare = (a: unknown, b: unknown) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return [...rows].sort((x, y) => {
    for (const { field, sign } of keys) {
      const a = x[field];
      const b = y[field];
      if (a === b) continue;
      if (a === undefined || a === null) return 1;
      if (b === undefined || b === null) return -1;
      const order = compare(a, b) * sign;
      if (order) return order;
    }
    return 0;
  });
}
