import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { importEntity } from '@lbo/model/entities/script/import.entity';
import { ApiError } from '@lbo/model/errors';
import { idParams, noBody } from '@lbo/model/schema/request-values';
import { z } from 'zod';
import { inTenant, scopeOf } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import { multipartRefusal } from '../http/input-guards.ts';
import { typed } from '../http/schemas.ts';
import { batchKind } from '../jobs/batch-records.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { canWriteEntity, type Grants } from '../auth/permissions.ts';
import { formatOf } from './import-files.ts';
import { startRun } from './import-runner.ts';
import {
  createImport,
  dryRun,
  errorReport,
  findImport,
  kindOf,
  mappingView,
  newFileKey,
  readImport,
  saveMapping,
  templatesOf,
  type ImportServices,
} from './imports.operation.ts';

/** The largest file an import takes (a cell may hold 10 MB: it is refused per row, not per file). */
export const MAX_IMPORT_BYTES = 50 * 1048576;

/** MAX_IMPORT_BYTES, or IMPORT_MAX_BYTES when set (read when the routes are registered). */
const maxImportBytes = () => {
  const value = Number(process.env.IMPORT_MAX_BYTES);
  return Number.isInteger(value) && value > 0 ? value : MAX_IMPORT_BYTES;
};

interface RouteOptions {
  services: ImportServices;
  jobs: JobQueue;
  preHandler: (request: FastifyRequest) => Promise<void>;
}

type ById = { Params: { id: string } };

/** What `PUT …/{id}/mapping` takes: column → field, the key that updates instead of duplicating, a template's name. */
const mappingBody = z.strictObject({
  mapping: z.record(z.string().max(500), z.string().max(500)).describe('column name → field path ("" leaves it out)'),
  keyField: z.string().max(200).nullish().describe('the field that finds the record to update'),
  templateName: z.string().max(100).nullish().describe('saves the mapping under this name'),
});
const templatesQuery = z.strictObject({ kind: z.string().max(100).optional().describe('the kind imported into') });

/**
 * Routes of imports (docs/api.md "Imports"): upload, mapping, dry run, run, progress, error
 * report. Reading needs `read /api/import/imports`, the rest `write /api/import/imports` and the
 * right to write the kind imported into.
 */
export async function importRoutes(app: FastifyInstance, { services, jobs, preHandler }: RouteOptions) {
  await app.register(multipart, { limits: { fileSize: maxImportBytes(), files: 1, fields: 10 } });
  const base = `/api/${importEntity.route}`;
  const reading = { preValidation: preHandler, config: { permission: `read ${base}` } };
  const writing = { preValidation: preHandler, config: { permission: `write ${base}` } };
  const tags = [importEntity.name];
  const mayWrite = (request: FastifyRequest, kind: string) => {
    const entity = kindOf(services, kind);
    if (!canWriteEntity(request.caller as unknown as Grants, entity))
      throw new ApiError('FORBIDDEN', [`write /api/${entity.route}`]);
  };
  const idOf = (request: { params: unknown }) => {
    const { id } = request.params as ById['Params'];
    if (!/^[\w-]{1,100}$/.test(id)) throw new ApiError('INVALID_FIELD_IN_PATH', ['id']);
    return id;
  };

  app.post(
    base,
    { ...writing, schema: { tags, summary: 'Upload a CSV or XLSX file (multipart `file` and `kind`)' } },
    async (request, reply) => {
      const caller = request.caller!;
      if (!request.isMultipart()) throw new ApiError('MISSING_FILE_IN_REQUEST');
      const fields: Record<string, string> = {};
      let file: { key: string; name: string; size: number } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value ?? '');
            continue;
          }
          if (part.fieldname !== 'file' || file) throw new ApiError('INVALID_FIELD_IN_BODY', [part.fieldname]);
          const name = (part.filename || 'import.csv').slice(0, 200);
          if (!formatOf(name)) {
            part.file.resume();
            throw new ApiError('INVALID_FILE_EXTENSION', ['csv, xlsx']);
          }
          const key = newFileKey(caller.tenant);
          const { size } = await services.store.put(key, part.file);
          file = { key, name, size };
          if (part.file.truncated) throw new ApiError('PAYLOAD_TOO_LARGE');
        }
      } catch (error) {
        if (file) await services.store.remove(file.key);
        throw multipartRefusal(error);
      }
      if (!file) throw new ApiError('MISSING_FILE_IN_REQUEST');
      try {
        if (!fields.kind) throw new ApiError('MISSING_FIELD_IN_BODY', ['kind']);
        mayWrite(request, fields.kind);
        if (!file.size) throw new ApiError('IMPORT_EMPTY_FILE', [file.name]);
        const doc = await createImport(services, caller, {
          kind: fields.kind,
          fileName: file.name,
          fileKey: file.key,
          fileSize: file.size,
          encoding: fields.encoding || undefined,
          delimiter: fields.delimiter || undefined,
          sheet: fields.sheet || undefined,
          template: fields.template || undefined,
        });
        reply.code(201);
        return { import: doc, ...(await mappingView(services, caller, doc)) };
      } catch (error) {
        await services.store.remove(file.key);
        throw error;
      }
    },
  );

  const api = typed(app);
  api.get(
    `${base}/templates`,
    { ...reading, schema: { tags, summary: 'The saved mappings (templates) of a kind', querystring: templatesQuery } },
    async (request) => {
      const caller = request.caller!;
      const entity = kindOf(services, request.query.kind);
      return inTenant(services.db, scopeOf(caller), (tx) => templatesOf(tx, caller, entity.name));
    },
  );

  app.get<ById>(
    `${base}/:id/mapping`,
    {
      ...reading,
      schema: { tags, summary: 'Columns, saved and suggested mappings, fields and templates', params: idParams },
    },
    async (request) =>
      mappingView(services, request.caller!, await readImport(services, request.caller!, idOf(request))),
  );

  api.put(
    `${base}/:id/mapping`,
    {
      ...writing,
      schema: { tags, summary: 'Save the mapping, key field and template name', params: idParams, body: mappingBody },
    },
    async (request) => {
      const { mapping, keyField, templateName } = request.body;
      const id = idOf(request);
      mayWrite(request, (await readImport(services, request.caller!, id)).kind);
      const doc = await saveMapping(services, request.caller!, id, {
        mapping,
        keyField,
        templateName,
      });
      return mappingView(services, request.caller!, doc);
    },
  );

  app.post<ById>(
    `${base}/:id/dry-run`,
    { ...writing, schema: { tags, summary: 'Check every row without writing', params: idParams, body: noBody } },
    async (request) => {
      const id = idOf(request);
      mayWrite(request, (await readImport(services, request.caller!, id)).kind);
      return dryRun(services, request.caller!, id);
    },
  );

  app.post<ById>(
    `${base}/:id/run`,
    { ...writing, schema: { tags, summary: 'Import the rows in the background', params: idParams, body: noBody } },
    async (request, reply) => {
      const id = idOf(request);
      mayWrite(request, (await readImport(services, request.caller!, id)).kind);
      const started = await startRun(services, jobs, request.caller!, id);
      reply.code(202);
      return started;
    },
  );

  app.get<ById>(
    `${base}/:id/progress`,
    { ...reading, schema: { tags, summary: 'The import and its batch', params: idParams } },
    async (request) => {
      const caller = request.caller!;
      return inTenant(services.db, scopeOf(caller), async (tx) => {
        const doc = storage.toDocument(await findImport(tx, caller, idOf(request)));
        const batchRow = doc.batchRegistration
          ? await storage.findOne(tx, batchKind, caller.tenant, String(doc.batchRegistration))
          : undefined;
        const batch = batchRow ? storage.toDocument(batchRow) : null;
        const { failures: _failures, ...summary } = doc;
        return { import: summary, batch };
      });
    },
  );

  app.get<ById>(
    `${base}/:id/errors.csv`,
    { ...reading, schema: { tags, summary: 'The refused rows with an errors column (CSV)', params: idParams } },
    async (request, reply) => {
      const doc = await readImport(services, request.caller!, idOf(request));
      const delimiter = doc.format === 'csv' && doc.delimiter ? doc.delimiter : ',';
      const csv = stringify({ delimiter, bom: true });
      Readable.from(errorReport(services, doc)).pipe(csv);
      const base = doc.name.replace(/\.[^.]+$/, '').replace(/[^\w.-]/g, '_');
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${base}-errors.csv"`);
      return reply.send(csv);
    },
  );
}
