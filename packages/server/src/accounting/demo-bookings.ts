/**
 * The demo's month ends, manual entries and inventories, made by the product's own operations after its
 * history is billed (financing/demo-lifecycle.ts): bank charges posted in the first open month,
 * an accrual posted and reversed, a provision waiting for approval, a draft; the balances at the
 * end of the last closed month validated, those of the book's date being counted.
 */
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db } from '../db/database.ts';
import type { Operations } from '../entities/crud.operation.ts';
import type { Doc } from '../entities/storage.ts';
import { createWorkflowOperations } from '../workflow/workflow.operation.ts';
import type { WorkflowCaller } from '../workflow/permissions.ts';
import { monthEnds } from '../billing/billing.module.ts';
import { accrueChunk } from './lessor.ts';

const bookingKind = entityByName('Booking')!;
const inventoryKind = entityByName('Inventory')!;

/** The month ends of the demo's history, the months of `from` to `to` (YYYY-MM-DD): each lease's interest or rental income and each depreciation of the month, posted by the month-end job's own chunks. */
export async function postDemoMonthEnds(db: Db, caller: WorkflowCaller, from: string, to: string): Promise<number> {
  let posted = 0;
  for (const month of monthEnds(from, to).map((day) => day.slice(0, 7))) {
    await inTenant(db, { tenant: caller.tenant, user: caller.username }, async (tx) => {
      let cursor: Parameters<typeof accrueChunk>[3] | null = { kind: 'contracts', after: '' };
      while (cursor) {
        const chunk = await accrueChunk(tx, caller, month, cursor);
        posted += chunk.posted;
        cursor = chunk.next;
      }
    });
  }
  return posted;
}

const pair = (debit: string, credit: string, amount: number, label: string): Doc[] => [
  { account: debit, dc: 'D', amount, label },
  { account: credit, dc: 'C', amount, label },
];

export async function playDemoBookings(
  db: Db,
  operations: Operations,
  caller: WorkflowCaller,
  lastClosedDay: string,
  bookDate: string,
): Promise<{ bookings: string[]; inventories: string[] }> {
  const workflow = createWorkflowOperations(db);
  const entries: { name: string; date: string; lines: Doc[]; codes: string[] }[] = [
    {
      name: 'Bank charges May 2025',
      date: '2025-05-31',
      lines: pair('627000', '512000', 58.32, 'Account and card fees'),
      codes: ['REQUEST', 'POST'],
    },
    {
      name: 'Audit fees accrued June 2025',
      date: bookDate,
      lines: pair('622600', '408000', 1800, 'Statutory audit, first half'),
      codes: ['REQUEST', 'POST', 'REVERSE'],
    },
    {
      name: 'Provision for doubtful receivables',
      date: bookDate,
      lines: pair('681740', '491000', 1250, 'Client in arrears over 90 days'),
      codes: ['REQUEST'],
    },
    {
      name: 'Bank charges June 2025',
      date: bookDate,
      lines: pair('627000', '512000', 61.08, 'Account and card fees'),
      codes: [],
    },
  ];
  const bookings: string[] = [];
  for (const entry of entries) {
    const created = await operations.create(caller, bookingKind, {
      name: entry.name,
      date: entry.date,
      journal: 'OD',
      currency: 'EUR',
      entryLines: entry.lines,
    });
    // Posted and reversed on the entry's own day, as the history was lived, not on the day of the start.
    for (const code of entry.codes)
      await workflow.run({ ...caller, asOf: entry.date }, bookingKind, String(created.registration), code);
    bookings.push(String(created.registration));
  }
  const inventories: string[] = [];
  for (const [name, date, codes] of [
    [`Balances at ${lastClosedDay}`, lastClosedDay, ['START', 'COMPLETE', 'VALIDATE']],
    [`Balances at ${bookDate}`, bookDate, ['START']],
  ] as const) {
    const created = await operations.create(caller, inventoryKind, { name, date, currency: 'EUR' });
    for (const code of codes) await workflow.run(caller, inventoryKind, String(created.registration), code);
    inventories.push(String(created.registration));
  }
  return { bookings, inventories };
}
