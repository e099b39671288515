/**
 * The demo's running contracts' past months billed and collected by the product's own operations, so that every
 * billing screen has rows on a fresh start: one billing run per month end up to the book's date,
 * every invoice issued on its due date (its legal number, its PDF when a store is given), then the
 * clients' paid by transfers allocated to them — all but the last month's, left for its collection,
 * and one paid in half; the suppliers' wait for the transfer file.
 */
import { sql } from 'kysely';
import { fromMinorUnits, toMinorUnits } from '@lbo/model/finance/contract-schedule';
import { addDays } from '@lbo/model/values/dates';
import { inTenant, type Db } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';
import type { Operations } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { WorkflowCaller } from '../workflow/permissions.ts';
import { runTransition } from '../workflow/workflow.operation.ts';
import { withTransitionResources } from '../workflow/transition-resources.ts';
import { billChunk, invoiceKind, type RunCursor } from './billing-run.ts';
import { allocateCashflow } from './cashflows/allocate.operation.ts';
import { cashflow as cashflowKind } from '@lbo/model/entities/billing/cashflow.entity';

/** Month ends from the month of `from` to `to` (YYYY-MM-DD). */
export function monthEnds(from: string, to: string): string[] {
  const out: string[] = [];
  for (let y = Number(from.slice(0, 4)), m = Number(from.slice(5, 7)); ; m === 12 ? (y++, (m = 1)) : m++) {
    const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    if (end > to) {
      if (!out.length || out[out.length - 1] < to) out.push(to);
      return out;
    }
    out.push(end);
  }
}

export interface DemoBilling {
  invoices: number;
  paid: number;
  partlyPaid: number;
  unpaid: number;
}

export async function playDemoBilling(
  db: Db,
  operations: Operations,
  store: ObjectStore | undefined,
  tenant: string,
  contracts: string[],
  from: string,
  asOf: string,
): Promise<DemoBilling> {
  const caller: WorkflowCaller = { tenant, username: 'system', isAdmin: true, timeZone: 'Europe/Paris' };
  const scope = { tenant, user: 'system' };
  for (const date of monthEnds(from, asOf)) {
    let cursor: RunCursor = null;
    for (;;) {
      const chunk = await inTenant(
        db,
        scope,
        (tx) => billChunk(tx, caller, { date, organizations: [], contracts }, cursor),
        120_000,
      );
      cursor = chunk.cursor;
      if (chunk.finished) break;
    }
  }
  const drafts = await inTenant(db, scope, async (tx) =>
    (
      await storage.findWhere(
        tx,
        invoiceKind,
        tenant,
        sql<boolean>`status = 'DRAFT' AND data->>'contractRegistration' = ANY(${contracts}::text[])`,
        10_000,
      )
    )
      .map(storage.toDocument)
      .sort((a, b) => `${a.dueDate}${a.registration}`.localeCompare(`${b.dueDate}${b.registration}`)),
  );
  // Issued on their due date, in that order: their numbers follow the months.
  for (const draft of drafts) {
    await operations.update(
      caller,
      invoiceKind,
      String(draft.registration),
      { issueDate: draft.dueDate, _version: draft._version },
      'merge',
    );
    await withTransitionResources(store, () =>
      inTenant(db, scope, (tx) => runTransition(tx, caller, invoiceKind, String(draft.registration), 'ISSUE')),
    );
  }
  const lastMonth = asOf.slice(0, 7);
  const result: DemoBilling = { invoices: drafts.length, paid: 0, partlyPaid: 0, unpaid: 0 };
  let halfPaid = false;
  for (const invoice of drafts) {
    // The last month waits for its collection; suppliers are paid by the demo's transfer file (seed/demo-collection.ts).
    if (String(invoice.dueDate).slice(0, 7) === lastMonth || invoice.pr === 'P') {
      result.unpaid++;
      continue;
    }
    // One client paid a receivable invoice only in half.
    const half =
      !halfPaid &&
      invoice.pr === 'R' &&
      String(invoice.dueDate).slice(0, 7) < lastMonth &&
      drafts.some(
        (d) => d.contractRegistration === invoice.contractRegistration && String(d.dueDate).slice(0, 7) === lastMonth,
      );
    const amount = half
      ? fromMinorUnits(Math.floor(toMinorUnits(Number(invoice.amountInclTax), 2) / 2), 2)
      : Number(invoice.amountInclTax);
    const role = invoice.pr === 'P' ? 'PAYEE' : 'PAYER';
    const party = (invoice.persons as { role: string; personRegistration: string }[]).find((p) => p.role === role);
    const cashflow = await operations.create(caller, cashflowKind, {
      name: `${invoice.pr === 'P' ? 'Transfer to' : 'Transfer from'} ${party?.personRegistration ?? ''}`.trim(),
      type: invoice.pr === 'P' ? 'DISBURSEMENT' : 'RECEIPT',
      pr: invoice.pr,
      paymentMode: 'TRANSFER',
      amount,
      currency: invoice.currency,
      valueDate: addDays(String(invoice.dueDate), 3),
      bankReference: `DEMO-${invoice.registration}`,
      contractRegistration: invoice.contractRegistration,
      persons: party ? [{ role, personRegistration: party.personRegistration }] : [],
    });
    await inTenant(db, scope, async (tx) => {
      await runTransition(tx, caller, cashflowKind, String(cashflow.registration), 'VALIDATE');
      await allocateCashflow(tx, caller, String(cashflow.registration), {
        allocations: [{ invoiceRegistration: String(invoice.registration), amount }],
        date: addDays(String(invoice.dueDate), 3),
      });
    });
    if (half) {
      halfPaid = true;
      result.partlyPaid++;
    } else result.paid++;
  }
  return result;
}
