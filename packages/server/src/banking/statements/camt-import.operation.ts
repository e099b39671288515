/**
 * Importing a camt.053 / camt.054 file (docs/api.md "Bank statements"):
 * 1. its schema (camt-schema.ts) refuses a file not well-formed or not valid, before anything is written;
 * 2. the file read whole (camt-reader.ts), then, in one transaction: the Camt record, the file kept
 *    as its document, each statement a BankStatement (skipped when its key — message, statement
 *    id, account, digest — was imported before: a unique index) and each entry, or each
 *    transaction detail of a batch entry, a BankTransaction written in bulk; each statement's
 *    opening balance plus its booked entries checked against its closing balance to the cent;
 * 3. matching (matching.ts) in the same transaction.
 * A file of more transactions than the threshold is written instead by a CAMT_IMPORT batch
 * (camt-import-job.ts) in chunks, through the same writeStatements, then matched by a
 * BANK_MATCHING batch (matching-job.ts).
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { bankStatement } from '@lbo/model/entities/banking/bank-statement.entity';
import { camt as camtEntity } from '@lbo/model/entities/billing/camt.entity';
import { ApiError } from '@lbo/model/errors';
import type { InputOf, RecordOf } from '@lbo/model/record-types';
import { inTenant, scopeOf, type Db, type Tx } from '../../db/database.ts';
import { createManyIn } from '../../entities/bulk-writes.ts';
import { createIn, freeRegistrations, updateIn } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc } from '../../entities/storage.ts';
import type { WorkflowCaller } from '../../workflow/permissions.ts';
import type { ObjectStore } from '../../db/object-store.ts';
import { recordDocument, storeContent } from '../../documents/documents.module.ts';
import { camtReader, units, type CamtEntry, type CamtStatement, type CamtTransaction } from './camt-reader.ts';
import { camtVersionOf, validateCamt } from './camt-schema.ts';
import { matchTransactions, newTransactions, transactionKind, type MatchOutcome } from './matching.ts';

export const camtKind = camtEntity;
export const statementKind = bankStatement;

const SCALE = 5;
const WRITE_EVERY = 1000;
const MATCH_CHUNK = 500;

const fromUnits = (value: bigint) => {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(SCALE + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`.replace(/\.?0+$/, '');
};
const amountNumber = (text: string) => Number(fromUnits(units(text, SCALE)));

/** A transaction's document (its status NEW, waiting for matching). */
function transactionDoc(
  registration: string,
  statement: RecordOf<typeof bankStatement>,
  t: CamtTransaction,
): InputOf<typeof transactionKind> & { registration: string } {
  const isReturn = t.creditDebit === 'DBIT' && (!!t.returnReason || (t.reversal && !!t.endToEndId));
  const doc: InputOf<typeof transactionKind> & { registration: string } = {
    registration,
    status: 'NEW',
    type: isReturn ? 'DIRECT_DEBIT_RETURN' : t.creditDebit === 'DBIT' ? 'DEBIT' : 'CREDIT',
    name: (t.counterpartyName ?? t.remittanceInformation ?? t.entryReference ?? registration).slice(0, 140),
    bankStatementRegistration: statement.registration,
    camtRegistration: statement.camtRegistration,
    accountIban: statement.accountIban,
    creditDebit: t.creditDebit,
    amount: amountNumber(t.amount),
    currency: t.currency ?? statement.currency,
    bookingDate: t.bookingDate,
    valueDate: t.valueDate,
    entryReference: t.entryReference,
    accountServicerReference: t.accountServicerReference,
    bankTransactionCode: t.bankTransactionCode,
    endToEndId: t.endToEndId,
    mandateReference: t.mandateReference,
    remittanceInformation: t.remittanceInformation,
    creditorReference: t.creditorReference,
    counterpartyName: t.counterpartyName,
    counterpartyIban: t.counterpartyIban?.replace(/\s/g, '').toUpperCase(),
    reversal: t.reversal,
    returnReason: t.returnReason,
    entryStatus: t.entryStatus,
  };
  return Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined)) as typeof doc;
}

/** Thrown inside the import's transaction when every statement of the file was imported before: nothing is kept. */
class AlreadyImported extends Error {
  constructor(readonly camtRegistration: string) {
    super('already imported');
  }
}

export interface Counts {
  statementCount: number;
  entryCount: number;
  transactionCount: number;
  duplicateCount: number;
}

/** A statement of the file as read, with its key (message, statement id, account, digest of its entries and balances). */
export interface ReadStatement {
  statement: CamtStatement;
  key: string;
  entries: number;
  booked: bigint;
  transactions: CamtTransaction[];
}
export interface ReadCamt {
  messageId: string;
  statements: ReadStatement[];
  transactionCount: number;
}

/** Reads the whole file (refused as INVALID_XML when it cannot be read) before anything is written. */
export function readCamt(content: Buffer): ReadCamt {
  const file: ReadCamt = { messageId: '', statements: [], transactionCount: 0 };
  let current: ReadStatement | undefined;
  let digest = crypto.createHash('sha256');
  const reader = camtReader({
    header: (h) => {
      file.messageId = h.messageId ?? '';
    },
    statement: (statement) => {
      digest = crypto.createHash('sha256');
      current = { statement, key: '', entries: 0, booked: 0n, transactions: [] };
    },
    entry: (_statement, entry: CamtEntry) => {
      if (!current) return;
      digest.update(entry.content);
      current.entries++;
      if ((entry.entryStatus ?? 'BOOK') === 'BOOK')
        current.booked += (entry.creditDebit === 'DBIT' ? -1n : 1n) * units(entry.amount, SCALE);
      for (const t of entry.transactions) current.transactions.push(t);
    },
    statementEnd: (s) => {
      if (!current) return;
      // The same statement: same message, statement and account, same balances and entries.
      current.key = `${file.messageId}|${s.id ?? ''}|${s.iban ?? s.accountId ?? ''}|${digest.update(JSON.stringify(s)).digest('hex').slice(0, 32)}`;
      current.statement = s;
      file.statements.push(current);
      file.transactionCount += current.transactions.length;
      current = undefined;
    },
  });
  const decoder = new TextDecoder('utf-8');
  const CHUNK = 256 * 1024;
  try {
    for (let at = 0; at < content.length; at += CHUNK)
      reader.write(decoder.decode(content.subarray(at, at + CHUNK), { stream: true }));
    reader.write(decoder.decode());
    reader.close();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('INVALID_XML', [error instanceof Error ? error.message : String(error)]);
  }
  return file;
}

/**
 * Where writing a file's statements stands: the next statement, the transactions of it already
 * written (its row and their registration ranges), the counts so far. A background import commits
 * it with each chunk's rows (its batch's cursor), so that a resumed import writes nothing twice.
 */
export interface ImportCursor {
  statement: number;
  transaction: number;
  statementRegistration?: string;
  ranges: string[];
  counts: Counts;
  existing?: string;
}
export const startCursor = (): ImportCursor => ({
  statement: 0,
  transaction: 0,
  ranges: [],
  counts: { statementCount: 0, entryCount: 0, transactionCount: 0, duplicateCount: 0 },
});

/** The earlier import's camt of a statement imported before, if any. */
async function knownStatement(tx: Tx, tenant: string, key: string): Promise<string | undefined> {
  const [known] = await storage.findWhere(tx, statementKind, tenant, sql<boolean>`data->>'statementKey' = ${key}`, 1);
  return known ? String(known.data.camtRegistration) : undefined;
}

/** Whether every statement of the file was imported before: the earlier camt, or undefined. */
export async function alreadyImported(tx: Tx, tenant: string, file: ReadCamt): Promise<string | undefined> {
  let existing: string | undefined;
  for (const s of file.statements) {
    const known = await knownStatement(tx, tenant, s.key);
    if (!known) return undefined;
    existing ??= known;
  }
  return existing;
}

/**
 * Writes the file's statements and transactions under `camt` from `from` on, in `tx`, until about
 * `budget` transactions are written: each statement (skipped when its key was imported before — a
 * unique index), its transactions in bulk, then its totals and balance check and its History row.
 * Answers where it stopped (`statement` past the last one when the file is written).
 */
export async function writeStatements(
  tx: Tx,
  caller: WorkflowCaller,
  camt: Doc,
  file: ReadCamt,
  from: ImportCursor,
  budget = Infinity,
): Promise<ImportCursor> {
  const c: ImportCursor = { ...from, ranges: [...from.ranges], counts: { ...from.counts } };
  let written = 0;
  while (c.statement < file.statements.length) {
    const read = file.statements[c.statement];
    const s = read.statement;
    let statement: RecordOf<typeof bankStatement> | undefined;
    if (c.statementRegistration) {
      const found = await storage.findOne(tx, statementKind, caller.tenant, c.statementRegistration, true);
      if (found) statement = storage.toDocument(found);
    }
    if (!statement) {
      const known = await knownStatement(tx, caller.tenant, read.key);
      if (known) {
        c.counts.duplicateCount++;
        c.existing ??= known;
        c.statement++;
        continue;
      }
      const account = s.iban ?? s.accountId ?? '';
      const doc: InputOf<typeof bankStatement> = {
        status: 'IMPORTED',
        type: s.kind === '053' ? 'CAMT_053' : undefined,
        name: `${account} ${s.fromDate ?? s.creationDate?.slice(0, 10) ?? ''}`.trim(),
        camtRegistration: String(camt.registration),
        messageId: file.messageId,
        statementId: s.id,
        sequenceNumber: s.sequenceNumber,
        accountIban: s.iban ?? s.accountId,
        currency: s.currency,
        openingBalance: s.opening ? amountNumber(s.opening.amount) : undefined,
        closingBalance: s.closing ? amountNumber(s.closing.amount) : undefined,
        fromDate: s.fromDate,
        toDate: s.toDate,
        statementDate: s.creationDate?.slice(0, 10) ?? s.toDate,
        statementKey: read.key,
      };
      // Recorded once complete, by its IMPORT below.
      statement = await createIn(
        tx,
        caller,
        statementKind,
        Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined)),
        { historyAs: 'none' },
      );
      c.statementRegistration = statement.registration;
      c.counts.statementCount++;
      c.counts.entryCount += read.entries;
    }
    const statementDoc = statement;
    while (c.transaction < read.transactions.length && written < budget) {
      const slice = read.transactions.slice(c.transaction, c.transaction + Math.min(WRITE_EVERY, budget - written));
      const registrations = await freeRegistrations(tx, caller, transactionKind, slice.length);
      // Thousands per statement, built from the file read: through the bulk writes (entities/bulk-writes.ts),
      // with no History row each, the statement's IMPORT row naming them.
      await createManyIn(
        tx,
        caller,
        transactionKind,
        slice.map((t, i) => transactionDoc(registrations[i], statementDoc, t)),
        { recordHistory: false },
      );
      c.ranges.push(`${registrations[0]}-${registrations[registrations.length - 1]}`);
      c.transaction += slice.length;
      c.counts.transactionCount += slice.length;
      written += slice.length;
    }
    if (c.transaction < read.transactions.length) return c;
    const { opening, closing } = s;
    const difference =
      opening && closing ? units(closing.amount, SCALE) - units(opening.amount, SCALE) - read.booked : undefined;
    // The statement's History row names its transactions (each keeps who wrote it and when): one row, not one per entry.
    await updateIn(
      tx,
      caller,
      statementKind,
      statementDoc.registration,
      {
        entriesTotal: Number(fromUnits(read.booked)),
        transactionCount: read.transactions.length,
        ...(difference === undefined
          ? {}
          : { balanced: difference === 0n, balanceDifference: Number(fromUnits(difference)) }),
      },
      { mode: 'merge', action: 'IMPORT', history: { transactions: c.ranges }, historyAs: 'created' },
    );
    c.statement++;
    c.transaction = 0;
    c.statementRegistration = undefined;
    c.ranges = [];
    if (written >= budget) return c;
  }
  return c;
}

export interface ImportOptions {
  store: ObjectStore;
  /** Queues a batch (jobs) importing a file of more transactions than `backgroundThreshold`; answers its registration. */
  background?: (tx: Tx, caller: WorkflowCaller, camt: Doc, total: number) => Promise<string>;
  backgroundThreshold: number;
  /** Hands a file queued for the background, as read here, to the batches of this process (by its content's storage key). */
  keep?: (storageKey: string, file: ReadCamt) => void;
  /** The day the file is processed (today in the caller's time zone when absent): a returned debit's fee is charged that day. A replay of past days gives its own. */
  today?: string;
}

/**
 * The import's answer: the Camt record; whether it was there already (the same statements imported
 * before); whether it is being imported in the background (IMPORTING, its batch named).
 */
export async function importCamt(
  db: Db,
  caller: WorkflowCaller,
  file: { content: Buffer; fileName: string },
  options: ImportOptions,
): Promise<{ camt: Doc; created: boolean; queued: boolean }> {
  const version = camtVersionOf(file.content.subarray(0, 4096).toString('utf8'));
  // The schema check runs on the validator's own thread while the file is read here; its refusal
  // comes first, as when it ran before the reading.
  const validation = validateCamt(file.content, version);
  let unreadable: unknown;
  const read = (() => {
    try {
      return readCamt(file.content);
    } catch (error) {
      unreadable = error;
      return undefined;
    }
  })();
  await validation;
  if (!read) throw unreadable;
  const queued = read.transactionCount > options.backgroundThreshold && !!options.background;
  const stored = await storeContent(options.store, caller.tenant, file.fileName, file.content, 'application/xml');
  try {
    const camt = await inTenant(
      db,
      scopeOf(caller),
      async (tx) => {
        if (queued) {
          const existing = await alreadyImported(tx, caller.tenant, read);
          if (existing) throw new AlreadyImported(existing);
        }
        const base: Doc = {
          status: queued ? 'IMPORTING' : 'IMPORTED',
          type: version.startsWith('camt.053') ? 'CAMT_053' : 'CAMT_054',
          name: file.fileName,
          version,
          fileName: file.fileName,
          importDate: new Date().toISOString().slice(0, 10),
          messageId: read.messageId || undefined,
        };
        // Recorded once complete, by its IMPORT below.
        const { registration } = await createIn(
          tx,
          caller,
          camtKind,
          Object.fromEntries(Object.entries(base).filter(([, v]) => v !== undefined)),
          { historyAs: 'none' },
        );
        base.registration = registration;
        const document = await recordDocument(tx, caller, { entity: camtKind, registration }, stored, {
          name: file.fileName,
        });
        let doc: Doc = { ...base, documentRegistration: document.registration };
        if (queued) {
          // Imported chunk after chunk by the CAMT_IMPORT batch (camt-import-job.ts), from the file kept as its document.
          doc = { ...doc, batchRegistration: await options.background!(tx, caller, doc, read.transactionCount) };
        } else {
          const { counts, existing } = await writeStatements(tx, caller, base, read, startCursor());
          if (counts.statementCount === 0 && existing) throw new AlreadyImported(existing);
          doc = {
            ...doc,
            ...counts,
            ...(await matchCamt(tx, caller, registration, options.today)),
            status: 'PROCESSED',
          };
        }
        const clean = Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined));
        return updateIn(tx, caller, camtKind, registration, clean, { action: 'IMPORT', historyAs: 'created' });
      },
      600_000,
    );
    // Committed: its batch may take the file as read here rather than read it again.
    if (queued) options.keep?.(stored.key, read);
    return { camt, created: true, queued };
  } catch (error) {
    if (!(error instanceof AlreadyImported)) throw error;
    const [camt] = await inTenant(db, scopeOf(caller), (tx) =>
      storage.findMany(tx, camtKind, caller.tenant, [error.camtRegistration]),
    );
    return {
      camt: camt ? storage.toDocument(camt) : { registration: error.camtRegistration },
      created: false,
      queued: false,
    };
  }
}

/** Matches every NEW transaction of a camt (all at once): its counts of matched, returned and unmatched. */
export async function matchCamt(
  tx: Tx,
  caller: WorkflowCaller,
  camtRegistration: string,
  today?: string,
): Promise<{ matchedCount: number; returnedCount: number; unmatchedCount: number }> {
  let after = '';
  for (;;) {
    const rows = await newTransactions(
      tx,
      caller.tenant,
      sql<boolean>`data->>'camtRegistration' = ${camtRegistration}`,
      after,
      MATCH_CHUNK,
    );
    if (!rows.length) break;
    await matchTransactions(tx, caller, rows, today);
    after = rows[rows.length - 1]._id;
  }
  return camtCounts(tx, caller.tenant, camtRegistration);
}

/**
 * How a camt's transactions stand: matched, returns applied, waiting. A return the returns refused
 * (its line already rejected by an earlier file…) applied nothing: it waits, counted unmatched, its
 * transaction saying why (unmatchedReason).
 */
export async function camtCounts(
  tx: Tx,
  tenant: string,
  camtRegistration: string,
): Promise<{ matchedCount: number; returnedCount: number; unmatchedCount: number }> {
  const {
    rows: [c],
  } = await sql<{ matched: string; returned: string; unmatched: string }>`SELECT
      count(*) FILTER (WHERE status = 'MATCHED' AND COALESCE(data->>'matchMethod', '') <> 'RETURN') AS matched,
      count(*) FILTER (WHERE status = 'MATCHED' AND data->>'matchMethod' = 'RETURN') AS returned,
      count(*) FILTER (WHERE status IN ('NEW', 'PARTIALLY_MATCHED')) AS unmatched
    FROM ${sql.table(transactionKind.table)} WHERE tenant = ${tenant} AND data->>'camtRegistration' = ${camtRegistration}`.execute(
    tx,
  );
  return { matchedCount: Number(c.matched), returnedCount: Number(c.returned), unmatchedCount: Number(c.unmatched) };
}

export type { MatchOutcome };
