import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Tasks: the Tasks card of every record, `/my-tasks` and `/calendar` with its iCalendar feed. */
export const tasksModule: WebModule = {
  name: 'tasks',
  toolScreens: {
    '/calendar': lazy(() => import('./CalendarScreen.tsx')),
    '/my-tasks': lazy(() => import('./MyTasksScreen.tsx')),
  },
  slots: { tasksCard: lazy(() => import('./TasksCard.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).tasksFr },
};
