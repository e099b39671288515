import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/**
 * Feature flags and string overrides (docs/feature-flags.md): a flag's screen with its targeting and
 * what it gates (`/feature-flag/{name}`), and the tenant's string overrides (`/string-overrides`).
 * Checking a flag is the core's (app/feature-flags.ts), as applying overrides is (i18n/i18n.ts).
 */
export const flagsModule: WebModule = {
  name: 'flags',
  detailScreens: { featureFlag: lazy(() => import('./FeatureFlagScreen.tsx')) },
  toolScreens: { '/string-overrides': lazy(() => import('./StringOverridesScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).flagsFr },
};
