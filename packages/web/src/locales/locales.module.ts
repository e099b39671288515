import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/**
 * The tenant's translations (Locale kind): `/locales` counts each locale's missing texts,
 * `/locale/{id}` translates them (docs/shell-modes.md "Missing translations").
 */
export const localesModule: WebModule = {
  name: 'locales',
  listScreens: { locales: lazy(() => import('./LocalesScreen.tsx')) },
  detailScreens: { locale: lazy(() => import('./LocaleScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).localesFr },
};
