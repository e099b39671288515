/**
 * The demo book's late payers chased (issue 17, demo): one dunning run on the book's day, by the
 * product's own operation, so that a fresh start shows invoices at a dunning level, their letters
 * (PDF documents when a store is given) and the contracts' collection cases. Called by the seed
 * after the demo's billing and collections (seed/bootstrap.ts); a second call on the same day adds
 * nothing.
 */
import { inTenant, type Db } from '../../db/database.ts';
import type { ObjectStore } from '../../db/object-store.ts';
import type { WorkflowCaller } from '../../workflow/permissions.ts';
import { dunAll, type Dunned } from './dunning.operation.ts';

export async function dunDemoBook(db: Db, tenant: string, asOf: string, store?: ObjectStore): Promise<Dunned[]> {
  const caller: WorkflowCaller = { tenant, username: 'system', isAdmin: true, timeZone: 'Europe/Paris' };
  return inTenant(db, { tenant, user: 'system' }, (tx) => dunAll(tx, caller, asOf, store), 120_000);
}
