import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { inTenant, type Tx } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import { writeConfiguration } from '../db/configuration.ts';
import { setPassword } from '../auth/passwords.ts';
import { createIn } from '../entities/crud.operation.ts';
import { findOne } from '../entities/storage.ts';
import { CRON_LIST, type CronEntry } from '../jobs/crons.ts';
import { insertMissingDefaults, type TenantDefaults } from '../entities/default-records.ts';
import type { NewTenant } from '../modules/server-module.ts';

const kind = (name: string) => {
  const found = entityByName(name);
  if (!found) throw new Error(`entity ${name} is not declared`);
  return found;
};

/** Moves the transaction's row-level scope to `tenant` (the policies read `app.tenant`). */
const actIn = (tx: Tx, tenant: string) => sql`SELECT set_config('app.tenant', ${tenant}, true)`.execute(tx);

/**
 * Makes a working tenant in one transaction: its record in the master tenant (which refuses a
 * name taken), then, in the new tenant's scope, its main administrator with a password, its
 * kind, its recurring jobs and the modules' default records. Every record goes through the
 * generic write path as `creator`, so that each is audited; a failure leaves nothing behind.
 * The row policies are per tenant already (db/migrate.ts): a new tenant needs no DDL.
 */
export async function provisionTenant(
  db: Db,
  tenant: NewTenant,
  creator: string,
  { crons, defaults }: { crons: CronEntry[]; defaults: TenantDefaults[] },
): Promise<Record<string, unknown>> {
  const { name, admin } = tenant;
  return inTenant(db, { tenant: 'master', user: creator }, async (tx) => {
    const tenantKind = kind('Tenant');
    if (await findOne(tx, tenantKind, 'master', name, true)) throw new ApiError('VALUE_ALREADY_EXISTS', [name, 'name']);
    const record = await createIn(
      tx,
      { tenant: 'master', username: creator },
      tenantKind,
      { name, type: tenant.type, status: 'ACTIVE' },
      { registration: name },
    );
    await actIn(tx, name);
    const caller = { tenant: name, username: creator };
    await createIn(
      tx,
      caller,
      kind('User'),
      {
        username: admin.username,
        firstName: 'Admin',
        lastName: name,
        ...(admin.email ? { email: admin.email } : {}),
        locale: 'en-EU',
        profiles: ['ADMIN'],
        isAdmin: true,
        isMainAdmin: true,
        status: 'ACTIVE',
      },
      { registration: admin.username },
    );
    if (admin.password) await setPassword(tx, name, admin.username, admin.password);
    if (tenant.type) await writeConfiguration(tx, name, 'tenant-config', { type: tenant.type }, creator);
    await writeConfiguration(tx, name, CRON_LIST, crons, creator);
    await insertMissingDefaults(tx, caller, defaults);
    return record;
  });
}
