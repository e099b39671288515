import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { findOne } from '../entities/storage.ts';
import type { ServerModule } from '../modules/server-module.ts';
import { providerSessionOf } from './oidc.routes.ts';
import {
  assertHostsAssignable,
  assertOwnHosts,
  HOST_TENANTS,
  hostOwner,
  keepingSecrets,
  ownedElsewhere,
  validateHostTenants,
  validateSsoConfiguration,
  withoutSecrets,
  type HostTenants,
  type SsoConfiguration,
} from './sso-config.ts';
import { ssoRoutes } from './sso.routes.ts';

/** Single sign-on through a tenant's OpenID Connect and SAML 2.0 providers. */
export const ssoModule: ServerModule = {
  name: 'sso',
  async register(app, { db, sessions, preHandler }) {
    await app.register(ssoRoutes, { db, sessions, preHandler });
  },
  tenantSettings: {
    /** Providers and the hosts whose sign-in page shows their buttons; secrets are never answered. */
    sso: {
      validate: validateSsoConfiguration,
      shown: (stored) => withoutSecrets(stored as SsoConfiguration),
      check: (db, tenant, value) => assertOwnHosts(db, tenant, value as SsoConfiguration),
      beforeWrite: async (_tx, _tenant, value, stored) =>
        keepingSecrets(value as SsoConfiguration, stored as SsoConfiguration | undefined),
      writeError: (error, value) => {
        if ((error as { code?: string }).code === '23505') ownedElsewhere(error, value as SsoConfiguration);
        throw error;
      },
    },
    /** Which tenant each host name belongs to: given by the master's super admin, to existing tenants. */
    [HOST_TENANTS]: {
      masterOnly: true,
      validate: validateHostTenants,
      default: {},
      beforeWrite: async (tx, _tenant, value) => {
        const assignments = value as HostTenants;
        const tenantKind = entityByName('Tenant')!;
        for (const [host, tenant] of Object.entries(assignments))
          if (!(await findOne(tx, tenantKind, 'master', tenant)))
            throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(tenant), host]);
        await assertHostsAssignable(tx, assignments);
        return assignments;
      },
    },
  },
  hostTenant: (db, hostname) => hostOwner(db, hostname),
  currentUser: (db, caller) => providerSessionOf(db, caller),
};
