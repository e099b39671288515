import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** The support desk: the ticket screen (thread, service levels, knowledge base) and `/support-queue`. */
export const supportModule: WebModule = {
  name: 'support',
  detailScreens: { ticket: lazy(() => import('./TicketScreen.tsx')) },
  toolScreens: { '/support-queue': lazy(() => import('./SupportQueueScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).supportFr },
};
