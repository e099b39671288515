import type { ServerModule } from '../modules/server-module.ts';
import { writeDemoProjects } from './demo-projects.ts';
import { projectWriteHooks } from './project-hooks.ts';
import { projectRoutes } from './projects.routes.ts';

/** Projects, budgets and time: the weekly timesheet, a project's summary, a budget's actuals (docs/projects.md). */
export const projectsModule: ServerModule = {
  name: 'projects',
  async register(app, { db, preHandler }) {
    await app.register(projectRoutes, { db, preHandler });
  },
  writeHooks: projectWriteHooks,
  menus: [
    {
      section: 'Work',
      order: 15,
      path: '/timesheet',
      label: 'Timesheet',
      permission: 'write /api/support/time-entries',
    },
  ],
  demo: [
    {
      name: 'a project with its budget and timesheets',
      async run(context) {
        if (!context.loadedKinds.includes('Project')) return;
        await writeDemoProjects(context);
      },
    },
  ],
};
