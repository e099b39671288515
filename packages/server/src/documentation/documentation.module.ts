import type { ServerModule } from '../modules/server-module.ts';

/**
 * The documentation's screens (the web's documentation module) in the default menu, for every
 * signed-in user: the getting-started pages and their search. The pages ship with the web.
 */
export const documentationModule: ServerModule = {
  name: 'documentation',
  menus: [
    { section: 'Support', order: 90, path: '/documentation', label: 'Documentation' },
    { section: 'Support', order: 91, path: '/documentation-search', label: 'Search the documentation' },
  ],
};
