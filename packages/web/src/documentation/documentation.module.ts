import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/**
 * The documentation (spec 000 §2.2): `/documentation` lists the getting-started pages for users
 * and administrators, `/documentation/{section}/{page}` shows one (the landing fallback of spec
 * 000 §2.1 is `/documentation/getting-started/getting-started`), `/documentation-search?q=`
 * searches them. `/documentation/api` stays the core's.
 */
export const documentationModule: WebModule = {
  name: 'documentation',
  toolScreens: {
    '/documentation': lazy(() => import('./DocumentationScreen.tsx')),
    '/documentation/*': lazy(() => import('./DocumentationPageScreen.tsx')),
    '/documentation-search': lazy(() => import('./DocumentationSearchScreen.tsx')),
  },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).documentationFr },
};
