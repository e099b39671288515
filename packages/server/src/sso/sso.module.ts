import type { ServerModule } from '../modules/server-module.ts';
import { providerSessionOf } from './oidc.routes.ts';
import {
  keepingSecrets,
  ownedElsewhere,
  tenantHolding,
  validateSsoConfiguration,
  withoutSecrets,
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
      beforeWrite: async (_tx, _tenant, value, stored) =>
        keepingSecrets(value as SsoConfiguration, stored as SsoConfiguration | undefined),
      writeError: (error, value) => {
        if ((error as { code?: string }).code === '23505') ownedElsewhere(error, value as SsoConfiguration);
        throw error;
      },
    },
  },
  hostTenant: (db, hostname) => tenantHolding(db, 'host', hostname),
  currentUser: (db, caller) => providerSessionOf(db, caller),
};
