import { PassThrough, type Readable } from 'node:stream';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { inTenant, readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import type { Caller, Operations, Query } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { insertHistory } from '../entities/history.ts';
import { adminLevel } from '../auth/permissions.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { createBatch } from '../jobs/batch-records.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import {
  countMatches,
  exportFileName,
  planExport,
  writeWholeExport,
  type ExportPlan,
} from './list-export.operation.ts';
import { contentTypes, type ExportFormat } from './export-writers.ts';

/**
 * Background list exports (docs/decisions.md "List exports"): each an Export record, the
 * user's view of it (status, rows written, its file), run by a LIST_EXPORT Batch on the job
 * queue. Any process may take the batch; one killed mid-file leaves a lease that runs out, and
 * the process that takes the batch then writes the file again from its first row under the same
 * key (a half-written xlsx cannot be appended to).
 */
export interface ExportRecordsOptions {
  db: Db;
  store: ObjectStore;
  operations: Operations;
  jobs: JobQueue;
}

export const LIST_EXPORT = 'LIST_EXPORT';
const exportEntity = entityByName('Export')!;

const isAdmin = (caller: Caller) => adminLevel(caller as Parameters<typeof adminLevel>[0]) > 0;

/** The object of an export: its own key, so a file written again replaces the one before. */
const keyOf = (tenant: string, record: Doc) => `${tenant}/${String(record._id)}`;

/** Writes the export's new state in `tx`, with its history when its status changes. */
async function saveExport(tx: Tx, tenant: string, registration: string, changes: Doc): Promise<Doc> {
  const row = await storage.findOne(tx, exportEntity, tenant, registration, true);
  if (!row) throw new Error(`Export ${registration} not found`);
  const before = storage.toDocument(row);
  const data = Object.fromEntries(Object.entries({ ...before, ...changes }).filter(([k]) => !k.startsWith('_')));
  const saved = storage.toDocument(await storage.updateRow(tx, exportEntity, tenant, 'system', row._id, data));
  if (changes.status && changes.status !== before.status) {
    await insertHistory(
      tx,
      { tenant, username: 'system' },
      { entityName: exportEntity.name, entityRegistration: registration, action: 'UPDATE', before, after: saved },
    );
  }
  return saved;
}

/** The plan the export was asked with, checked again as its owner (a list or field may have changed since). */
function planOf(caller: Caller, record: Doc): ExportPlan {
  const entity = entityByName(String(record.entityName));
  if (!entity) throw new Error(`Unknown list ${String(record.entityName)}`);
  const columns = Array.isArray(record.columns) ? record.columns.join(',') : undefined;
  return planExport({ ...caller, timeZone: String(record.timeZone ?? 'UTC') }, entity, {
    ...((record.query as Query) ?? {}),
    format: String(record.format),
    locale: String(record.locale),
    ...(columns ? { columns } : {}),
    ...(Array.isArray(record.labels) ? { labels: JSON.stringify(record.labels) } : {}),
    fileName: String(record.title ?? record.fileName),
  });
}

export function createExportRecords({ db, store, operations, jobs }: ExportRecordsOptions) {
  jobs.register(LIST_EXPORT, {
    async run({ caller, batch, progress }) {
      const registration = String((batch.data.parameters as Doc).exportRegistration);
      const { tenant } = caller;
      const record = await readInTenant(db, scopeOf(caller), async (tx) => {
        const row = await storage.findOne(tx, exportEntity, tenant, registration);
        return row ? storage.toDocument(row) : undefined;
      });
      if (!record) throw new Error(`Export ${registration} not found`);
      const plan = planOf(caller, record);
      const key = keyOf(tenant, record);
      // A worker that died mid-file left a part of it behind: the file is written again from its start.
      await store.removeUnfinished(key);
      const total = await countMatches(db, scopeOf(caller), plan);
      await progress(
        { done: 0, total, message: `Writing ${total} row(s) of ${plan.entity.name} as ${plan.format}` },
        (tx) =>
          saveExport(tx, tenant, registration, {
            status: 'RUNNING',
            total,
            rowsWritten: 0,
            progress: 0,
            storageKey: key,
            error: null,
            size: null,
          }),
      );
      const out = new PassThrough();
      const stored = store.put(key, out);
      // Awaited below; a failed upload also ends the writer, which must not leave it unheard.
      stored.catch(() => undefined);
      let written: number;
      try {
        // Each chunk of rows commits its progress, on the batch and on the record, in one transaction.
        written = await writeWholeExport(db, scopeOf(caller), plan, out, (rows) =>
          progress({ done: rows }, (tx) =>
            saveExport(tx, tenant, registration, {
              rowsWritten: rows,
              progress: total ? Math.min(1, rows / total) : 0,
            }),
          ),
        );
      } catch (error) {
        // The upload is aborted and leaves nothing under the key.
        out.destroy(error as Error);
        await stored.catch(() => undefined);
        throw error;
      }
      const { size } = await stored;
      return {
        message: `${written} row(s) written, ${size} bytes`,
        write: async (tx) => {
          await saveExport(tx, tenant, registration, {
            status: 'DONE',
            rowsWritten: written,
            total: Math.max(total, written),
            progress: 1,
            size,
            finishedDate: new Date().toISOString(),
          });
        },
      };
    },
    async failed(tx, caller, batch, message) {
      const registration = String((batch.data.parameters as Doc).exportRegistration);
      const row = await storage.findOne(tx, exportEntity, caller.tenant, registration);
      if (!row) return;
      // No half-written file is ever kept (the store discards an aborted upload); a file written before goes with the record's key.
      await store.remove(keyOf(caller.tenant, storage.toDocument(row))).catch(() => undefined);
      await saveExport(tx, caller.tenant, registration, {
        status: 'FAILED',
        error: message.slice(0, 1000),
        storageKey: null,
        finishedDate: new Date().toISOString(),
      });
    },
    async stopped(tx, caller, batch) {
      // Stopped or reset by its user: waiting again, from its first row when it goes on.
      const registration = String((batch.data.parameters as Doc).exportRegistration);
      const row = await storage.findOne(tx, exportEntity, caller.tenant, registration);
      if (row && row.status === 'RUNNING')
        await saveExport(tx, caller.tenant, registration, { status: 'QUEUED', rowsWritten: 0, progress: 0 });
    },
  });

  return {
    /** Records a queued export of `plan` for the caller with the batch that runs it, and queues the batch; answers the record. */
    async start(caller: Caller, plan: ExportPlan): Promise<Doc> {
      const record = await inTenant(db, scopeOf(caller), async (tx: Tx) => {
        const registration = `${exportEntity.prefix}${String(await storage.nextCounter(tx, caller.tenant, exportEntity.name)).padStart(6, '0')}`;
        const fileName = exportFileName(plan);
        const batch = await createBatch(tx, caller, {
          type: LIST_EXPORT,
          name: `${fileName} (${registration})`,
          parameters: { exportRegistration: registration },
          total: 0,
        });
        const data = {
          registration,
          status: 'QUEUED',
          name: fileName,
          entityName: plan.entity.name,
          format: plan.format,
          fileName,
          title: plan.fileName,
          query: plan.query,
          columns: plan.columns.map((c) => c.field),
          labels: plan.columns.map((c) => c.header),
          locale: plan.locale,
          timeZone: plan.timeZone,
          ownerUser: caller.username,
          rowsWritten: 0,
          progress: 0,
          batchRegistration: batch.registration,
        };
        const doc = storage.toDocument(await storage.insertRow(tx, exportEntity, caller.tenant, caller.username, data));
        await insertHistory(tx, caller, {
          entityName: exportEntity.name,
          entityRegistration: registration,
          action: 'CREATE',
          after: doc,
        });
        return doc;
      });
      await jobs.enqueue(caller.tenant, String(record.batchRegistration));
      return record;
    },

    /** The caller's exports (an admin's: every export of the tenant), with the list grammar. */
    list(caller: Caller, query: Query) {
      return operations.list(caller, exportEntity, isAdmin(caller) ? query : { ...query, ownerUser: caller.username });
    },

    /** One export the caller may see; another's is not found, as another tenant's is. */
    async get(caller: Caller, id: string): Promise<Doc> {
      const doc = await operations.get(caller, exportEntity, id);
      if (doc.ownerUser !== caller.username && !isAdmin(caller))
        throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [exportEntity.name, id]);
      return doc;
    },

    /** The file of a finished export. */
    async content(
      caller: Caller,
      id: string,
    ): Promise<{ content: Readable; size: number; fileName: string; contentType: string }> {
      const doc = await this.get(caller, id);
      if (doc.status !== 'DONE' || typeof doc.storageKey !== 'string')
        throw new ApiError('EXPORT_NOT_READY', [doc.registration, String(doc.status).toLowerCase()]);
      const file = await store.get(doc.storageKey);
      if (!file) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [exportEntity.name, `${id} (file)`]);
      return {
        ...file,
        fileName: String(doc.fileName),
        contentType: contentTypes[doc.format as ExportFormat] ?? 'application/octet-stream',
      };
    },
  };
}

export type ExportRecords = ReturnType<typeof createExportRecords>;
