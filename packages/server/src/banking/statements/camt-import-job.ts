/**
 * A large camt file imported as a background batch (CAMT_IMPORT, docs/decisions.md "Background
 * jobs"): the request checked it whole, kept it as the Camt's document and answered 202; the
 * batch reads it again from the object store and writes it through writeStatements, about 1,000
 * transactions a chunk, each chunk one transaction with the rows and the cursor (where the file
 * stands: statement, transaction, counts). A worker killed mid-chunk loses that chunk whole, and
 * the next one resumes from the last committed cursor: no transaction is written twice. The last
 * chunk gives the Camt its counts and queues the matching (BANK_MATCHING, matching-job.ts).
 */
import { Buffer } from 'node:buffer';
import { textLength } from '@lbo/model/values/limits';
import type { Db, Tx } from '../../db/database.ts';
import { inTenant } from '../../db/database.ts';
import { updateIn, type Caller } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { Row } from '../../entities/storage.ts';
import { documentEntity } from '../../documents/documents.module.ts';
import type { ObjectStore } from '../../db/object-store.ts';
import { createBatch } from '../../jobs/batch-records.ts';
import type { BatchRunner, JobQueue } from '../../jobs/job-queue.ts';
import {
  camtKind,
  readCamt,
  startCursor,
  writeStatements,
  type ImportCursor,
  type ReadCamt,
} from './camt-import.operation.ts';
import { BANK_MATCHING } from './matching-job.ts';

export const CAMT_IMPORT = 'CAMT_IMPORT';
/** Transactions written by one chunk (one database transaction). */
export const CAMT_IMPORT_CHUNK = 1000;
/** Files kept read in this process between chunks (a file is read again after a restart). */
const KEPT_FILES = 2;
/** How long a file read by its request waits for its batch to take it. */
const HANDED_FILE_MS = 60_000;

/**
 * Files as the request that checked them read them, by their content's storage key, for this
 * process's CAMT_IMPORT batch to take instead of reading them again (a file of 100,000 entries
 * takes seconds to read). A few at most: one whose batch another process runs is pushed out by
 * later ones.
 */
export class ReadFiles {
  readonly #files = new Map<string, ReadCamt>();

  keep(storageKey: string, file: ReadCamt) {
    this.#files.set(storageKey, file);
    while (this.#files.size > KEPT_FILES) this.#files.delete(this.#files.keys().next().value!);
    // Not taken soon (its batch runs in another process): let go, the batch reads the stored file.
    setTimeout(() => {
      if (this.#files.get(storageKey) === file) this.#files.delete(storageKey);
    }, HANDED_FILE_MS).unref();
  }

  take(storageKey: string): ReadCamt | undefined {
    const file = this.#files.get(storageKey);
    this.#files.delete(storageKey);
    return file;
  }
}

const camtOf = (batch: Row) =>
  String((batch.data.parameters as { camtRegistration?: string } | undefined)?.camtRegistration ?? '');

/** How far into the file's transactions a cursor is (duplicate statements skipped count as passed). */
function position(file: ReadCamt, cursor: ImportCursor): number {
  let n = cursor.transaction;
  for (let i = 0; i < cursor.statement && i < file.statements.length; i++) n += file.statements[i].transactions.length;
  return n;
}

export function camtImportRunner(db: Db, jobs: JobQueue, store: ObjectStore, read = new ReadFiles()): BatchRunner {
  const files = new Map<string, ReadCamt>();

  /** The file of a camt: as its request read it, or read from its document's content (once per process and batch). */
  async function fileOf(tx: Tx, caller: Caller, batch: string, camt: Row): Promise<ReadCamt> {
    const kept = files.get(batch);
    if (kept) return kept;
    const document = await storage.findOne(
      tx,
      documentEntity,
      caller.tenant,
      String(camt.data.documentRegistration ?? ''),
    );
    const storageKey = document?.data.storageKey ? String(document.data.storageKey) : undefined;
    const file = (storageKey && read.take(storageKey)) || (await readStored(camt, storageKey));
    if (files.size >= KEPT_FILES) files.delete(files.keys().next().value!);
    files.set(batch, file);
    return file;
  }

  async function readStored(camt: Row, storageKey: string | undefined): Promise<ReadCamt> {
    const content = storageKey ? await store.get(storageKey) : undefined;
    if (!content) throw new Error(`The file of ${camt.registration} is not kept`);
    const parts: Buffer[] = [];
    for await (const part of content.content) parts.push(Buffer.from(part as Buffer));
    return readCamt(Buffer.concat(parts));
  }

  return {
    chunk: async (tx, caller, batch, cursor) => {
      const camt = await storage.findOne(tx, camtKind, caller.tenant, camtOf(batch), true);
      if (!camt || camt.status !== 'IMPORTING') return { done: 0, cursor, finished: true };
      const file = await fileOf(tx, caller, batch.registration, camt);
      const from = (cursor as ImportCursor | null) ?? startCursor();
      const next = await writeStatements(tx, caller, storage.toDocument(camt), file, from, CAMT_IMPORT_CHUNK);
      const finished = next.statement >= file.statements.length;
      if (finished) {
        files.delete(batch.registration);
        const { counts } = next;
        // Matching follows as its own batch; a file whose statements were all imported before has nothing to match.
        const matching =
          counts.transactionCount > 0
            ? await createBatch(tx, caller, {
                type: BANK_MATCHING,
                name: `Matching of ${String(camt.data.name)}`,
                parameters: { camtRegistration: camt.registration },
                total: counts.transactionCount,
              })
            : undefined;
        await updateIn(
          tx,
          caller,
          camtKind,
          camt,
          {
            ...camt.data,
            ...counts,
            matchedCount: 0,
            returnedCount: 0,
            unmatchedCount: 0,
            status: matching ? 'PROCESSING' : 'PROCESSED',
            ...(matching ? { batchRegistration: String(matching.registration) } : {}),
          },
          { action: matching ? 'PROCESS' : 'COMPLETE' },
        );
      }
      return {
        done: position(file, next) - position(file, from),
        cursor: next,
        finished,
        ...(finished
          ? {
              message: `${next.counts.transactionCount} transaction(s) imported, ${next.counts.duplicateCount} statement(s) imported before`,
            }
          : {}),
      };
    },
    // A file that fails to import says so: its Camt leaves IMPORTING for ERROR with the batch's reason.
    failed: async (tx, caller, batch, message) => {
      const camt = await storage.findOne(tx, camtKind, caller.tenant, camtOf(batch), true);
      if (!camt || camt.status !== 'IMPORTING') return;
      await updateIn(
        tx,
        caller,
        camtKind,
        camt,
        // Within the declared field's length, so that the failure is always recorded.
        { ...camt.data, status: 'ERROR', errorMessage: message.slice(0, textLength.text) },
        { action: 'FAIL' },
      );
    },
    finish: async (caller, batch) => {
      // Queued once the last chunk committed (it made the matching batch); one lost here is found by the resume look.
      const camt = await inTenant(db, { tenant: caller.tenant, user: caller.username }, (tx) =>
        storage.findOne(tx, camtKind, caller.tenant, camtOf(batch)),
      );
      const matching = camt?.status === 'PROCESSING' ? String(camt.data.batchRegistration ?? '') : '';
      if (matching && matching !== batch.registration) await jobs.enqueue(caller.tenant, matching);
      return { status: 'SUCCESS', message: 'Import done' };
    },
  };
}
