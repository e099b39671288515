import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { readInTenant, type Db } from '../db/database.ts';
import { hostOverrides, hostSettingsOf } from '../http/host-settings.ts';
import { typed } from '../http/schemas.ts';
import type { SessionService } from '../auth/sessions.ts';
import { oidcRoutes } from './oidc.routes.ts';
import { samlRoutes } from './saml.routes.ts';
import { hostOwner, ssoConfigurationOf } from './sso-config.ts';

/**
 * Single sign-on calls (spec 000 §7) and the host settings the sign-in page reads: the defaults,
 * then HOSTS_JSON, then what the tenant the master gave the host to says in its `sso` configuration
 * (`loginTenant` is that tenant; `oidc` and `saml` list the providers shown as buttons).
 */
export async function ssoRoutes(
  app: FastifyInstance,
  {
    db,
    sessions,
    preHandler,
  }: { db: Db; sessions: SessionService; preHandler: (request: FastifyRequest) => Promise<void> },
) {
  const {
    rows: [secret],
  } = await sql<{ value: string }>`SELECT value FROM installation WHERE key = 'token-secret'`.execute(db);
  const overrides = hostOverrides();

  typed(app).get(
    '/api/core/hosts/:hostname',
    {
      schema: {
        tags: ['Sign-in'],
        summary: "A host's sign-in page settings",
        params: z.strictObject({ hostname: z.string().max(253) }),
      },
    },
    async (request) => {
      const { hostname } = request.params;
      const base = hostSettingsOf(hostname, overrides);
      const tenant = await hostOwner(db, hostname);
      if (!tenant) return base;
      const config = await readInTenant(db, { tenant, user: 'sso' }, (tx) => ssoConfigurationOf(tx, tenant));
      const own = config?.hosts?.[hostname.toLowerCase()] ?? {};
      const button = (list: Array<{ label?: unknown }>, key: 'oidcId' | 'id', ids: string[] | undefined) =>
        ids?.map((id) => ({ id, label: list.find((p) => (p as Record<string, unknown>)[key] === id)?.label ?? id }));
      return {
        ...base,
        ...own,
        loginTenant: tenant,
        oidc: button(config?.oidc ?? [], 'oidcId', own.oidc),
        saml: button(config?.saml ?? [], 'id', own.saml),
      };
    },
  );

  await app.register(async (scope) => oidcRoutes(scope, { db, sessions, preHandler, stateSecret: secret.value }));
  await app.register(async (scope) =>
    samlRoutes(scope, {
      db,
      sessions,
      preHandler,
      tokenSecret: new TextEncoder().encode(`sso-token\n${secret.value}`),
    }),
  );
}
