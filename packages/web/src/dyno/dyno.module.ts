import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

const DynoDetailScreen = lazy(() => import('./DynoDetailScreen.tsx'));

/**
 * Dynamic pages (spec 000 §2.2): `/page/{name}` lists a tenant's dynamic kind, `/page/{name}/new`
 * makes a record and `/page/{name}/{id}` opens one, each built from the kind's descriptor.
 * (`/page/{name}/new` has no `id` parameter: the detail screen is then a creation form.)
 */
export const dynoModule: WebModule = {
  name: 'dyno',
  toolScreens: {
    '/page/:name': lazy(() => import('./DynoListScreen.tsx')),
    '/page/:name/new': DynoDetailScreen,
    '/page/:name/:id': DynoDetailScreen,
  },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).dynoFr },
};
