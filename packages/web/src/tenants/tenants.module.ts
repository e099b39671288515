import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Tenants: creating one on /tenants, the current tenant's configuration on /tenant (docs/tenants.md). */
export const tenantsModule: WebModule = {
  name: 'tenants',
  listScreens: { tenants: lazy(() => import('./TenantListScreen.tsx')) },
  toolScreens: { '/tenant': lazy(() => import('./TenantConfigurationScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).tenantsFr },
};
