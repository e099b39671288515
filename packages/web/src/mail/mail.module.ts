import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/**
 * Mail: the local mailbox (`/mailbox`), the templates' editor with its preview (`/mail-templates`),
 * and the pages reached from a mail without signing in: the password reset (`/reset-password`)
 * and a partner's self-registration (`/become-partner`).
 */
export const mailModule: WebModule = {
  name: 'mail',
  detailScreens: { communication: lazy(() => import('./CommunicationScreen.tsx')) },
  toolScreens: {
    '/mailbox': lazy(() => import('./MailboxScreen.tsx')),
    '/mail-templates': lazy(() => import('./MailTemplatesScreen.tsx')),
  },
  publicScreens: {
    '/reset-password': lazy(() => import('./ResetPasswordPage.tsx')),
    '/become-partner': lazy(() => import('./BecomePartnerPage.tsx')),
  },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).mailFr },
};
