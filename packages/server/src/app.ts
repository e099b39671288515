import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { entities } from '@lbo/model/entity-registry';
import type { Database } from './db/database.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './http/errors.ts';
import { installInputGuards } from './http/input-guards.ts';
import { inputLimits } from '@lbo/model/values/limits';
import { installAuthentication, installRequestHeaders, requestId } from './auth/request-context.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installServerErrorLog, loggerOptions, type LogOptions } from './http/logging.ts';
import { installIdempotency } from './http/idempotency.ts';
import { createOperations } from './entities/crud.operation.ts';
import { entityRoutes } from './entities/entity.routes.ts';
import { createSessionService } from './auth/sessions.ts';
import { loginRoutes } from './auth/login.routes.ts';
import { ssoRoutes } from './sso/sso.routes.ts';
import { pingRoutes } from './http/ping.routes.ts';
import { localesRoutes } from './locales/locales.routes.ts';
import { listsRoutes } from './lists/lists.routes.ts';
import { dynoRoutes } from './dyno/dyno.routes.ts';
import { calculatorRoutes } from './financing/calculator.routes.ts';
import { contractLifecycleRoutes } from './financing/contract-lifecycle.routes.ts';
import { catalogueRoutes } from './financing/catalogue.routes.ts';
import { userConfigurationRoutes } from './auth/user-configuration.routes.ts';
import { usersRoutes } from './auth/users.routes.ts';
import { totpRoutes } from './auth/totp.routes.ts';
import { tenantConfigurationRoutes } from './auth/tenant-configuration.ts';
import { webRoutes } from './web.routes.ts';
import { excelRoutes } from './report/excel.routes.ts';
import { exportRoutes, type ExportRouteOptions } from './report/export.routes.ts';
import { workflowRoutes } from './workflow/workflow.routes.ts';
import { assertWriteHooksExist, writeHooks } from './entities/write-hooks.ts';
import { externalRoutes } from './external/external.routes.ts';
import { personRoutes } from './person/person.routes.ts';
import { installSchemas } from './http/schemas.ts';
import { openApiRoutes } from './http/openapi.routes.ts';
import { documentRoutes } from './documents/documents.routes.ts';
import { containerRoutes } from './documents/containers.routes.ts';
import { fileSystemStore, type ObjectStore } from './db/object-store.ts';
import { jobSettings, startJobQueue, type JobSettings } from './jobs/job-queue.ts';
import { billingRoutes } from './billing/billing.routes.ts';
import { invoicePdfRoutes } from './billing/invoice-pdf/invoice-pdf.routes.ts';
import { cronRoutes } from './jobs/crons.routes.ts';
import { registerIndexationRunner } from './financing/indexation-job.ts';
import { statementRoutes } from './banking/statements/statements.routes.ts';
import { returnRoutes } from './banking/returns/returns.routes.ts';
import { dunningRoutes } from './billing/dunning/dunning.routes.ts';
import { cashflowRoutes } from './billing/cashflows/cashflows.routes.ts';
import { accountingRoutes } from './accounting/accounting.routes.ts';
import { invoiceKpiRoutes } from './billing/invoice-kpis.routes.ts';
import { paymentFileRoutes } from './banking/payment-files/payment-files.routes.ts';
import { treasuryRoutes } from './banking/treasury/treasury.routes.ts';

export interface AppOptions {
  database: Database;
  /** Request logging and the log's destination; server errors are always logged. */
  log?: LogOptions;
  /** Proxies whose `X-Forwarded-For` is believed (addresses or CIDRs); none by default. */
  trustedProxies?: string[];
  /** Directory of the built web app; served at / and under /imp/{tenant}. */
  webDir?: string;
  /** Where document contents are kept; a fresh temporary folder when not given (tests, tools). */
  objectStore?: ObjectStore;
  /** List exports: rows past which they run in the background (on the job queue). */
  listExports?: Pick<ExportRouteOptions, 'backgroundThreshold'>;
  /** Background jobs: whether this process works on them, leases and slices (jobs/job-queue.ts). */
  jobs?: Partial<JobSettings>;
  /** Billing runs past this many elements go to the background. */
  billingBackgroundThreshold?: number;
  /** Camt files of more transactions are imported in the background. */
  camtBackgroundThreshold?: number;
}

/** Builds the HTTP application: plugins, then decorators and hooks, then routes. */
export async function buildApp({
  database,
  log,
  trustedProxies = [],
  webDir,
  objectStore,
  listExports,
  jobs: jobOptions,
  billingBackgroundThreshold,
  camtBackgroundThreshold,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(log),
    genReqId: requestId,
    bodyLimit: inputLimits.bodyBytes,
    frameworkErrors,
    clientErrorHandler,
    trustProxy: trustedProxies.length ? trustedProxies : false,
    routerOptions: { maxParamLength: 500 },
  });
  installErrorHandling(app);
  installInputGuards(app);
  installServerErrorLog(app);
  installRequestHeaders(app);
  await installSecurityHeaders(app);
  const { db } = database;
  const sessions = await createSessionService(db);
  assertWriteHooksExist(entities);
  const operations = createOperations(db, writeHooks);
  const preHandler = installAuthentication(app, { db, sessions });
  installIdempotency(app, db);
  await installSchemas(app);

  await app.register(pingRoutes);
  await app.register(loginRoutes, { db, sessions, preHandler });
  await app.register(ssoRoutes, { db, sessions, preHandler });
  await app.register(totpRoutes, { db, preHandler });
  await app.register(listsRoutes, { db, operations, preHandler });
  await app.register(dynoRoutes, { operations, preHandler });
  await app.register(async (scope) => {
    scope.addHook('preHandler', preHandler);
    await scope.register(calculatorRoutes, { operations });
  });
  await app.register(userConfigurationRoutes, { db, preHandler });
  const store = objectStore ?? fileSystemStore(fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-objects-')));
  await app.register(usersRoutes, { db, operations, sessions, store, preHandler });
  await app.register(tenantConfigurationRoutes, { db, preHandler });
  // Kinds served by their domain say so in their declaration (`domainRoutes`): users, lists, locales.
  await app.register(localesRoutes, { db, preHandler });
  await app.register(entityRoutes, { operations, entities, preHandler });
  await app.register(workflowRoutes, { db, entities, preHandler, store });
  await app.register(contractLifecycleRoutes, { db, preHandler });
  await app.register(catalogueRoutes, { db, operations, preHandler });
  await app.register(excelRoutes, { preHandler });
  await app.register(externalRoutes, { db, preHandler });
  await app.register(personRoutes, { db, operations, preHandler });
  await app.register(documentRoutes, { db, store, sessions, preHandler, entities });
  await app.register(containerRoutes, { db, store, preHandler });
  const jobs = await startJobQueue(database, { ...jobSettings(), ...jobOptions });
  app.addHook('onClose', () => jobs.stop());
  app.decorate('jobs', jobs);
  await app.register(exportRoutes, { db, store, operations, entities, preHandler, jobs, ...listExports });
  await app.register(billingRoutes, { db, preHandler, jobs, backgroundThreshold: billingBackgroundThreshold });
  await app.register(invoicePdfRoutes, { db, preHandler });
  await app.register(cronRoutes, { db, preHandler, jobs });
  registerIndexationRunner(jobs);
  await app.register(cashflowRoutes, { db, preHandler });
  await app.register(accountingRoutes, { db, preHandler, jobs, store });
  await app.register(statementRoutes, { db, store, jobs, preHandler, backgroundThreshold: camtBackgroundThreshold });
  await app.register(returnRoutes, { db, preHandler, store });
  await app.register(dunningRoutes, { db, preHandler, jobs, store });
  await app.register(paymentFileRoutes, { db, preHandler, jobs, store });
  await app.register(treasuryRoutes, { db, preHandler });
  await app.register(invoiceKpiRoutes, { db, preHandler });
  await app.register(openApiRoutes, { preHandler });
  if (webDir) await app.register(webRoutes, { webDir });
  return app;
}
