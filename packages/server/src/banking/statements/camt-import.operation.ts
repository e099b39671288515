/**
 * Importing a camt.053 / camt.054 file (docs/api.md "Bank statements"):
 * 1. its schema (camt-schema.ts) refuses a file not well-formed or not valid, before anything is written;
 * 2. in one transaction: the Camt record, the file kept as its document, then the file read as a
 *    stream (camt-reader.ts), each statement a BankStatement (skipped when its key — message,
 *    statement id, account — was imported before: a unique index) and each entry, or each
 *    transaction detail of a batch entry, a BankTransaction written in bulk; each statement's
 *    opening balance plus its booked entries checked against its closing balance to the cent;
 * 3. matching (matching.ts): in the same transaction for a small file, else as an IMPORT batch.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { inTenant, scopeOf, type Db, type Tx } from '../../db/database.ts';
import { freeRegistration, freeRegistrations } from '../../entities/crud.operation.ts';
import { insertHistory } from '../../entities/history.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc, Row } from '../../entities/storage.ts';
import type { WorkflowCaller } from '../../workflow/permissions.ts';
import type { ObjectStore } from '../../documents/object-store.ts';
import { recordDocument, storeContent } from '../../documents/attach.ts';
import { camtReader, units, type CamtEntry, type CamtStatement, type CamtTransaction } from './camt-reader.ts';
import { camtVersionOf, validateCamt } from './camt-schema.ts';
import { matchTransactions, newTransactions, transactionKind, type MatchOutcome } from './matching.ts';

export const camtKind = entityByName('Camt')!;
export const statementKind = entityByName('BankStatement')!;

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
function transactionDoc(registration: string, statement: Doc, t: CamtTransaction): Doc {
  const isReturn = t.creditDebit === 'DBIT' && (!!t.returnReason || (t.reversal && !!t.endToEndId));
  return Object.fromEntries(Object.entries({
    registration, status: 'NEW',
    type: isReturn ? 'DIRECT_DEBIT_RETURN' : t.creditDebit === 'DBIT' ? 'DEBIT' : 'CREDIT',
    name: (t.counterpartyName ?? t.remittanceInformation ?? t.entryReference ?? registration).slice(0, 140),
    bankStatementRegistration: statement.registration, camtRegistration: statement.camtRegistration, accountIban: statement.accountIban,
    creditDebit: t.creditDebit, amount: amountNumber(t.amount), currency: t.currency ?? statement.currency,
    bookingDate: t.bookingDate, valueDate: t.valueDate, entryReference: t.entryReference, accountServicerReference: t.accountServicerReference,
    bankTransactionCode: t.bankTransactionCode, endToEndId: t.endToEndId, mandateReference: t.mandateReference,
    remittanceInformation: t.remittanceInformation, creditorReference: t.creditorReference,
    counterpartyName: t.counterpartyName, counterpartyIban: t.counterpartyIban?.replace(/\s/g, '').toUpperCase(),
    reversal: t.reversal, returnReason: t.returnReason, entryStatus: t.entryStatus,
  }).filter(([, v]) => v !== undefined));
}

interface Counts { statementCount: number; entryCount: number; transactionCount: number; duplicateCount: number }

/** Thrown inside the import's transaction when every statement of the file was imported before: nothing is kept. */
class AlreadyImported extends Error {
  constructor(readonly camtRegistration: string) { super('already imported'); }
}

/** Reads the file and writes its statements and transactions under `camt`, in `tx`. */
async function writeStatements(tx: Tx, caller: WorkflowCaller, camt: Doc, content: Buffer): Promise<Counts & { existing?: string }> {
  const counts: Counts = { statementCount: 0, entryCount: 0, transactionCount: 0, duplicateCount: 0 };
  let existing: string | undefined;
  let messageId = '';
  type Step = { kind: 'statement' | 'end'; statement: CamtStatement } | { kind: 'entry'; statement: CamtStatement; entry: CamtEntry };
  const steps: Step[] = [];
  const reader = camtReader({
    header: (h) => { messageId = h.messageId ?? ''; },
    statement: (statement) => steps.push({ kind: 'statement', statement }),
    entry: (statement, entry) => steps.push({ kind: 'entry', statement, entry }),
    statementEnd: (statement) => steps.push({ kind: 'end', statement }),
  });
  let current: { row: Row; doc: Doc; booked: bigint; transactions: number; entries: number; registrations: string[] } | undefined;
  let digest = crypto.createHash('sha256');
  let buffer: CamtTransaction[] = [];
  const flush = async () => {
    if (!buffer.length || !current) return;
    const registrations = await freeRegistrations(tx, caller, transactionKind, buffer.length);
    const docs = buffer.map((t, i) => transactionDoc(registrations[i], current!.doc, t));
    await storage.insertMany(tx, transactionKind, caller.tenant, caller.username, docs);
    current.transactions += docs.length;
    current.registrations.push(`${registrations[0]}-${registrations[registrations.length - 1]}`);
    counts.transactionCount += docs.length;
    buffer = [];
  };
  const run = async () => {
    for (const step of steps.splice(0)) {
      const s = step.statement;
      if (step.kind === 'statement') {
        const account = s.iban ?? s.accountId ?? '';
        // Written under a savepoint, then given its key: a statement seen before is rolled back.
        await sql`SAVEPOINT camt_statement`.execute(tx);
        digest = crypto.createHash('sha256');
        const doc: Doc = {
          registration: await freeRegistration(tx, caller, statementKind), status: 'IMPORTED', type: s.kind === '053' ? 'CAMT_053' : undefined,
          name: `${account} ${s.fromDate ?? s.creationDate?.slice(0, 10) ?? ''}`.trim(), camtRegistration: camt.registration, messageId,
          statementId: s.id, sequenceNumber: s.sequenceNumber, accountIban: s.iban ?? s.accountId, currency: s.currency,
          openingBalance: s.opening ? amountNumber(s.opening.amount) : undefined, closingBalance: s.closing ? amountNumber(s.closing.amount) : undefined,
          fromDate: s.fromDate, toDate: s.toDate, statementDate: s.creationDate?.slice(0, 10) ?? s.toDate,
        };
        const clean = Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined));
        current = { row: await storage.insertRow(tx, statementKind, caller.tenant, caller.username, clean), doc: clean, booked: 0n, transactions: 0, entries: 0, registrations: [] };
        counts.statementCount++;
      } else if (step.kind === 'entry') {
        if (!current) continue;
        digest.update(step.entry.content);
        counts.entryCount++;
        current.entries++;
        if ((step.entry.entryStatus ?? 'BOOK') === 'BOOK') current.booked += (step.entry.creditDebit === 'DBIT' ? -1n : 1n) * units(step.entry.amount, SCALE);
        buffer.push(...step.entry.transactions);
        if (buffer.length >= WRITE_EVERY) await flush();
      } else {
        if (!current) continue;
        await flush();
        const { opening, closing } = s;
        // The same statement: same message, statement and account, same balances and entries.
        const statementKey = `${messageId}|${s.id ?? ''}|${s.iban ?? s.accountId ?? ''}|${digest.update(JSON.stringify(s)).digest('hex').slice(0, 32)}`;
        const [known] = await storage.findWhere(tx, statementKind, caller.tenant, sql<boolean>`data->>'statementKey' = ${statementKey}`, 1);
        if (known) {
          await sql`ROLLBACK TO SAVEPOINT camt_statement`.execute(tx);
          counts.duplicateCount++;
          counts.statementCount--;
          counts.entryCount -= current.entries;
          counts.transactionCount -= current.transactions;
          existing ??= String(known.data.camtRegistration);
          current = undefined;
          continue;
        }
        const difference = opening && closing ? units(closing.amount, SCALE) - units(opening.amount, SCALE) - current.booked : undefined;
        const after = storage.toDocument(await storage.updateRow(tx, statementKind, caller.tenant, caller.username, current.row._id, {
          ...current.doc, statementKey, entriesTotal: Number(fromUnits(current.booked)), transactionCount: current.transactions,
          ...(difference === undefined ? {} : { balanced: difference === 0n, balanceDifference: Number(fromUnits(difference)) }),
        }));
        // The statement's History row names its transactions (each keeps who wrote it and when): one row, not one per entry.
        await insertHistory(tx, caller, { entityName: statementKind.name, entityRegistration: current.row.registration, action: 'IMPORT', after, extra: { transactions: current.registrations } });
        await sql`RELEASE SAVEPOINT camt_statement`.execute(tx);
        current = undefined;
      }
    }
  };
  const decoder = new TextDecoder('utf-8');
  const CHUNK = 256 * 1024;
  try {
    for (let at = 0; at < content.length; at += CHUNK) {
      reader.write(decoder.decode(content.subarray(at, at + CHUNK), { stream: true }));
      await run();
    }
    reader.write(decoder.decode());
    reader.close();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('INVALID_XML', [error instanceof Error ? error.message : String(error)]);
  }
  await run();
  return { ...counts, existing };
}

export interface ImportOptions {
  store: ObjectStore;
  /** Queues a batch (jobs) for matching a file of more transactions than `backgroundThreshold`. */
  background?: (tx: Tx, caller: WorkflowCaller, camt: Doc, total: number) => Promise<string>;
  backgroundThreshold: number;
}

/** The import's answer: the Camt record, and whether it was there already (the same statements imported before). */
export async function importCamt(db: Db, caller: WorkflowCaller, file: { content: Buffer; fileName: string }, options: ImportOptions): Promise<{ camt: Doc; created: boolean }> {
  const version = camtVersionOf(file.content.subarray(0, 4096).toString('utf8'));
  await validateCamt(file.content, version);
  const stored = await storeContent(options.store, caller.tenant, file.fileName, file.content, 'application/xml');
  try {
    const camt = await inTenant(db, scopeOf(caller), async (tx) => {
      const registration = await freeRegistration(tx, caller, camtKind);
      const base: Doc = {
        registration, status: 'IMPORTED', type: version.startsWith('camt.053') ? 'CAMT_053' : 'CAMT_054', name: file.fileName,
        version, fileName: file.fileName, importDate: new Date().toISOString().slice(0, 10),
      };
      const row = await storage.insertRow(tx, camtKind, caller.tenant, caller.username, base);
      const document = await recordDocument(tx, caller, { entity: camtKind, registration }, stored, { name: file.fileName });
      const counts = await writeStatements(tx, caller, base, file.content);
      if (counts.statementCount === 0 && counts.existing) throw new AlreadyImported(counts.existing);
      const head = await sql<{ message_id: string | null; created: string | null }>`SELECT data->>'messageId' AS message_id, NULL AS created
        FROM ${sql.table(statementKind.table)} WHERE tenant = ${caller.tenant} AND data->>'camtRegistration' = ${registration} LIMIT 1`.execute(tx);
      let doc: Doc = { ...base, ...counts, existing: undefined, messageId: head.rows[0]?.message_id ?? undefined, documentRegistration: document.registration, matchedCount: 0, returnedCount: 0, unmatchedCount: 0 };
      if (counts.transactionCount > options.backgroundThreshold && options.background) {
        doc = { ...doc, status: 'PROCESSING', batchRegistration: await options.background(tx, caller, doc, counts.transactionCount) };
      } else {
        doc = { ...doc, ...(await matchCamt(tx, caller, registration)), status: 'PROCESSED' };
      }
      const clean = Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined));
      const after = storage.toDocument(await storage.updateRow(tx, camtKind, caller.tenant, caller.username, row._id, clean));
      await insertHistory(tx, caller, { entityName: camtKind.name, entityRegistration: registration, action: 'IMPORT', after });
      return after;
    }, 600_000);
    return { camt, created: true };
  } catch (error) {
    if (!(error instanceof AlreadyImported)) throw error;
    const [camt] = await inTenant(db, scopeOf(caller), (tx) => storage.findMany(tx, camtKind, caller.tenant, [error.camtRegistration]));
    return { camt: camt ? storage.toDocument(camt) : { registration: error.camtRegistration }, created: false };
  }
}

/** Matches every NEW transaction of a camt (all at once): its counts of matched, returned and unmatched. */
export async function matchCamt(tx: Tx, caller: WorkflowCaller, camtRegistration: string): Promise<{ matchedCount: number; returnedCount: number; unmatchedCount: number }> {
  let after = '';
  for (;;) {
    const rows = await newTransactions(tx, caller.tenant, sql<boolean>`data->>'camtRegistration' = ${camtRegistration}`, after, MATCH_CHUNK);
    if (!rows.length) break;
    await matchTransactions(tx, caller, rows);
    after = rows[rows.length - 1]._id;
  }
  return camtCounts(tx, caller.tenant, camtRegistration);
}

/** How a camt's transactions stand: matched, returned, waiting. */
export async function camtCounts(tx: Tx, tenant: string, camtRegistration: string): Promise<{ matchedCount: number; returnedCount: number; unmatchedCount: number }> {
  const { rows: [c] } = await sql<{ matched: string; returned: string; unmatched: string }>`SELECT
      count(*) FILTER (WHERE status = 'MATCHED' AND COALESCE(data->>'matchMethod', '') <> 'RETURN') AS matched,
      count(*) FILTER (WHERE data->>'matchMethod' = 'RETURN' OR (status = 'NEW' AND type = 'DIRECT_DEBIT_RETURN')) AS returned,
      count(*) FILTER (WHERE status IN ('NEW', 'PARTIALLY_MATCHED') AND COALESCE(type, '') <> 'DIRECT_DEBIT_RETURN') AS unmatched
    FROM ${sql.table(transactionKind.table)} WHERE tenant = ${tenant} AND data->>'camtRegistration' = ${camtRegistration}`.execute(tx);
  return { matchedCount: Number(c.matched), returnedCount: Number(c.returned), unmatchedCount: Number(c.unmatched) };
}

export type { MatchOutcome };
