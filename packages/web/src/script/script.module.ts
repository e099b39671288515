import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';
import { useFormatCheck, useLayoutScript } from './script-hooks.ts';

/** Scripts: the script editor on /scripts, layout scripts and format checks run in the browser. */
export const scriptModule: WebModule = {
  name: 'script',
  // The Script kind's list route, /scripts, is the editor (its declaration names the screen).
  listScreens: { scripts: lazy(() => import('./ScriptsScreen.tsx')) },
  slots: { useLayoutScript, useFormatCheck, layoutScriptCards: lazy(() => import('./LayoutScriptCards.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).scriptFr },
};
