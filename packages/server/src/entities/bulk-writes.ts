import type { Entity } from '@lbo/model/entity';
import type { InputOf } from '@lbo/model/record-types';
import type { Tx } from '../db/database.ts';
import type { Caller } from './crud.operation.ts';
import { insertHistories, type HistoryEntry } from './history.ts';
import * as storage from './storage.ts';
import type { Doc, RowOf } from './storage.ts';

/**
 * The bulk writes: records of one kind created or updated by the hundred or the thousand (a
 * billing run's invoices and lines, a contract's elements on activation, a payment file's lines,
 * a schedule's line statuses) in one statement, and their History rows in another.
 *
 * They bypass the per-record write path (crud.operation.ts `createIn`, `updateIn`) ON PURPOSE,
 * for speed: no document is checked against its declaration and no write hook runs, which would
 * cost a billing run a third of its time. Only domains call them, and only with documents they
 * build themselves from records already checked (a contract's schedule, an invoice's lines);
 * whatever a client's body reaches goes through `createIn` / `updateIn`. What they store is
 * otherwise what those store: the audit fields (`_insertUser`, `_updateUser`: the caller) and one
 * History row per record, in the caller's transaction.
 */
export interface BulkOptions {
  /** The History rows' action (CREATE, UPDATE unless the domain names its own: BILLING, LINE_STATUS). */
  action?: string;
  /** What every History row records beside the change (a transition). */
  history?: Doc;
  /** Schedules' `lines` are counted in the History rows rather than copied (a contract's elements). */
  countLines?: boolean;
  /** What each record's History row adds beside `history` (`details` naming what it wrote with it). */
  historyOf?: (doc: Doc, index: number) => Doc;
  /**
   * `false`: no History row, for what is a proposal recomputed at every run rather than a change
   * anyone made (a bank transaction's ranked candidates).
   */
  recordHistory?: false;
}

const counted = (doc: Doc, countLines?: boolean) =>
  countLines && Array.isArray(doc.lines) ? { ...doc, lines: `${doc.lines.length} lines` } : doc;

/** Creates records named by the domain (each carries its registration and status), with their History rows. */
export async function createManyIn<E extends Entity>(
  tx: Tx,
  caller: Caller,
  entity: E,
  docs: (InputOf<E> & { registration: string })[],
  options: BulkOptions = {},
): Promise<void> {
  if (!docs.length) return;
  await storage.insertMany(tx, entity, caller.tenant, caller.username, docs);
  if (options.recordHistory === false) return;
  await insertHistories(
    tx,
    caller,
    docs.map((doc, i) => {
      const own = options.historyOf?.(doc, i);
      const extra = options.history || own ? { ...options.history, ...own } : undefined;
      return {
        entityName: entity.name,
        entityRegistration: doc.registration,
        action: options.action ?? 'CREATE',
        after: counted(doc, options.countLines),
        ...(extra ? { extra } : {}),
      };
    }),
  );
}

/** One record of a bulk update: its row as read (locked), its new document and what its History row adds. */
export interface BulkUpdate<E extends Entity> {
  row: RowOf<E>;
  /** The record's whole new document; its status stays the row's unless it names one. */
  data: InputOf<E>;
  /** Added to its History row beside `BulkOptions.history` (`details`). */
  history?: Doc;
  /**
   * The changed fields when the domain knows them (`{ field: { from, to } }`): the History row
   * then records them rather than comparing the documents (a schedule of hundreds of lines).
   */
  changes?: HistoryEntry['changes'];
}

/** Replaces the documents of records of one kind, with their History rows; answers the rows written. */
export async function updateManyIn<E extends Entity>(
  tx: Tx,
  caller: Caller,
  entity: E,
  updates: BulkUpdate<E>[],
  options: BulkOptions = {},
): Promise<RowOf<E>[]> {
  if (!updates.length) return [];
  const writes = updates.map(({ row, data }) => {
    const doc = data as Doc;
    const status = doc.status !== undefined ? doc.status : row.status;
    return { id: row._id, data: { ...doc, registration: row.registration, ...(status !== null ? { status } : {}) } };
  });
  const written = await storage.updateMany(tx, entity, caller.tenant, caller.username, writes);
  if (options.recordHistory === false) return written;
  const byId = new Map(written.map((row) => [row._id, row]));
  await insertHistories(
    tx,
    caller,
    updates.map((update): HistoryEntry => {
      const after = byId.get(update.row._id)!;
      const extra = options.history || update.history ? { ...options.history, ...update.history } : undefined;
      return {
        entityName: entity.name,
        entityRegistration: update.row.registration,
        action: options.action ?? 'UPDATE',
        ...(update.changes
          ? { changes: update.changes, fromStatus: update.row.status, toStatus: after.status }
          : {
              before: counted(storage.toDocument(update.row), options.countLines),
              after: counted(storage.toDocument(after), options.countLines),
            }),
        ...(extra ? { extra } : {}),
      };
    }),
  );
  return written;
}
