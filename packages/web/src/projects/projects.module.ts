import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Projects, budgets and time: `/timesheet`, a project's summary and tasks, a budget's actuals. */
export const projectsModule: WebModule = {
  name: 'projects',
  detailScreens: {
    project: lazy(() => import('./ProjectScreen.tsx')),
    budget: lazy(() => import('./BudgetScreen.tsx')),
  },
  toolScreens: { '/timesheet': lazy(() => import('./TimesheetScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).projectsFr },
};
