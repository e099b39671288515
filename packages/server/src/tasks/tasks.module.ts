import type { ServerModule } from '../modules/server-module.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { playDemoTasks } from './demo-tasks.ts';
import { remindersRunner, TASK_REMINDERS } from './reminders.ts';
import { TASK_RULES, TASK_RULES_SECTION, taskRulesRunner } from './rule-engine.ts';
import { taskSideEffects, taskWriteHooks } from './task-hooks.ts';
import { defaultTaskRules, validateTaskRules } from './task-rules.ts';
import { taskRoutes } from './tasks.routes.ts';

const everyFewMinutes = (name: string, cron: string, job: string) => ({
  name,
  cron,
  job,
  parameters: {},
  timeZone: 'Europe/Paris',
  enabled: true,
});

/**
 * Tasks (docs/tasks.md): tasks on records of any kind with their assignees, reminders and
 * checklists; the tasks the product opens itself from the tenant's rules; "My tasks"; the
 * calendar and its iCalendar feed.
 */
export const tasksModule: ServerModule = {
  name: 'tasks',
  async register(app, { db, preHandler }) {
    await app.register(taskRoutes, { db, preHandler });
    await app.register(calendarRoutes, { db, preHandler });
  },
  writeHooks: taskWriteHooks,
  sideEffects: taskSideEffects,
  jobRunners: () => ({ [TASK_REMINDERS]: remindersRunner(), [TASK_RULES]: taskRulesRunner() }),
  crons: [
    everyFewMinutes('task-reminders', '*/5 * * * *', TASK_REMINDERS),
    everyFewMinutes('task-rules', '*/10 * * * *', TASK_RULES),
  ],
  tenantSettings: {
    /** The tasks the product opens itself: one rule per kind of event (task-rules.ts). */
    [TASK_RULES_SECTION]: { validate: validateTaskRules, default: { rules: defaultTaskRules } },
  },
  menus: [{ section: 'Work', order: 5, path: '/my-tasks', label: 'My tasks', permission: 'read /api/core/tasks' }],
  demo: [{ name: 'tasks and their rules', run: playDemoTasks }],
};
