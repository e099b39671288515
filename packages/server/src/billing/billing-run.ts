/**
 * The billing run (spec 001 §7 run-billing): every schedule line still PLANNED and due up to the
 * date, of the active elements of the chosen organizations' contracts, becomes an invoice line
 * on a DRAFT invoice (invoice-drafts.ts), and the schedule line becomes INVOICED naming its
 * invoice (financing's recordLinesStatus), in one transaction per chunk of contracts, each write
 * of a chunk one statement (invoices, lines, elements, contracts, History rows).
 *
 * Exactly once: a chunk takes the next contracts with something due (in contract order, from the
 * index on the elements' contract), locks their due elements (FOR UPDATE, in a fixed order) and
 * reads their lines after the lock, so of two runs at once the second waits and then finds those
 * lines invoiced; a run killed midway rolls back its open chunk, and its batch resumes after the
 * last contract of its last committed one.
 */
import { sql } from 'kysely';
import { invoiceLine } from '@lbo/model/entities/billing/invoice-line.entity';
import { invoice } from '@lbo/model/entities/billing/invoice.entity';
import { tax } from '@lbo/model/entities/core/tax.entity';
import type { contractElement } from '@lbo/model/entities/financing/contract-element.entity';
import { person } from '@lbo/model/entities/person/person.entity';
import { ApiError } from '@lbo/model/errors';
import { taxRates } from '@lbo/model/lists/billing';
import type { DataOf, InputOf } from '@lbo/model/record-types';
import type { Tx } from '../db/database.ts';
import { createManyIn } from '../entities/bulk-writes.ts';
import { freeRegistrations, type Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { RowOf } from '../entities/storage.ts';
import {
  countDueElements,
  lockDueElements,
  nextDueContracts,
  recordLinesStatus,
  type DueSelection,
} from '../financing/financing.module.ts';
import { draftInvoices, type DueLine, type InvoiceDraft, type TaxTable } from './invoice-drafts.ts';
import { paymentTermsOf, personName } from './payment-terms.ts';

export { countDueElements };

/** The kinds a run writes, by their former names (the demo's billing reads them so). */
export const invoiceKind = invoice;
export const invoiceLineKind = invoiceLine;
type InvoiceDoc = DataOf<typeof invoice>;
type InvoiceLineDoc = DataOf<typeof invoiceLine>;

/** What a billing run bills: the elements with lines due by the date (financing's DueSelection). */
export type RunParameters = DueSelection;

/** Where the next chunk starts: after this contract. */
export type RunCursor = { contract: string } | null;

/** Contracts per chunk: one transaction holds the locks of their elements. */
export const CHUNK_CONTRACTS = 500;

/** CHUNK_CONTRACTS, or BILLING_CHUNK_CONTRACTS read at each chunk: smaller chunks show a run's progress more often. */
const chunkContracts = () => {
  const value = Number(process.env.BILLING_CHUNK_CONTRACTS);
  return Number.isInteger(value) && value > 0 ? value : CHUNK_CONTRACTS;
};

/** Reads `date` (YYYY-MM-DD, or an ISO time whose day is taken) and `organizations` (comma list). */
export function runParameters(query: { date?: unknown; organizations?: unknown }): RunParameters {
  if (query.date === undefined || query.date === '') throw new ApiError('MISSING_FIELD_IN_QUERY', ['date']);
  const date = String(query.date).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    throw new ApiError('INVALID_DATE_FIELD', ['date']);
  const list = Array.isArray(query.organizations) ? query.organizations.join(',') : String(query.organizations ?? '');
  return {
    date,
    organizations: list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** The tenant's tax list: the product's rates, overridden by its Tax records. */
export async function taxTable(tx: Tx, caller: Caller): Promise<TaxTable> {
  const table = new Map<string, string | number>(Object.entries(taxRates));
  for (const row of await storage.findWhere(tx, tax, caller.tenant, sql<boolean>`true`, 500)) {
    if (typeof row.data.value === 'number') table.set(row.data.code ?? row.registration, row.data.value);
  }
  return table;
}

function dueLinesOf(element: RowOf<typeof contractElement>, date: string): DueLine[] {
  const d = element.data;
  return (d.lines ?? [])
    .filter(
      (l): l is typeof l & { number: number; dueDate: string } =>
        l.status === 'PLANNED' && typeof l.number === 'number' && typeof l.dueDate === 'string' && l.dueDate <= date,
    )
    .map((l) => ({
      elementRegistration: element.registration,
      elementType: element.type,
      elementCode: String(d.code ?? element.type ?? ''),
      contractRegistration: String(d.contractRegistration ?? ''),
      pr: d.pr === 'P' ? 'P' : 'R',
      payerRegistration: String(d.payerRegistration ?? ''),
      payeeRegistration: String(d.payeeRegistration ?? ''),
      groupKey: String(d.groupKey ?? ''),
      currency: String(d.currency ?? 'EUR'),
      number: l.number,
      dueDate: l.dueDate,
      amountExclTax: l.amountExclTax ?? 0,
      ...(l.taxCode ? { taxCode: l.taxCode } : {}),
    }));
}

/** A contract's due lines the run left as they were, and why (they are billed by a later run once it is put right). */
export interface SkippedContract {
  contractRegistration: string;
  reason: string;
  /** Its elements left unbilled (they count in a run's total). */
  elements: number;
}

/** A chunk's invoices, how many elements it billed (the unit of a run's progress, as its total counts), and what it left. */
export interface ChunkResult {
  invoices: InvoiceDoc[];
  elements: number;
  cursor: RunCursor;
  finished: boolean;
  skipped: SkippedContract[];
}

/** Why a drafted invoice cannot be billed: it needs its seller (the lessor organization) and its counterparty. */
function draftProblem(draft: InvoiceDraft): string | undefined {
  const seller = draft.pr === 'R' ? draft.payeeRegistration : draft.payerRegistration;
  const counterparty = draft.pr === 'R' ? draft.payerRegistration : draft.payeeRegistration;
  if (!seller) return 'no lessor organization (the contract names no person with role ORGANIZATION)';
  if (!counterparty) return `no ${draft.pr === 'R' ? 'payer' : 'payee'} (the contract names no client or supplier)`;
  return undefined;
}

/** The contracts whose drafts cannot be billed, with their reason: each skipped whole, its lines left PLANNED. */
function skippedContracts(drafts: InvoiceDraft[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const draft of drafts) {
    const problem = draftProblem(draft);
    if (problem && !out.has(draft.contractRegistration)) out.set(draft.contractRegistration, problem);
  }
  return out;
}

/** A run's skipped contracts as a run reports them: how many, and how many for each reason. */
export function skippedSummary(skipped: SkippedContract[]): { count: number; reasons: Record<string, number> } {
  const reasons: Record<string, number> = {};
  for (const s of skipped) reasons[s.reason] = (reasons[s.reason] ?? 0) + 1;
  return { count: skipped.length, reasons };
}

/**
 * Bills one chunk: locks the next elements with something due, drafts their invoices, writes
 * them with their lines and History rows, and marks the schedule lines INVOICED.
 */
export async function billChunk(
  tx: Tx,
  caller: Caller,
  p: RunParameters,
  cursor: RunCursor,
  extra: InputOf<typeof invoice> = {},
  limit = chunkContracts(),
): Promise<ChunkResult> {
  // A contract's elements are billed in one chunk, so that its lines due together share an invoice.
  const contracts = await nextDueContracts(tx, caller, p, cursor?.contract, limit);
  if (!contracts.length) return { invoices: [], elements: 0, cursor, finished: true, skipped: [] };
  const elements = await lockDueElements(tx, caller, p, contracts);
  const next = { contract: contracts[contracts.length - 1] };
  if (!elements.length)
    return { invoices: [], elements: 0, cursor: next, finished: contracts.length < limit, skipped: [] };
  const all = draftInvoices(
    elements.flatMap((e) => dueLinesOf(e, p.date)),
    await taxTable(tx, caller),
  );
  // A contract lacking what its invoices need is left whole, said, never billed half or without a seller.
  const refused = skippedContracts(all);
  const drafts = all.filter((d) => !refused.has(d.contractRegistration));
  const skipped = [...refused].map(([contractRegistration, reason]) => ({
    contractRegistration,
    reason,
    elements: elements.filter((e) => e.data.contractRegistration === contractRegistration).length,
  }));
  const invoices = await writeInvoices(tx, caller, drafts, extra);
  const byElement = new Map<string, { numbers: number[]; invoices: string[] }>();
  drafts.forEach((draft, i) => {
    for (const line of draft.lines) {
      const entry = byElement.get(line.elementRegistration) ?? { numbers: [], invoices: [] };
      entry.numbers.push(line.number);
      entry.invoices.push(String(invoices[i].registration));
      byElement.set(line.elementRegistration, entry);
    }
  });
  await recordLinesStatus(
    tx,
    caller,
    elements
      .filter((e) => byElement.has(e.registration))
      .map((element) => ({
        element,
        numbers: byElement.get(element.registration)!.numbers,
        invoiceRegistrations: byElement.get(element.registration)!.invoices,
      })),
    'INVOICED',
  );
  return { invoices, elements: byElement.size, cursor: next, finished: contracts.length < limit, skipped };
}

async function writeInvoices(
  tx: Tx,
  caller: Caller,
  drafts: InvoiceDraft[],
  extra: InputOf<typeof invoice>,
): Promise<InvoiceDoc[]> {
  const personRegs = [...new Set(drafts.flatMap((d) => [d.payerRegistration, d.payeeRegistration]).filter(Boolean))];
  const persons = new Map(
    (await storage.findMany(tx, person, caller.tenant, personRegs)).map((r) => [r.registration, r]),
  );
  const today = new Date().toISOString().slice(0, 10);
  const invoices: InvoiceDoc[] = [];
  const lines: InvoiceLineDoc[] = [];
  const lineRegistrations: string[][] = [];
  const registrations = await freeRegistrations(tx, caller, invoice, drafts.length);
  for (const [index, draft] of drafts.entries()) {
    const registration = registrations[index];
    const payer = persons.get(draft.payerRegistration),
      payee = persons.get(draft.payeeRegistration);
    const organizationRegistration = draft.pr === 'R' ? draft.payeeRegistration : draft.payerRegistration;
    const organization = persons.get(organizationRegistration);
    const doc: InvoiceDoc = {
      registration,
      status: 'DRAFT',
      type: 'INVOICE',
      name: `${draft.contractRegistration} ${draft.dueDate}`,
      pr: draft.pr,
      contractRegistration: draft.contractRegistration,
      persons: [
        {
          role: 'PAYER',
          personRegistration: draft.payerRegistration,
          name: payer ? personName(payer) : draft.payerRegistration,
        },
        {
          role: 'PAYEE',
          personRegistration: draft.payeeRegistration,
          name: payee ? personName(payee) : draft.payeeRegistration,
        },
      ],
      organizationRegistration: organizationRegistration || null,
      organization: { name: organization ? personName(organization) : null },
      amountExclTax: draft.amountExclTax,
      amountInclTax: draft.amountInclTax,
      totalBalance: draft.amountInclTax,
      currency: draft.currency,
      dueDate: draft.dueDate,
      generationDate: today,
      groupKey: draft.groupKey || null,
      taxes: draft.taxes,
      lineCount: draft.lines.length,
      ...paymentTermsOf(payer, payee),
      ...(payer?.data.preferredLanguage ? { language: String(payer.data.preferredLanguage) } : {}),
      ...extra,
    };
    invoices.push(doc);
    lineRegistrations.push(draft.lines.map((_, i) => `${registration}-${String(i + 1).padStart(3, '0')}`));
    draft.lines.forEach((l, i) =>
      lines.push({
        registration: lineRegistrations[index][i],
        status: 'DRAFT',
        type: lineType(l.elementType),
        name: `${l.elementCode} ${l.number}`,
        invoiceRegistration: registration,
        contractRegistration: l.contractRegistration,
        elementRegistration: l.elementRegistration,
        lineNumber: l.number,
        dueDate: l.dueDate,
        pr: l.pr,
        label: `${l.elementCode} ${l.dueDate}`,
        amountExclTax: l.amountExclTax,
        taxCode: l.taxCode ?? null,
        taxRate: l.taxRate,
        tax: l.tax,
        amountInclTax: l.amountInclTax,
        currency: l.currency,
      }),
    );
  }
  // A chunk writes thousands of invoice lines: through the bulk writes, unchecked one by one (entities/bulk-writes.ts).
  // The lines are written with their invoice and never apart from it by the run: the invoice's History row names
  // them, as a posting event's names its postings, rather than one History row more per line.
  await createManyIn(tx, caller, invoice, invoices, {
    action: 'BILLING',
    historyOf: (_doc, i) => ({ details: { lines: lineRegistrations[i] } }),
  });
  await createManyIn(tx, caller, invoiceLine, lines, { recordHistory: false });
  return invoices;
}

const lineTypes: Record<string, string> = {
  RENT: 'RENT',
  INSTALMENT: 'RENT',
  FEE: 'FEE',
  INSURANCE: 'INSURANCE',
  SERVICE: 'SERVICE',
};
const lineType = (elementType: string | null) => lineTypes[elementType ?? ''] ?? 'SERVICE';
