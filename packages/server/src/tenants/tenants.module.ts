import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { readInTenant } from '../db/database.ts';
import { findOne } from '../entities/storage.ts';
import type { ServerModule } from '../modules/server-module.ts';
import { endTenantSessions } from './tenant-sessions.ts';
import { tenantsRoutes } from './tenants.routes.ts';

/** Statuses of a tenant whose users cannot sign in (its SUSPEND and CLOSE transitions). */
const closedStatuses = new Set(['SUSPENDED', 'CLOSED']);

/** Tenants created from the screen, the current tenant's configuration, and the configuration check (docs/tenants.md). */
export const tenantsModule: ServerModule = {
  name: 'tenants',
  async register(app, context) {
    await app.register(tenantsRoutes, context);
  },
  sideEffects: { endTenantSessions },
  /** A suspended or closed tenant (its record in the master tenant) refuses its users' sign-ins. */
  async signInGuard(db, tenant) {
    const record = await readInTenant(db, { tenant: 'master', user: 'system' }, (tx) =>
      findOne(tx, entityByName('Tenant')!, 'master', tenant),
    );
    const status = record?.status;
    if (typeof status === 'string' && closedStatuses.has(status))
      throw new ApiError('TENANT_NOT_ACTIVE', [tenant, status]);
  },
};
