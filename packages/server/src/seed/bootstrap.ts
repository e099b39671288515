import crypto from 'node:crypto';

import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db, type Tx } from '../db/database.ts';
import { setPassword } from '../auth/passwords.ts';
import { writeConfiguration } from '../db/configuration.ts';
import { CRON_LIST, type CronEntry } from '../jobs/crons.ts';
import { findOne, insertRow } from '../entities/storage.ts';
import { sql } from 'kysely';
import { bulkInsert } from './bulk-insert.ts';
import { bookPrefixes, demoBook, demoTenantBook, type BookKind, type BookSize } from './demo-book.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { createOperations, type WriteHooks } from '../entities/crud.operation.ts';
import type { DemoStep } from '../modules/server-module.ts';
import { insertMissingDefaults, type TenantDefaults } from '../entities/default-records.ts';

/** What the modules bring to a new tenant and to the demo tenant's book (modules/compose.ts). */
export interface SeedSlots {
  crons: CronEntry[];
  demo: DemoStep[];
  writeHooks: Record<string, WriteHooks>;
  /** Records every new tenant starts with (default scripts). */
  tenantDefaults?: TenantDefaults[];
}

/** What the first start created; undefined fields mean it was already there. */
export interface BootstrapResult {
  created: boolean;
  adminPassword?: string;
  /** Kinds of the demo book loaded by this start (none when the demo tenant had them all). */
  demoKinds?: string[];
}

const entity = (name: string) => {
  const found = entityByName(name);
  if (!found) throw new Error(`entity ${name} is not declared`);
  return found;
};

/** Creates a tenant record (kept in the master tenant) and its administrator. */
export async function createTenant(
  db: Db,
  name: string,
  admin: { username: string; password: string; isSuperAdmin?: boolean },
  crons: CronEntry[] = [],
  defaults: TenantDefaults[] = [],
) {
  await inTenant(db, { tenant: 'master', user: 'system' }, async (tx) => {
    if (!(await findOne(tx, entity('Tenant'), 'master', name))) {
      await insertRow(tx, entity('Tenant'), 'master', 'system', {
        registration: name,
        name,
        status: entity('Tenant').status ? 'ACTIVE' : undefined,
      });
    }
  });
  await inTenant(db, { tenant: name, user: 'system' }, async (tx) => {
    await insertRow(tx, entity('User'), name, 'system', {
      registration: admin.username,
      username: admin.username,
      firstName: 'Admin',
      lastName: name,
      locale: 'en-EU',
      profiles: ['ADMIN'],
      isAdmin: true,
      isMainAdmin: true,
      ...(admin.isSuperAdmin ? { isSuperAdmin: true, canImpersonate: true } : {}),
      status: entity('User').status ? 'ACTIVE' : undefined,
    });
    await setPassword(tx, name, admin.username, admin.password);
    await writeConfiguration(tx, name, CRON_LIST, crons, admin.username);
    await insertMissingDefaults(tx, { tenant: name, username: 'system' }, defaults);
  });
}

/**
 * Inserts a demo book (`book`, or the generated book of that size) into `tenant`, kind by kind in dependency order, skipping every
 * kind the tenant already holds or once held (its registration counter exists): a second run, or a
 * start on an existing data directory, adds nothing twice and never re-creates what a user
 * deleted, while a kind declared since the last start gets its demo rows. A record whose
 * registration is taken is left as it is. Answers the kinds loaded.
 */
async function loadDemoBook(tx: Tx, tenant: string, book: BookSize | BookKind[]): Promise<string[]> {
  const counted = new Set(
    (await sql<{ entity: string }>`SELECT entity FROM sequence_counter WHERE tenant = ${tenant}`.execute(tx)).rows.map(
      (r) => r.entity,
    ),
  );
  const loaded: string[] = [];
  for (const { entity: kind, count, at } of Array.isArray(book) ? book : demoBook(book)) {
    if (counted.has(kind.name)) continue;
    // Rows the first start made itself (the tenant's administrator) are no user's data.
    const held = await sql<{
      held: number;
    }>`SELECT 1 AS held FROM ${sql.table(kind.table)} WHERE tenant = ${tenant} AND _insert_user <> 'system' LIMIT 1`.execute(
      tx,
    );
    if (held.rows.length) continue;
    await bulkInsert(
      tx,
      kind,
      tenant,
      'system',
      Array.from({ length: count }, (_, i) => at(i)),
    );
    loaded.push(kind.name);
  }
  return loaded;
}

/**
 * First start: the `master` tenant with super admin `admin@master`, and a `demo` tenant with
 * admin `admin@demo` and a demo book. A later start finds the master tenant and does nothing.
 */
export async function bootstrap(
  db: Db,
  options: { adminPassword?: string; demoData: boolean; objectStore?: ObjectStore },
  slots: SeedSlots,
): Promise<BootstrapResult> {
  const tenantKind = entity('Tenant');
  const masterExists = async () =>
    !!(await inTenant(db, { tenant: 'master', user: 'system' }, (tx) => findOne(tx, tenantKind, 'master', 'master')));
  let result: BootstrapResult = { created: false };
  if (!(await masterExists())) {
    const password = options.adminPassword ?? crypto.randomBytes(9).toString('base64url');
    const defaults = slots.tenantDefaults;
    try {
      await createTenant(
        db,
        'master',
        { username: 'admin@master', password, isSuperAdmin: true },
        slots.crons,
        defaults,
      );
    } catch (error) {
      // Two servers started together on a new database: the other one made the master tenant
      // first (its commit won the unique key) and makes the demo tenant too; this one goes on.
      if ((error as { code?: string }).code === '23505' && (await masterExists())) return { created: false };
      throw error;
    }
    await createTenant(db, 'demo', { username: 'admin@demo', password }, slots.crons, defaults);
    result = { created: true, adminPassword: password };
  }
  // The demo tenant only, and only while it exists: a removed demo tenant is not brought back.
  const demo = await inTenant(db, { tenant: 'master', user: 'system' }, (tx) =>
    findOne(tx, tenantKind, 'master', 'demo'),
  );
  if (options.demoData && demo) {
    const loaded = await inTenant(
      db,
      { tenant: 'demo', user: 'system' },
      (tx) => loadDemoBook(tx, 'demo', demoTenantBook()),
      300_000,
    );
    if (loaded.length) result.demoKinds = loaded;
    // Then the modules' demo steps, in order: the book lived through by the product's own operations.
    const context = {
      db,
      operations: createOperations(db, slots.writeHooks),
      store: options.objectStore,
      tenant: 'demo',
      loadedKinds: loaded,
    };
    await sql`SET synchronous_commit TO off`.execute(db);
    try {
      for (const step of slots.demo) await step.run(context);
    } finally {
      await sql`RESET synchronous_commit`.execute(db);
    }
  }
  return result;
}

export { loadDemoBook, bookPrefixes };
