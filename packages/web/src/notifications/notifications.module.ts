import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Notifications: the header's bell, the inbox and preferences at /notifications, web push (docs/notifications.md). */
export const notificationsModule: WebModule = {
  name: 'notifications',
  toolScreens: { '/notifications': lazy(() => import('./NotificationsScreen.tsx')) },
  slots: { notificationBell: lazy(() => import('./NotificationBell.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).notificationsFr },
};
