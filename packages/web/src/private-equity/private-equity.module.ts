import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Private equity: a holding's screen with its performance (multiple, IRR) and its fund's. */
export const privateEquityModule: WebModule = {
  name: 'private-equity',
  detailScreens: { privateEquityAsset: lazy(() => import('./PrivateEquityAssetScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).privateEquityFr },
};
