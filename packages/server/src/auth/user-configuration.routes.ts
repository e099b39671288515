import type { FastifyInstance, FastifyRequest } from 'fastify';
import { entityByName } from '@lbo/model/entity-registry';
import type { Operations } from '../entities/crud.operation.ts';

/** Menu of the shell: one entry per area, filtered by profiles on the client (spec 000 §6). */
const menus = [
  { path: '/persons', menus: [{ path: '/persons' }, { path: '/prospects' }] },
  { path: '/contracts', menus: [{ path: '/deals' }, { path: '/contracts' }, { path: '/credit-lines' }, { path: '/agreements' }, { path: '/products' }] },
  { path: '/assets', menus: [{ path: '/assets' }, { path: '/maintenances' }, { path: '/inspections' }] },
  { path: '/invoices', menus: [{ path: '/invoices' }, { path: '/cashflows' }, { path: '/sepas' }, { path: '/camts' }, { path: '/payment-files' }] },
  { path: '/bank-accounts', menus: [{ path: '/bank-accounts' }, { path: '/bank-transactions' }] },
  { path: '/postings', menus: [{ path: '/postings' }, { path: '/posting-events' }, { path: '/bookings' }] },
  { path: '/tickets', menus: [{ path: '/tickets' }, { path: '/cases' }, { path: '/claims' }, { path: '/tasks' }] },
  { path: '/users', menus: [{ path: '/users' }, { path: '/tenants' }, { path: '/documents' }], profiles: ['ADMIN'] },
];

const environmentName = process.env.APP_ENVIRONMENT ?? 'production';

/** `GET /api/core/users/current` and the user configuration loaded after sign-in (spec 000 §3). */
export async function userConfigurationRoutes(app: FastifyInstance, { operations, preHandler }: { operations: Operations; preHandler: (r: FastifyRequest) => Promise<void> }) {
  const userEntity = entityByName('User')!;
  const currentUser = async (request: FastifyRequest) => {
    const caller = request.caller!;
    const user = await operations.get(caller, userEntity, caller.username);
    return { ...user, username: user.registration, tenant: caller.tenant };
  };
  app.get('/api/core/users/current', { preHandler }, currentUser);
  app.get('/api/script/runs/user-configuration', { preHandler }, async (request) => {
    const user = await currentUser(request);
    return {
      user,
      options: { allowedRoutes: [], oidc: { useKeepAlive: false }, advancedSearch: true },
      menus,
      responsiveBottomNavigation: [{ path: '/contracts' }, { path: '/persons' }, { path: '/invoices' }],
      userPermissions: {},
      userPreferences: [],
      landingPage: '/contracts',
      environment: {
        environment: environmentName, isProduction: environmentName === 'production', isDevelopment: environmentName === 'development',
        isUat: environmentName === 'uat', isTest: environmentName === 'test', isStaging: environmentName === 'staging',
      },
      scriptOverrides: {},
      collectMissingTranslations: false,
    };
  });
}
