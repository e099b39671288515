import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NOTE_TEXT_MAX } from '@lbo/model/entities/core/note.entity';
import { errorSchema, recordSchema } from '@lbo/model/schema/kind-schemas';
import { idParams } from '@lbo/model/schema/request-values';
import { inTenant, readInTenant, scopeOf, type Db } from '../db/database.ts';
import type { Operations, Query } from '../entities/crud.operation.ts';
import { kindRouteSchemas } from '../entities/kind-route-schemas.ts';
import { sendList, sendRecord } from '../entities/entity.routes.ts';
import { typed } from '../http/schemas.ts';
import {
  createNote,
  noteEntity,
  noteVersions,
  readNote,
  readableNotesQuery,
  removeNote,
  updateNote,
  type MentionNotifier,
  type NoteCaller,
} from './notes.operation.ts';

export interface NoteRouteOptions {
  db: Db;
  operations: Operations;
  preHandler: (request: FastifyRequest) => Promise<void>;
  notify?: MentionNotifier;
}

const text = z
  .string()
  .trim()
  .min(1)
  .max(NOTE_TEXT_MAX)
  .describe(`Markdown text, at most ${NOTE_TEXT_MAX} characters; \`@username\` mentions a user of the tenant`);
const type = z.string().max(200).nullish().describe('a value of the list noteType');

const createBody = z.strictObject({
  entityName: z.string().min(1).max(100).describe('the kind of the record the note belongs to (`Contract`)'),
  entityRegistration: z.string().min(1).max(200).describe('the registration of that record'),
  text,
  pinned: z.boolean().optional(),
  type,
});

const changeBody = z.strictObject({
  text: text.optional(),
  pinned: z.boolean().optional(),
  type,
  _version: z.number().int().optional().describe('the version edited; another one answers 409'),
});

const versionSchema = z.object({ date: z.string(), user: z.string(), action: z.string(), text: z.string() });

/**
 * Notes (docs/notes.md): `/api/core/notes` lists the notes the caller may read (those of the kinds
 * they may read), creates a note on a record, and reads, changes and deletes one; `versions`
 * answers its earlier texts. Reading asks `read /api/core/notes`, writing `write /api/core/notes`,
 * and each checks the record's kind besides (notes.operation.ts).
 */
export async function noteRoutes(app: FastifyInstance, { db, operations, preHandler, notify }: NoteRouteOptions) {
  const api = typed(app);
  const base = `/api/${noteEntity.route}`;
  const record = recordSchema(noteEntity);
  const tags = [noteEntity.name];
  const refusals = { 400: errorSchema, 403: errorSchema, 404: errorSchema };
  const reading = { preValidation: preHandler, config: { entity: noteEntity.name } };
  const writing = { preValidation: preHandler, config: { permission: `write ${base}` } };
  const caller = (request: FastifyRequest) => request.caller! as NoteCaller;

  app.get<{ Querystring: Query }>(
    base,
    {
      ...reading,
      schema: {
        ...kindRouteSchemas(noteEntity).list,
        summary: 'Notes the caller may read (pinned first, newest next unless sorted)',
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        await operations.list(caller(request), noteEntity, readableNotesQuery(caller(request), request.query)),
      ),
  );

  api.get(
    `${base}/:id`,
    { ...reading, schema: { tags, summary: 'Read a note', params: idParams, response: { 200: record, ...refusals } } },
    async (request, reply) =>
      sendRecord(
        reply,
        await readInTenant(db, scopeOf(caller(request)), (tx) => readNote(tx, caller(request), request.params.id)),
      ),
  );

  api.get(
    `${base}/:id/versions`,
    {
      ...reading,
      schema: {
        tags,
        summary: "A note's texts, newest first: who wrote each and when",
        params: idParams,
        response: { 200: z.array(versionSchema), ...refusals },
      },
    },
    async (request) =>
      readInTenant(db, scopeOf(caller(request)), (tx) => noteVersions(tx, caller(request), request.params.id)),
  );

  api.post(
    base,
    {
      ...writing,
      schema: {
        tags,
        summary: 'Write a note on a record (the caller must be able to read it); mentioned users are notified',
        body: createBody,
        response: { 201: record, ...refusals },
      },
    },
    async (request, reply) =>
      sendRecord(
        reply,
        await inTenant(db, scopeOf(caller(request)), (tx) => createNote(tx, caller(request), request.body, notify)),
        201,
      ),
  );

  api.patch(
    `${base}/:id`,
    {
      ...writing,
      schema: {
        tags,
        summary: "Change a note's text, pin or type (its author or an administrator)",
        params: idParams,
        body: changeBody,
        response: { 200: record, 409: errorSchema, ...refusals },
      },
    },
    async (request, reply) =>
      sendRecord(
        reply,
        await inTenant(db, scopeOf(caller(request)), (tx) =>
          updateNote(tx, caller(request), request.params.id, request.body, notify),
        ),
      ),
  );

  api.delete(
    `${base}/:id`,
    {
      ...writing,
      schema: {
        tags,
        summary: 'Delete a note (its author or an administrator)',
        params: idParams,
        response: { 200: record.describe('The deleted note'), ...refusals },
      },
    },
    async (request) =>
      inTenant(db, scopeOf(caller(request)), (tx) => removeNote(tx, caller(request), request.params.id)),
  );
}
