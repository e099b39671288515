import { inTenant } from '../db/database.ts';
import type { ServerModule } from '../modules/server-module.ts';
import { rebuildSearchIndex, searchSchema } from './search-index.ts';
import { searchRoutes } from './search.routes.ts';

export { globalSearch } from './search.operation.ts';

/**
 * The global search: one index over persons, contracts, deals, invoices, assets, documents and
 * notes, kept by triggers on their tables (`schema`), its route, and its screen in the menu.
 */
export const searchModule: ServerModule = {
  name: 'search',
  schema: searchSchema,
  async register(app, { db, preHandler }) {
    await app.register(searchRoutes, { db, preHandler });
  },
  // Shown to whoever may read persons, the kind most searched for; the header's box and Ctrl+K are everyone's.
  menus: [
    { section: 'Work', order: 5, path: '/global-search', label: 'Search', permission: 'read /api/person/persons' },
  ],
  demo: [
    {
      // The triggers index every write; the demo book's rows loaded before them are written again.
      name: 'search index',
      run: ({ db, tenant }) =>
        inTenant(db, { tenant, user: 'demo' }, (tx) => rebuildSearchIndex(tx, tenant), 120_000).then(() => undefined),
    },
  ],
};
