import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { budget as budgetKind } from '@lbo/model/entities/support/budget.entity';
import { project as projectKind } from '@lbo/model/entities/support/project.entity';
import { timeEntry as timeEntryKind } from '@lbo/model/entities/support/time-entry.entity';
import { errorSchema } from '@lbo/model/schema/kind-schemas';
import { isoDay, registration } from '@lbo/model/schema/request-values';
import { inTenant, readInTenant, scopeOf, type Db } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import { typed } from '../http/schemas.ts';
import { hasPermission, type Grants } from '../auth/permissions.ts';
import { ApiError } from '@lbo/model/errors';
import { budgetActuals, projectSummary } from './project-figures.ts';
import type { WorkflowCaller } from '../workflow/permissions.ts';
import { readTimesheet, reviewTimesheet, saveTimesheet, submitTimesheet } from './timesheet.operation.ts';

export interface ProjectRouteOptions {
  db: Db;
  preHandler: (request: FastifyRequest) => Promise<void>;
}

const timesheetSchema = z.object({
  week: z.string(),
  days: z.array(z.string()),
  username: z.string(),
  rows: z.array(
    z.object({
      projectRegistration: z.string(),
      projectName: z.string(),
      hours: z.array(z.number().nullable()),
      statuses: z.array(z.string().nullable()),
    }),
  ),
  totals: z.array(z.number()),
  total: z.number(),
  status: z.string(),
});
const hoursOfDay = z.number().min(0).max(24).nullable();
const saveBody = z.strictObject({
  week: isoDay.describe('a day of the week (its Monday is taken)'),
  rows: z
    .array(
      z.strictObject({
        projectRegistration: registration.describe('the project'),
        hours: z.array(hoursOfDay).length(7).describe('hours of Monday … Sunday; null or 0 clears the cell'),
      }),
    )
    .max(100),
});
const figures = z.record(z.string(), z.unknown());

/**
 * Projects' routes (docs/projects.md): the signed-in user's weekly timesheet (read, save, submit),
 * a project's summary (hours by status, tasks, milestones) and a budget's actuals from the books.
 */
export async function projectRoutes(app: FastifyInstance, { db, preHandler }: ProjectRouteOptions) {
  const api = typed(app);
  const refusals = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
  const caller = (request: FastifyRequest) => request.caller! as Caller;
  const timesheet = '/api/support/timesheet';
  const entries = { preValidation: preHandler, config: { entity: timeEntryKind.name } };

  api.get(
    timesheet,
    {
      ...entries,
      schema: {
        tags: [timeEntryKind.name],
        summary: "The signed-in user's week: projects × days, hours and statuses",
        querystring: z.strictObject({
          week: isoDay.optional().describe('a day of the week; today when absent'),
          username: z
            .string()
            .min(1)
            .max(200)
            .optional()
            .describe("another user's week, for whoever may approve time entries"),
        }),
        response: { 200: timesheetSchema, ...refusals },
      },
    },
    async (request) => {
      const who = request.query.username?.trim().toLowerCase() ?? caller(request).username;
      const approve = `approve /api/${timeEntryKind.route}`;
      if (who !== caller(request).username && !hasPermission(request.caller! as Grants, approve))
        throw new ApiError('FORBIDDEN', [approve]);
      return readInTenant(db, scopeOf(caller(request)), (tx) =>
        readTimesheet(tx, caller(request), request.query.week ?? new Date().toISOString().slice(0, 10), who),
      );
    },
  );

  api.put(
    timesheet,
    {
      preValidation: preHandler,
      config: { permission: `write /api/${timeEntryKind.route}` },
      schema: {
        tags: [timeEntryKind.name],
        summary: "Save the signed-in user's week: the changed cells' draft entries written, emptied ones deleted",
        body: saveBody,
        response: { 200: timesheetSchema, ...refusals },
      },
    },
    async (request) => inTenant(db, scopeOf(caller(request)), (tx) => saveTimesheet(tx, caller(request), request.body)),
  );

  api.post(
    `${timesheet}/submit`,
    {
      preValidation: preHandler,
      config: { permission: `write /api/${timeEntryKind.route}` },
      schema: {
        tags: [timeEntryKind.name],
        summary: "Submit the signed-in user's week: its draft (and rejected) entries go to the approver",
        body: z.strictObject({ week: isoDay.describe('a day of the week') }),
        response: { 200: timesheetSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(db, scopeOf(caller(request)), (tx) =>
        submitTimesheet(tx, request.caller! as WorkflowCaller, request.body.week),
      ),
  );

  api.post(
    `${timesheet}/review`,
    {
      preValidation: preHandler,
      config: { permission: `approve /api/${timeEntryKind.route}` },
      schema: {
        tags: [timeEntryKind.name],
        summary: "A manager approves or rejects a user's submitted week (each submitted entry takes the transition)",
        body: z.strictObject({
          username: z.string().min(1).max(200).describe('the user whose week it is'),
          week: isoDay.describe('a day of the week'),
          decision: z.enum(['APPROVE', 'REJECT']),
        }),
        response: {
          200: z.object({ username: z.string(), week: z.string(), decision: z.string(), entries: z.number() }),
          ...refusals,
        },
      },
    },
    async (request) =>
      inTenant(db, scopeOf(caller(request)), (tx) =>
        reviewTimesheet(tx, request.caller! as WorkflowCaller, request.body),
      ),
  );

  api.get(
    `/api/${projectKind.route}/:registration/summary`,
    {
      preValidation: preHandler,
      config: { entity: projectKind.name },
      schema: {
        tags: [projectKind.name],
        summary: "A project's hours (approved, submitted, draft, rejected; approved by user), tasks and milestones",
        params: z.strictObject({ registration: registration.describe('registration of the project') }),
        response: { 200: figures, ...refusals },
      },
    },
    async (request) =>
      readInTenant(db, scopeOf(caller(request)), (tx) =>
        projectSummary(tx, caller(request).tenant, request.params.registration),
      ),
  );

  api.get(
    `/api/${budgetKind.route}/:registration/actuals`,
    {
      preValidation: preHandler,
      config: { entity: budgetKind.name },
      schema: {
        tags: [budgetKind.name],
        summary: "A budget's lines: budgeted, committed, actual (the books' postings on the account) and variance",
        params: z.strictObject({ registration: registration.describe('registration of the budget') }),
        response: { 200: figures, ...refusals },
      },
    },
    async (request) =>
      readInTenant(db, scopeOf(caller(request)), (tx) =>
        budgetActuals(tx, caller(request).tenant, request.params.registration),
      ),
  );
}
