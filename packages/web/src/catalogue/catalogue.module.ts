import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Catalogues: asset catalogues searched by name and the vehicle catalogue, on the asset screen and the asset lines. */
export const catalogueModule: WebModule = {
  name: 'catalogue',
  detailScreens: { asset: lazy(() => import('./AssetScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).catalogueFr },
};

/**
 * What other domains use: the lookup of an asset catalogue and the vehicle catalogue's picker, for
 * asset lines. Both are lazy (render them inside a `Suspense`): the composition root imports this
 * file on every route, and their select, tabs, list and modal belong to the asset line's screen only.
 */
export { assetOfItem, type CatalogueItem } from './catalogue-api.ts';
export const CatalogueLookup = lazy(async () => ({ default: (await import('./CatalogueLookup.tsx')).CatalogueLookup }));
export const VehicleCataloguePicker = lazy(async () => ({
  default: (await import('./VehicleCataloguePicker.tsx')).VehicleCataloguePicker,
}));
