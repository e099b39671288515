/**
 * The demo history's billing (demo/demo-lifecycle.ts), by the product's own operations: the billing
 * run at a period's end and its invoices issued on their due dates, in that order, so that every
 * billing screen has rows on a fresh start and the legal numbers follow the days.
 */
import { inTenant, type Db } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { updateIn } from '../entities/crud.operation.ts';
import type { Doc } from '../entities/storage.ts';
import type { WorkflowCaller } from '../workflow/permissions.ts';
import { runTransition } from '../workflow/workflow.operation.ts';
import { withTransitionResources } from '../workflow/transition-resources.ts';
import { billChunk, invoiceKind, type RunCursor } from './billing-run.ts';

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

/**
 * One month of the demo's history billed: the billing run at the month's end for `contracts`, then
 * every draft it made issued on its due date, in that order, so that the legal numbers follow the
 * days without a gap. The PDF is written when a store is given. Answers the invoices issued.
 */
export async function billDemoMonth(
  db: Db,
  store: ObjectStore | undefined,
  tenant: string,
  contracts: string[],
  date: string,
): Promise<Doc[]> {
  const caller: WorkflowCaller = { tenant, username: 'system', isAdmin: true, timeZone: 'Europe/Paris' };
  const scope = { tenant, user: 'system' };
  return inTenant(
    db,
    scope,
    async (tx) => {
      const made: Doc[] = [];
      let cursor: RunCursor = null;
      for (;;) {
        const chunk = await billChunk(tx, caller, { date, organizations: [], contracts }, cursor);
        made.push(...(chunk.invoices as Doc[]));
        cursor = chunk.cursor;
        if (chunk.finished) break;
      }
      made.sort((a, b) => `${a.dueDate}${a.registration}`.localeCompare(`${b.dueDate}${b.registration}`));
      const issued: Doc[] = [];
      for (const draft of made) {
        const registration = String(draft.registration);
        await updateIn(tx, caller, invoiceKind, registration, { issueDate: String(draft.dueDate) }, { mode: 'merge' });
        issued.push(
          await withTransitionResources(store, () => runTransition(tx, caller, invoiceKind, registration, 'ISSUE')),
        );
      }
      return issued;
    },
    300_000,
  );
}
