import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Committees and votes (docs/committees.md): a committee's invitations card, a voting's ballot. */
export const committeesModule: WebModule = {
  name: 'committees',
  detailScreens: {
    committee: lazy(() => import('./CommitteeScreen.tsx')),
    voting: lazy(() => import('./VotingScreen.tsx')),
  },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).committeesFr },
};
