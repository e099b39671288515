import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Field work on assets (docs/field-work.md): an inspection's position, signature and follow-ups; a location's map link. */
export const fieldModule: WebModule = {
  name: 'field',
  detailScreens: {
    inspection: lazy(() => import('./InspectionScreen.tsx')),
    location: lazy(() => import('./LocationScreen.tsx')),
  },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).fieldFr },
};
