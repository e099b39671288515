/**
 * Generating payment files (issue 17 item 1): SEPA direct debits (pain.008) of the receivable
 * invoices collected by direct debit, or credit transfers (pain.001) of the payable ones, due by
 * a day. One file per organization (our side's bank account), its transactions grouped by date
 * and, for debits, sequence type. In one transaction under a per-tenant lock, so that two
 * generations never take the same invoice: an invoice already in a line that is not cancelled is
 * left out. The XML is validated against its schema before anything is released: a valid file is
 * GENERATED with its PAYMENT_FILE document and DRAFT lines; an invalid one stays DRAFT with the
 * schema's message, no document, and its lines CANCELLED (its invoices free for the next file).
 */
import { leftToPay } from '@lbo/model/finance/amounts';
import { sql } from 'kysely';
import { invoice } from '@lbo/model/entities/billing/invoice.entity';
import { paymentFileLine } from '@lbo/model/entities/billing/payment-file-line.entity';
import { paymentFile } from '@lbo/model/entities/billing/payment-file.entity';
import { contract } from '@lbo/model/entities/financing/contract.entity';
import { person } from '@lbo/model/entities/person/person.entity';
import { ApiError } from '@lbo/model/errors';
import { Dec } from '@lbo/model/finance/decimal';
import { dayIn } from '@lbo/model/values/dates';
import type { Tx } from '../../db/database.ts';
import { createManyIn } from '../../entities/bulk-writes.ts';
import { createIn, freeRegistration, freeRegistrations, type Caller } from '../../entities/crud.operation.ts';
import * as storage from '../../entities/storage.ts';
import type { Doc, Row } from '../../entities/storage.ts';
import type { RecordOf } from '@lbo/model/record-types';
import { discardContent, recordDocument, storeContent } from '../../documents/documents.module.ts';
import type { ObjectStore } from '../../db/object-store.ts';
import { personName } from '../../billing/billing.module.ts';
import {
  debitVersions,
  painXml,
  transferVersions,
  type PainGroup,
  type PainTransaction,
  type PainVersion,
} from './pain-xml.ts';
import { SCHEME_LEAD_DAYS, collectionDate, nextBusinessDay } from './target2.ts';
import { xsdErrors } from './xsd-validation.ts';

export const paymentFileKind = paymentFile;
export const paymentFileLineKind = paymentFileLine;
const invoiceKind = invoice;
const personKind = person;
const contractKind = contract;

export type PaymentFileType = 'SEPA_DIRECT_DEBIT' | 'SEPA_CREDIT_TRANSFER';

/** What a generation is asked for, checked (paymentFileParameters). */
export interface PaymentFileParameters {
  type: PaymentFileType;
  version: PainVersion;
  scheme: 'CORE' | 'B2B';
  /** Invoices due on or before this day. */
  dueUntil: string;
  /** Organizations (our side) whose invoices are taken; all when empty. */
  organizations: string[];
  /** Business days between the file and its first collection (the scheme's when absent). */
  leadDays: number;
  /** The day the file is made (today in the caller's zone). */
  today: string;
}

const isDay = (v: unknown): v is string =>
  typeof v === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** Checks a request's parameters, with the catalogue's errors. */
export function paymentFileParameters(input: Doc, caller: Caller): PaymentFileParameters {
  const type = input.type;
  if (type !== 'SEPA_DIRECT_DEBIT' && type !== 'SEPA_CREDIT_TRANSFER')
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(type ?? null), 'type']);
  const versions: readonly string[] = type === 'SEPA_DIRECT_DEBIT' ? debitVersions : transferVersions;
  const version = input.version ?? versions[versions.length - 1];
  if (!versions.includes(String(version)))
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(version), 'version']);
  const scheme = input.scheme ?? 'CORE';
  if (scheme !== 'CORE' && scheme !== 'B2B')
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(scheme), 'scheme']);
  if (input.dueUntil === undefined || input.dueUntil === null || input.dueUntil === '')
    throw new ApiError('MISSING_FIELD_IN_BODY', ['dueUntil']);
  if (!isDay(input.dueUntil)) throw new ApiError('INVALID_DATE_FIELD', ['dueUntil']);
  const organizations = Array.isArray(input.organizations)
    ? input.organizations.map(String)
    : typeof input.organizations === 'string'
      ? input.organizations
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  const leadDays = input.leadDays ?? SCHEME_LEAD_DAYS[scheme];
  if (!Number.isInteger(leadDays) || (leadDays as number) < 0 || (leadDays as number) > 30)
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(leadDays), 'leadDays']);
  const today = input.today ?? dayIn(new Date(), caller.timeZone ?? 'UTC');
  if (!isDay(today)) throw new ApiError('INVALID_DATE_FIELD', ['today']);
  return {
    type,
    version: version as PainVersion,
    scheme,
    dueUntil: input.dueUntil,
    organizations,
    leadDays: leadDays as number,
    today,
  };
}

const debit = (p: PaymentFileParameters) => p.type === 'SEPA_DIRECT_DEBIT';

/** The invoices a generation would take: open, due, paid this way, in no line that is not cancelled. */
function candidates(p: PaymentFileParameters, tenant: string) {
  const lines = sql.table(paymentFileLineKind.table);
  const mode = debit(p) ? 'SEPA_DIRECT_DEBIT' : 'TRANSFER';
  const organizations = p.organizations.length
    ? sql`AND i.data->>'organizationRegistration' = ANY(${p.organizations}::text[])`
    : sql``;
  return sql`i.tenant = ${tenant} AND i.status IN ('ISSUED', 'PARTIALLY_PAID') AND i.data->>'pr' = ${debit(p) ? 'R' : 'P'}
    AND i.data->>'paymentMode' = ${mode} AND i.data->>'dueDate' <= ${p.dueUntil} ${organizations}
    AND NOT EXISTS (SELECT 1 FROM ${lines} AS l WHERE l.tenant = i.tenant AND l.data->>'invoiceRegistration' = i.registration AND l.status <> 'CANCELLED')`;
}

/** How many invoices a generation would take (a batch's total). */
export async function countPaymentFileCandidates(tx: Tx, caller: Caller, p: PaymentFileParameters): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM ${sql.table(invoiceKind.table)} AS i WHERE ${candidates(p, caller.tenant)}`.execute(tx);
  return Number(rows[0].n);
}

type Account = {
  isInactive?: boolean;
  bankIban?: string;
  bankBic?: string;
  collectionMethods?: string[];
  sepaCreditorIdentifier?: string;
  sepaMandates?: Mandate[];
};
type Mandate = {
  rumReference?: string;
  rumStatus?: string;
  rumType?: string;
  rumFrequency?: string;
  rumDateOfSignature?: string;
};
type PersonLink = { role?: string; personRegistration?: string };

const accountsOf = (person: Row | undefined) =>
  ((person?.data.bankAccounts as Account[] | undefined) ?? []).filter((a) => !a.isInactive && a.bankIban);
const role = (invoice: Row, r: string) =>
  ((invoice.data.persons as PersonLink[] | undefined) ?? []).find((p) => p.role === r)?.personRegistration;
const VALID_MANDATE = new Set(['ACTIVE', 'SIGNED']);

/** The payer's account and valid mandate of the scheme for a debit: the invoice's own mandate first. */
function mandateOf(
  payer: Row | undefined,
  invoice: Row,
  scheme: string,
): { account: Account; mandate: Mandate } | undefined {
  const options = accountsOf(payer)
    .filter((a) => a.collectionMethods?.includes('SEPA_DIRECT_DEBIT'))
    .flatMap((account) =>
      (account.sepaMandates ?? [])
        .filter(
          (m) =>
            m.rumReference &&
            m.rumDateOfSignature &&
            VALID_MANDATE.has(String(m.rumStatus)) &&
            (scheme === 'B2B') === (m.rumType === 'B2B'),
        )
        .map((mandate) => ({ account, mandate })),
    );
  return options.find((o) => o.mandate.rumReference === invoice.data.mandateReference) ?? options[0];
}

const TERMINAL_CONTRACT = new Set(['TERMINATED']);
const isOneOff = (m: Mandate) => m.rumFrequency === 'OOFF' || m.rumType === 'ONE_OFF' || m.rumType === 'OOFF';

interface Planned {
  invoice: Row;
  organization: string;
  line: Doc;
  transaction: PainTransaction;
}

export interface GenerationOutcome {
  files: Doc[];
  /** Invoices left out, and why. */
  skipped: { invoiceRegistration: string; reason: string }[];
}

/**
 * Generates the files of `p` in the caller's transaction; the XML goes to `store` as each file's
 * document. `batchRegistration` names the batch that runs it.
 */
export async function generatePaymentFiles(
  tx: Tx,
  caller: Caller,
  store: ObjectStore,
  p: PaymentFileParameters,
  batchRegistration?: string,
): Promise<GenerationOutcome> {
  // One generation at a time per tenant: the second sees the first one's lines.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`${caller.tenant}:payment-files`}))`.execute(tx);
  const { rows: invoices } =
    await sql<Row>`SELECT i._id, i.registration, i.status, i.name, i.type, i.data, i._insert_date, i._insert_user, i._update_date, i._update_user, i._version
    FROM ${sql.table(invoiceKind.table)} AS i WHERE ${candidates(p, caller.tenant)} ORDER BY i.data->>'dueDate', i.registration`.execute(
      tx,
    );
  const skipped: GenerationOutcome['skipped'] = [];
  if (!invoices.length) return { files: [], skipped };

  const counterparty = (i: Row) => role(i, debit(p) ? 'PAYER' : 'PAYEE');
  const organizationOf = (i: Row) =>
    String(i.data.organizationRegistration ?? role(i, debit(p) ? 'PAYEE' : 'PAYER') ?? '');
  const personRegs = [
    ...new Set(invoices.flatMap((i) => [counterparty(i), organizationOf(i)]).filter((r): r is string => !!r)),
  ];
  const persons = new Map(
    (await storage.findMany(tx, personKind, caller.tenant, personRegs)).map((r) => [r.registration, r]),
  );
  const contracts = debit(p)
    ? new Map(
        (
          await storage.findMany(tx, contractKind, caller.tenant, [
            ...new Set(invoices.map((i) => String(i.data.contractRegistration ?? '')).filter(Boolean)),
          ])
        ).map((r) => [r.registration, r]),
      )
    : new Map<string, Row>();

  const planned: Planned[] = [];
  for (const invoice of invoices) {
    const skip = (reason: string) => {
      skipped.push({ invoiceRegistration: invoice.registration, reason });
    };
    // Euros to the cent (a balance typed as 0.1 + 0.2 is 0.30).
    const amount = new Dec(String(leftToPay(invoice.data) ?? 0)).toDecimalPlaces(2);
    if (invoice.data.currency !== 'EUR') {
      skip(`SEPA pays in euros, not ${invoice.data.currency}`);
      continue;
    }
    if (amount.lte(0)) {
      skip('nothing left to pay');
      continue;
    }
    const organization = organizationOf(invoice);
    if (!organization) {
      skip('no lessor organization (the invoice names no seller)');
      continue;
    }
    const person = persons.get(counterparty(invoice) ?? '');
    if (!person) {
      skip(`no ${debit(p) ? 'payer' : 'payee'}`);
      continue;
    }
    const reference = String(invoice.data.invoiceNumber ?? invoice.registration);
    const base = {
      type: debit(p) ? 'DEBIT' : 'CREDIT',
      status: 'DRAFT',
      invoiceRegistration: invoice.registration,
      contractRegistration: invoice.data.contractRegistration ?? null,
      personRegistration: person.registration,
      amount: amount.toNumber(),
      currency: 'EUR',
      pr: debit(p) ? 'R' : 'P',
      remittanceInformation: `${debit(p) ? 'Invoice' : 'Payment of invoice'} ${reference}${invoice.data.contractRegistration ? ` contract ${invoice.data.contractRegistration}` : ''}`,
    };
    if (debit(p)) {
      const found = mandateOf(person, invoice, p.scheme);
      if (!found) {
        skip(`no valid ${p.scheme} mandate of ${person.registration}`);
        continue;
      }
      const day = collectionDate(String(invoice.data.dueDate), p.today, p.leadDays);
      planned.push({
        invoice,
        organization,
        line: {
          ...base,
          mandateReference: found.mandate.rumReference,
          mandateSignatureDate: found.mandate.rumDateOfSignature,
          iban: found.account.bankIban,
          bic: found.account.bankBic ?? null,
          collectionDate: day,
          mandate: found.mandate,
        },
        transaction: {
          endToEndId: '',
          amount: amount.toFixed(2),
          currency: 'EUR',
          name: personName(person),
          iban: found.account.bankIban!,
          bic: found.account.bankBic,
          mandateReference: found.mandate.rumReference,
          mandateSignatureDate: found.mandate.rumDateOfSignature,
          remittanceInformation: base.remittanceInformation,
        },
      });
    } else {
      const accounts = accountsOf(person);
      const account = accounts.find((a) => a.bankIban === invoice.data.iban) ?? accounts[0];
      if (!account) {
        skip(`no bank account of ${person.registration}`);
        continue;
      }
      const day = nextBusinessDay(String(invoice.data.dueDate) > p.today ? String(invoice.data.dueDate) : p.today);
      planned.push({
        invoice,
        organization,
        line: { ...base, iban: account.bankIban, bic: account.bankBic ?? null, collectionDate: day },
        transaction: {
          endToEndId: '',
          amount: amount.toFixed(2),
          currency: 'EUR',
          name: personName(person),
          iban: account.bankIban!,
          bic: account.bankBic,
          remittanceInformation: base.remittanceInformation,
        },
      });
    }
  }
  if (debit(p)) await assignSequenceTypes(tx, caller, planned, contracts);

  const files: Doc[] = [];
  const byOrganization = groupBy(planned, (x) => x.organization);
  for (const [organization, items] of byOrganization) {
    const orgRow = persons.get(organization);
    const account = accountsOf(orgRow).find((a) => !debit(p) || a.sepaCreditorIdentifier);
    if (!orgRow || !account) {
      for (const x of items)
        skipped.push({
          invoiceRegistration: x.invoice.registration,
          reason: `no bank account${debit(p) ? ' with a SEPA creditor identifier' : ''} of ${organization}`,
        });
      continue;
    }
    files.push(await writeFile(tx, caller, store, p, { row: orgRow, account }, items, batchRegistration));
  }
  return { files, skipped };
}

/**
 * Sequence types from each mandate's history: OOFF for a one-off mandate; FRST while it has no
 * line that went (or goes) to the bank; RCUR after; FNAL for the last collection of a terminated
 * contract's mandate.
 */
async function assignSequenceTypes(tx: Tx, caller: Caller, planned: Planned[], contracts: Map<string, Row>) {
  const references = [...new Set(planned.map((x) => String(x.line.mandateReference)))];
  const { rows } = await sql<{
    ref: string;
  }>`SELECT DISTINCT data->>'mandateReference' AS ref FROM ${sql.table(paymentFileLineKind.table)}
    WHERE tenant = ${caller.tenant} AND type = 'DEBIT' AND status NOT IN ('CANCELLED', 'REJECTED') AND data->>'mandateReference' = ANY(${references}::text[])`.execute(
    tx,
  );
  const used = new Set(rows.map((r) => r.ref));
  const lastOfMandate = new Map(planned.map((x) => [String(x.line.mandateReference), x]));
  for (const x of planned) {
    const mandate = x.line.mandate as Mandate;
    const reference = String(x.line.mandateReference);
    const terminated = TERMINAL_CONTRACT.has(String(contracts.get(String(x.line.contractRegistration ?? ''))?.status));
    x.line.sequenceType = sequenceTypeOf(mandate, {
      collectedBefore: used.has(reference),
      lastOfTerminatedContract: terminated && lastOfMandate.get(reference) === x,
    });
    delete x.line.mandate;
  }
}

/** A debit's sequence type on its mandate: OOFF for a one-off mandate, FRST first, FNAL last of a terminated contract, RCUR otherwise. */
export function sequenceTypeOf(
  mandate: Mandate,
  history: { collectedBefore: boolean; lastOfTerminatedContract: boolean },
): 'FRST' | 'RCUR' | 'OOFF' | 'FNAL' {
  if (isOneOff(mandate)) return 'OOFF';
  if (!history.collectedBefore) return 'FRST';
  return history.lastOfTerminatedContract ? 'FNAL' : 'RCUR';
}

const SEQUENCE_ORDER = ['FRST', 'RCUR', 'FNAL', 'OOFF'];

/** Items by key, in the order keys first appear (Map.groupBy is not in Node 20). */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

async function writeFile(
  tx: Tx,
  caller: Caller,
  store: ObjectStore,
  p: PaymentFileParameters,
  org: { row: Row; account: Account },
  items: Planned[],
  batchRegistration?: string,
): Promise<Doc> {
  const registration = await freeRegistration(tx, caller, paymentFileKind);
  const lineRegistrations = await freeRegistrations(tx, caller, paymentFileLineKind, items.length);
  items.forEach((x, i) => {
    x.line = {
      registration: lineRegistrations[i],
      name: `${x.invoice.data.invoiceNumber ?? x.invoice.registration}`,
      paymentFileRegistration: registration,
      endToEndId: lineRegistrations[i],
      ...x.line,
    };
    x.transaction.endToEndId = lineRegistrations[i];
  });
  const groups = [...groupBy(items, (x) => `${x.line.collectionDate}|${x.line.sequenceType ?? ''}`).values()]
    .sort(
      (a, b) =>
        String(a[0].line.collectionDate).localeCompare(String(b[0].line.collectionDate)) ||
        SEQUENCE_ORDER.indexOf(String(a[0].line.sequenceType)) - SEQUENCE_ORDER.indexOf(String(b[0].line.sequenceType)),
    )
    .map(
      (group, i): PainGroup => ({
        id: `${registration}-${i + 1}`,
        date: String(group[0].line.collectionDate),
        sequenceType: group[0].line.sequenceType as PainGroup['sequenceType'],
        transactions: group.map((x) => x.transaction),
      }),
    );
  const total = items.reduce((s, x) => s.plus(x.transaction.amount), new Dec(0));
  const createdAt = new Date().toISOString().slice(0, 19);
  const xml = painXml({
    version: p.version,
    messageId: registration,
    createdAt,
    initiatingParty: personName(org.row),
    scheme: p.scheme,
    groups,
    party: {
      name: personName(org.row),
      iban: org.account.bankIban!,
      bic: org.account.bankBic,
      creditorIdentifier: org.account.sepaCreditorIdentifier,
    },
  });
  const errors = await xsdErrors(xml, p.version);
  const kind = debit(p) ? 'Direct debits' : 'Credit transfers';
  const file = {
    registration,
    name: `${kind}${debit(p) ? ` ${p.scheme}` : ''} of ${personName(org.row)} due by ${p.dueUntil}`,
    type: debit(p) ? 'PAIN_008' : 'PAIN_001',
    status: errors.length ? 'DRAFT' : 'GENERATED',
    fileDate: p.today,
    format: p.version,
    ...(debit(p) ? { scheme: p.scheme } : {}),
    messageId: registration,
    requestedDate: groups[0].date,
    dueUntil: p.dueUntil,
    organizationRegistration: org.row.registration,
    creditorIdentifier: org.account.sepaCreditorIdentifier ?? null,
    iban: org.account.bankIban,
    bic: org.account.bankBic ?? null,
    count: items.length,
    totalAmount: total.toNumber(),
    currency: 'EUR',
    batchRegistration: batchRegistration ?? null,
    ...(errors.length
      ? { errorMessage: `The file is not valid against ${p.version}.xsd: ${errors.slice(0, 5).join('; ')}` }
      : {}),
  };
  const lines = items.map((x) => (errors.length ? { ...x.line, status: 'CANCELLED' } : x.line));
  if (errors.length) return saveFile(tx, caller, file, lines);
  const content = await storeContent(
    store,
    caller.tenant,
    `${registration} ${p.version}.xml`,
    Buffer.from(xml, 'utf8'),
    'application/xml',
  );
  try {
    const document = await recordDocument(tx, caller, { entity: paymentFileKind, registration }, content, {
      type: 'PAYMENT_FILE',
    });
    return await saveFile(tx, caller, { ...file, documentRegistration: document.registration }, lines);
  } catch (error) {
    await discardContent(store, content);
    throw error;
  }
}

async function saveFile(
  tx: Tx,
  caller: Caller,
  file: Doc & { registration: string },
  lines: Doc[],
): Promise<RecordOf<typeof paymentFile>> {
  // Named before it is written: its registration is its XML's message id.
  const doc = await createIn(tx, caller, paymentFile, file, { registration: file.registration });
  // Its lines, up to thousands, built here from invoices already checked: through the bulk writes (entities/bulk-writes.ts).
  await createManyIn(tx, caller, paymentFileLine, lines as (Doc & { registration: string })[]);
  return doc;
}
