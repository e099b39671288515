import type { ServerModule } from '../modules/server-module.ts';
import { writeDemoFlags } from './demo-flags.ts';
import { flagGatesRoutes } from './flag-gates.ts';
import { STRING_OVERRIDES, stringOverridesRoutes, stringOverridesSetting } from './string-overrides.ts';

/**
 * Feature flags that act (their check is the core's, auth/feature-flags.ts: menus, transitions,
 * routes) and string overrides per tenant and locale (docs/feature-flags.md).
 */
export const flagsModule: ServerModule = {
  name: 'flags',
  async register(app, { db, preHandler, entities, menus, routes }) {
    await app.register(stringOverridesRoutes, { db, preHandler });
    await app.register(flagGatesRoutes, { preHandler, entities, tools: menus ?? [], routes: routes ?? (() => []) });
  },
  tenantSettings: { [STRING_OVERRIDES]: stringOverridesSetting },
  menus: [{ section: 'Configuration', order: 70, path: '/string-overrides', permission: 'admin' }],
  demo: [
    {
      name: 'the calendar flag, enabled',
      async run({ db, operations, tenant }) {
        await writeDemoFlags(db, operations, tenant);
      },
    },
  ],
};
