import crypto from 'node:crypto';

import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db, type Tx } from '../db/database.ts';
import { setPassword } from '../auth/passwords.ts';
import { findOne, insertRow } from '../entities/storage.ts';
import { bulkInsert } from './bulk-insert.ts';
import * as gen from './demo-data.ts';

/** What the first start created; undefined fields mean it was already there. */
export interface BootstrapResult {
  created: boolean;
  adminPassword?: string;
}

const entity = (name: string) => {
  const found = entityByName(name);
  if (!found) throw new Error(`entity ${name} is not declared`);
  return found;
};

/** Creates a tenant record (kept in the master tenant) and its administrator. */
export async function createTenant(db: Db, name: string, admin: { username: string; password: string; isSuperAdmin?: boolean }) {
  await inTenant(db, { tenant: 'master', user: 'system' }, async (tx) => {
    if (!(await findOne(tx, entity('Tenant'), 'master', name))) {
      await insertRow(tx, entity('Tenant'), 'master', 'system', { registration: name, name, status: entity('Tenant').status ? 'ACTIVE' : undefined });
    }
  });
  await inTenant(db, { tenant: name, user: 'system' }, async (tx) => {
    await insertRow(tx, entity('User'), name, 'system', {
      registration: admin.username, username: admin.username, firstName: 'Admin', lastName: name, locale: 'en-EU',
      profiles: ['ADMIN'], isAdmin: true, isMainAdmin: true, ...(admin.isSuperAdmin ? { isSuperAdmin: true, canImpersonate: true } : {}),
      status: entity('User').status ? 'ACTIVE' : undefined,
    });
    await setPassword(tx, name, admin.username, admin.password);
  });
}

/** Registration prefixes of the kinds the demo book holds, from their declarations. */
export function bookPrefixes(): gen.Prefixes {
  return {
    person: entity('Person').prefix, prospect: entity('Prospect').prefix, asset: entity('Asset').prefix, contract: entity('Contract').prefix,
    deal: entity('Deal').prefix, invoice: entity('Invoice').prefix, posting: entity('Posting').prefix, ticket: entity('Ticket').prefix,
  };
}

async function loadDemoBook(tx: Tx, tenant: string, size: gen.BookSize) {
  const prefixes = bookPrefixes();
  const range = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  await bulkInsert(tx, entity('Person'), tenant, 'system', range(size.persons, (i) => gen.personAt(i, prefixes)));
  await bulkInsert(tx, entity('Prospect'), tenant, 'system', range(size.prospects, (i) => gen.personAt(i, prefixes, true)));
  await bulkInsert(tx, entity('Asset'), tenant, 'system', range(size.assets, (i) => gen.assetAt(i, prefixes, size)));
  await bulkInsert(tx, entity('Contract'), tenant, 'system', range(size.contracts, (i) => gen.contractAt(i, prefixes, size)));
  await bulkInsert(tx, entity('Deal'), tenant, 'system', range(size.deals, (i) => gen.contractAt(i, prefixes, size, true)));
  await bulkInsert(tx, entity('Invoice'), tenant, 'system', range(size.invoices, (i) => gen.invoiceAt(i, prefixes, size)));
  await bulkInsert(tx, entity('Posting'), tenant, 'system', range(size.postings, (i) => gen.postingAt(i, prefixes, size)));
  await bulkInsert(tx, entity('Ticket'), tenant, 'system', range(size.tickets, (i) => gen.ticketAt(i, prefixes, size)));
}

/**
 * First start: the `master` tenant with super admin `admin@master`, and a `demo` tenant with
 * admin `admin@demo` and a demo book. A later start finds the master tenant and does nothing.
 */
export async function bootstrap(db: Db, options: { adminPassword?: string; demoData: boolean }): Promise<BootstrapResult> {
  const exists = await inTenant(db, { tenant: 'master', user: 'system' }, (tx) => findOne(tx, entity('Tenant'), 'master', 'master'));
  if (exists) return { created: false };
  const password = options.adminPassword ?? crypto.randomBytes(9).toString('base64url');
  await createTenant(db, 'master', { username: 'admin@master', password, isSuperAdmin: true });
  await createTenant(db, 'demo', { username: 'admin@demo', password });
  if (options.demoData) await inTenant(db, { tenant: 'demo', user: 'system' }, (tx) => loadDemoBook(tx, 'demo', gen.demoSize), 120_000);
  return { created: true, adminPassword: password };
}

export { loadDemoBook };
