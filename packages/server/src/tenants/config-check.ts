import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { referenceLists } from '@lbo/model/reference-lists';
import { inTenant, readInTenant, type Db, type Tx } from '../db/database.ts';
import { readConfiguration, writeConfiguration } from '../db/configuration.ts';
import { insertMissingDefaults } from '../entities/default-records.ts';
import type { ModuleContext } from '../modules/server-module.ts';

/** What the check of one tenant answers (spec 000 §7), with the tenant checked. */
export interface ConfigCheck {
  tenant: string;
  errors: string[];
  insertedLists: number;
  updatedLists: number;
  deletedLists: number;
  insertedScripts: number;
  updatedScripts: number;
  deletedScripts: number;
  insertedReports: number;
  updatedReports: number;
  deletedReports: number;
  userLists: number;
  userScripts: number;
  lastConfigCheckDate: string;
}

async function countOf(tx: Tx, tenant: string, kind: string): Promise<number> {
  const entity = entityByName(kind);
  if (!entity) return 0;
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM ${sql.table(entity.table)} WHERE tenant = ${tenant}`.execute(tx);
  return Number(rows[0].n);
}

/** The tenants of the installation that are not closed, by name (read in the master tenant). */
export async function tenantNamesOf(db: Db, user: string): Promise<string[]> {
  const table = entityByName('Tenant')!.table;
  const { rows } = await readInTenant(db, { tenant: 'master', user }, (tx) =>
    sql<{ registration: string }>`SELECT registration FROM ${sql.table(table)}
      WHERE tenant = 'master' AND coalesce(status, '') <> 'CLOSED' ORDER BY registration`.execute(tx),
  );
  return rows.map((row) => row.registration);
}

/**
 * Checks a tenant's stored configuration against each section's own validator (a section
 * written before a rule tightened, or by hand, is reported, naming the section and the field),
 * and inserts the default records it misses (the modules' `tenantDefaults`: lists, scripts,
 * reports). Nothing is updated or deleted: a default a user changed is the user's. The check's
 * date and errors are kept in the `config-check` section.
 */
export async function checkTenantConfiguration(
  { db, tenantSettings, tenantDefaults }: Pick<ModuleContext, 'db' | 'tenantSettings' | 'tenantDefaults'>,
  tenant: string,
  user: string,
): Promise<ConfigCheck> {
  return inTenant(db, { tenant, user }, async (tx) => {
    const errors: string[] = [];
    for (const [name, setting] of Object.entries(tenantSettings)) {
      const stored = await readConfiguration(tx, tenant, name);
      if (stored === undefined) continue;
      try {
        setting.validate(stored);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        errors.push(`${name}: ${error.message}`);
      }
    }
    const profiles = new Set((referenceLists.profile ?? []).map((item) => item.value));
    const permissions = await readConfiguration<Record<string, string[]>>(tx, tenant, 'profilesPermissions');
    if (permissions && !Array.isArray(permissions))
      for (const profile of Object.keys(permissions))
        if (!profiles.has(profile)) errors.push(`profilesPermissions: unknown profile ${profile}`);
    const inserted = await insertMissingDefaults(tx, { tenant, username: user }, tenantDefaults);
    const lastConfigCheckDate = new Date().toISOString();
    await writeConfiguration(tx, tenant, 'config-check', { lastConfigCheckDate, errors }, user);
    return {
      tenant,
      errors,
      insertedLists: inserted.List ?? 0,
      updatedLists: 0,
      deletedLists: 0,
      insertedScripts: inserted.Script ?? 0,
      updatedScripts: 0,
      deletedScripts: 0,
      insertedReports: inserted.Report ?? 0,
      updatedReports: 0,
      deletedReports: 0,
      userLists: await countOf(tx, tenant, 'List'),
      userScripts: await countOf(tx, tenant, 'Script'),
      lastConfigCheckDate,
    };
  });
}
