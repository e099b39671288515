import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { entities } from '@lbo/model/entity-registry';
import { inputLimits } from '@lbo/model/values/limits';
import { installAuthentication, installRequestHeaders, registeredRoutes, requestId } from './auth/request-context.ts';
import { loginRoutes } from './auth/login.routes.ts';
import { createSessionService } from './auth/sessions.ts';
import { tenantConfigurationRoutes } from './auth/tenant-configuration.routes.ts';
import { totpRoutes } from './auth/totp.routes.ts';
import { userConfigurationRoutes } from './auth/user-configuration.routes.ts';
import { usersRoutes } from './auth/users.routes.ts';
import type { Database } from './db/database.ts';
import { fileSystemStore, type ObjectStore } from './db/object-store.ts';
import { createOperations } from './entities/crud.operation.ts';
import { entityRoutes } from './entities/entity.routes.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './http/errors.ts';
import { installIdempotency } from './http/idempotency.ts';
import { installInputGuards } from './http/input-guards.ts';
import { installServerErrorLog, type LogOptions, loggerOptions } from './http/logging.ts';
import { openApiRoutes } from './http/openapi.routes.ts';
import { pingRoutes } from './http/ping.routes.ts';
import { installSchemas } from './http/schemas.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { cronRoutes } from './jobs/crons.routes.ts';
import { type JobSettings, jobSettings, startJobQueue } from './jobs/job-queue.ts';
import { composeModules } from './modules/compose.ts';
import type { ModuleContext } from './modules/server-module.ts';
import { productModules } from './product.ts';
import { provisionTenant } from './seed/provision-tenant.ts';
import { webRoutes } from './web.routes.ts';
import { workflowRoutes } from './workflow/workflow.routes.ts';

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
  listExports?: { backgroundThreshold?: number };
  /** Background jobs: whether this process works on them, leases and slices (jobs/job-queue.ts). */
  jobs?: Partial<JobSettings>;
  /** Billing runs past this many elements go to the background. */
  billingBackgroundThreshold?: number;
  /** Camt files of more transactions are imported in the background. */
  camtBackgroundThreshold?: number;
  /** Whether the modules' work while serving (sweeps) starts with the server (the product's process, not tests). */
  serve?: boolean;
}

/** How long one plugin may take to start before the server gives up (Fastify's default is 10 s). */
export const PLUGIN_START_TIMEOUT_MS = 120_000;

/**
 * Builds the HTTP application: plugins, then the core's decorators and hooks, then the core's
 * routes and every module's (product.ts), whose slots are composed and checked first.
 */
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
  serve = false,
}: AppOptions): Promise<FastifyInstance> {
  const product = composeModules(
    productModules({
      billingBackgroundThreshold,
      camtBackgroundThreshold,
      exportBackgroundRows: listExports?.backgroundThreshold,
    }),
    entities,
  );
  const app = Fastify({
    logger: loggerOptions(log),
    genReqId: requestId,
    bodyLimit: inputLimits.bodyBytes,
    frameworkErrors,
    clientErrorHandler,
    trustProxy: trustedProxies.length ? trustedProxies : false,
    routerOptions: { maxParamLength: 500 },
    // A plugin's start (the lists' 2 MB of dictionaries, a module's schemas) may outlast Fastify's
    // 10 s on a busy machine, and the server would exit: a hung start is still reported, later.
    pluginTimeout: PLUGIN_START_TIMEOUT_MS,
  });
  installErrorHandling(app);
  installInputGuards(app);
  installServerErrorLog(app);
  installRequestHeaders(app);
  await installSecurityHeaders(app);
  const { db } = database;
  const sessions = await createSessionService(db);
  const operations = createOperations(db, product.writeHooks);
  const preHandler = installAuthentication(app, { db, sessions });
  installIdempotency(app, db);
  await installSchemas(app);
  const store = objectStore ?? fileSystemStore(fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-objects-')));
  const jobs = await startJobQueue(database, { ...jobSettings(), ...jobOptions });
  app.addHook('onClose', () => jobs.stop());
  app.decorate('jobs', jobs);

  const context: ModuleContext = {
    database,
    db,
    operations,
    sessions,
    store,
    jobs,
    entities,
    routes: () => registeredRoutes(app),
    menus: product.menus,
    preHandler,
    writeHooks: product.writeHooks,
    tenantSettings: product.tenantSettings,
    tenantDefaults: product.tenantDefaults,
    provisionTenant: (tenant, creator) =>
      provisionTenant(db, tenant, creator, { crons: product.crons, defaults: product.tenantDefaults }),
  };
  // Observers of every request (metrics, request log) before any route, so that all routes have them.
  for (const module of product.modules) module.observeRequests?.(app, context);

  // The core's routes: sign-in, users, configuration, every kind's CRUD and workflow, crons.
  await app.register(pingRoutes);
  await app.register(loginRoutes, {
    db,
    sessions,
    preHandler,
    hostTenant: product.hostTenant,
    signInGuard: product.signInGuard,
  });
  await app.register(totpRoutes, { db, preHandler });
  await app.register(userConfigurationRoutes, {
    db,
    preHandler,
    userParts: product.currentUser,
    menuTools: product.menus,
  });
  await app.register(usersRoutes, { db, operations, sessions, store, preHandler });
  await app.register(tenantConfigurationRoutes, { db, preHandler, settings: product.tenantSettings });
  // Kinds served by their module say so in their declaration (`domainRoutes`): users, lists, locales.
  await app.register(entityRoutes, { operations, entities, preHandler });
  await app.register(workflowRoutes, { db, entities, preHandler, store });
  await app.register(cronRoutes, { db, preHandler, jobs });

  jobs.onBatchEnded((tx, caller, batch) => product.batchEnded(context, tx, caller, batch));
  jobs.onBatchTakenOver((tx, caller, batch, takeover) => product.batchTakenOver(context, tx, caller, batch, takeover));
  for (const module of product.modules)
    for (const [type, runner] of Object.entries(module.jobRunners?.(context) ?? {})) {
      if (jobs.runnerOf(type)) throw new Error(`The batch type ${type} has two runners (${module.name})`);
      jobs.register(type, runner);
    }
  for (const module of product.modules) {
    const register = module.register;
    if (register) await app.register(async (scope) => register(scope, context));
  }
  // A recurring job every new tenant gets must have a runner: refuse to start, naming it, rather than fail each night.
  const unrun = product.crons.filter((cron) => !jobs.runnerOf(cron.job));
  if (unrun.length)
    throw new Error(
      `No module runs the batch type(s) of the crons ${unrun.map((c) => `${c.name} (${c.job})`).join(', ')}`,
    );
  if (serve) {
    const stops = product.modules.flatMap((module) => (module.serve ? [module.serve(context)] : []));
    app.addHook('onClose', async () => {
      for (const stop of stops) stop();
    });
  }
  await app.register(openApiRoutes, { preHandler });
  if (webDir) await app.register(webRoutes, { webDir });
  return app;
}
