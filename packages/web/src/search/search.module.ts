import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Search: the header's box and its Ctrl+K palette, and the `/global-search` screen, over every indexed kind. */
export const searchModule: WebModule = {
  name: 'search',
  toolScreens: { '/global-search': lazy(() => import('./GlobalSearchScreen.tsx')) },
  slots: { globalSearch: lazy(() => import('./HeaderSearch.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).searchFr },
};
