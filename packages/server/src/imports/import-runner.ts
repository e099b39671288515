import { importEntity } from '@lbo/model/entities/script/import.entity';
import { ApiError } from '@lbo/model/errors';
import { inTenant, scopeOf, type Tx } from '../db/database.ts';
import { updateIn, type Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, Row } from '../entities/storage.ts';
import { createBatch, stateOf } from '../jobs/batch-records.ts';
import type { BatchRunner, JobQueue } from '../jobs/job-queue.ts';
import { openRows, takeRows, type OpenedRows } from './import-files.ts';
import {
  chunkRows,
  FAILURES_KEPT,
  chunkSettingsOf,
  fileSettingsOf,
  findImport,
  mustBeEditable,
  type ImportDoc,
  type ImportServices,
} from './imports.operation.ts';
import { planChunk, writeChunk } from './import-rows.ts';

/**
 * The run of an import: a batch of type IMPORT on the job queue, chunk by chunk. Each chunk's
 * rows are written in one transaction with the Import's `committedRows` and counts and the
 * batch's progress, so a worker killed mid-chunk leaves nothing of that chunk, and whichever
 * process resumes the batch starts after the last committed row: no row is written twice.
 */
export const IMPORT_BATCH = 'IMPORT';

/**
 * Files this process is reading, by import, at the row they stand: the next chunk goes on from
 * there. Only a shortcut: a chunk that finds none, or one at another row (its chunk rolled back,
 * another process ran the rest), reopens the file and skips the committed rows.
 */
const openFiles = new Map<string, { opened: OpenedRows; position: number; header: string[] }>();

async function rowsFrom(services: ImportServices, tenant: string, doc: ImportDoc, committed: number) {
  const cacheKey = `${tenant}/${doc.registration}`;
  const cached = openFiles.get(cacheKey);
  if (cached && cached.position === committed) return cached;
  cached?.opened.close();
  const opened = await openRows(services.store, doc.fileKey, doc.name, fileSettingsOf(doc));
  let skipped = 0;
  while (skipped < committed)
    skipped += (await takeRows(opened.rows, Math.min(1000, committed - skipped))).length || committed;
  const entry = { opened, position: committed, header: opened.header };
  openFiles.set(cacheKey, entry);
  return entry;
}

function forget(tenant: string, registration: string) {
  const key = `${tenant}/${registration}`;
  openFiles.get(key)?.opened.close();
  openFiles.delete(key);
}

const importOf = (batch: Row) => String((stateOf(batch).parameters as Doc).importRegistration);

async function writeImport(tx: Tx, caller: Caller, row: Row, changes: Doc, history = false) {
  return updateIn(tx, caller, importEntity, row as never, { ...storage.toDocument(row), ...changes } as never, {
    historyAs: history ? 'change' : 'none',
  });
}

export function importRunner(services: ImportServices): BatchRunner {
  return {
    async chunk(tx, caller, batch) {
      const registration = importOf(batch);
      const row = await findImport(tx, caller, registration, true);
      const doc = storage.toDocument(row) as ImportDoc;
      const committed = Number(doc.committedRows ?? 0);
      const file = await rowsFrom(services, caller.tenant, doc, committed);
      const settings = chunkSettingsOf(services, doc, file.header);
      const size = chunkRows();
      const rows = await takeRows(file.opened.rows, size);
      file.position = committed + rows.length;
      const plan = await planChunk(tx, caller, settings, rows);
      const written = await writeChunk(tx, caller, settings, plan);
      const failures = [...(doc.failures ?? []), ...written.failures].slice(0, FAILURES_KEPT);
      const finished = rows.length < size;
      await writeImport(tx, caller, row, {
        status: 'PROCESSING',
        committedRows: committed + rows.length,
        createdRows: Number(doc.createdRows ?? 0) + written.created,
        updatedRows: Number(doc.updatedRows ?? 0) + written.updated,
        failedRows: Number(doc.failedRows ?? 0) + written.failures.length,
        failures,
        ...(finished ? { totalRows: committed + rows.length } : {}),
      });
      if (finished) forget(caller.tenant, registration);
      return { done: rows.length, cursor: committed + rows.length, finished };
    },

    async finish(caller, batch) {
      const registration = importOf(batch);
      return inTenant(services.db, scopeOf(caller), async (tx) => {
        const row = await findImport(tx, caller, registration, true);
        const failed = Number(row.data.failedRows ?? 0);
        const status = failed ? 'WARNING' : 'SUCCESS';
        await writeImport(tx, caller, row, { status }, true);
        const message = `${row.data.createdRows ?? 0} created, ${row.data.updatedRows ?? 0} updated, ${failed} refused`;
        return { status, message } as const;
      });
    },

    async failed(tx, caller, batch, message) {
      const registration = importOf(batch);
      forget(caller.tenant, registration);
      const row = await findImport(tx, caller, registration, true);
      await writeImport(tx, caller, row, { status: 'ERROR', lastError: message.slice(0, 500) }, true);
    },
  };
}

/** Starts the run: a fresh run counts from the first row; the Import waits in FETCHING for the queue. */
export async function startRun(services: ImportServices, jobs: JobQueue, caller: Caller, id: string) {
  const started = await inTenant(services.db, scopeOf(caller), async (tx) => {
    const row = await findImport(tx, caller, id, true);
    mustBeEditable(row);
    const doc = storage.toDocument(row) as ImportDoc;
    if (!Object.keys(doc.mapping ?? {}).length) throw new ApiError('MISSING_FIELD_IN_BODY', ['mapping']);
    const batch = await createBatch(tx, caller, {
      type: IMPORT_BATCH,
      name: `Import of ${doc.name} into ${doc.kind}`,
      parameters: { importRegistration: doc.registration },
      total: Number(doc.totalRows ?? 0),
    });
    const updated = await writeImport(
      tx,
      caller,
      row,
      {
        status: 'FETCHING',
        batchRegistration: batch.registration,
        committedRows: 0,
        createdRows: 0,
        updatedRows: 0,
        failedRows: 0,
        failures: [],
      },
      true,
    );
    return { import: updated, batch };
  });
  await jobs.enqueue(caller.tenant, String(started.batch.registration));
  return started;
}
