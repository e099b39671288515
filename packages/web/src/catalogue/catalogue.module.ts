import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Catalogues: asset catalogues searched by name and the vehicle catalogue, on the asset screen and the asset lines. */
export const catalogueModule: WebModule = {
  name: 'catalogue',
  detailScreens: { asset: lazy(() => import('./AssetScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).catalogueFr },
};

/** What other domains use: the lookup of an asset catalogue and the vehicle catalogue's picker, for asset lines. */
export { assetOfItem, type CatalogueItem } from './catalogue-api.ts';
export { CatalogueLookup } from './CatalogueLookup.tsx';
export { VehicleCataloguePicker } from './VehicleCataloguePicker.tsx';
