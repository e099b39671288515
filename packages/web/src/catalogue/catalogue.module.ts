import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Catalogues: asset catalogues searched by name and the vehicle catalogue, on the asset screen and the asset lines. */
export const catalogueModule: WebModule = {
  name: 'catalogue',
  detailScreens: { asset: lazy(() => import('./AssetScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).catalogueFr },
};
