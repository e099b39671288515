import Fastify, { type FastifyInstance } from 'fastify';
import { entities } from '@lbo/model/entity-registry';
import type { Database } from './db/database.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './http/errors.ts';
import { installInputGuards } from './http/input-guards.ts';
import { inputLimits } from '@lbo/model/values/limits';
import { installAuthentication, installRequestHeaders, requestId } from './http/request-context.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installServerErrorLog, loggerOptions, type LogOptions } from './http/logging.ts';
import { installIdempotency } from './http/idempotency.ts';
import { createOperations } from './entities/crud.operation.ts';
import { entityRoutes } from './entities/entity.routes.ts';
import { createSessionService } from './auth/sessions.ts';
import { loginRoutes } from './auth/login.routes.ts';
import { coreRoutes } from './core/core.routes.ts';
import { localesRoutes } from './core/locales.routes.ts';
import { listsRoutes } from './lists/lists.routes.ts';
import { dynoRoutes } from './dyno/dyno.routes.ts';
import { calculatorRoutes } from './financing/calculator.routes.ts';
import { depreciationWriteHooks } from './asset/depreciation-schedule.hooks.ts';
import { userConfigurationRoutes } from './auth/user-configuration.routes.ts';
import { usersRoutes } from './auth/users.routes.ts';
import { totpRoutes } from './auth/totp.ts';
import { tenantConfigurationRoutes } from './auth/tenant-configuration.ts';
import { webRoutes } from './web.routes.ts';
import { excelRoutes } from './report/excel.routes.ts';
import { workflowRoutes } from './workflow/workflow.routes.ts';
import { personWriteHooks } from './person/person-registrations.ts';
import { externalRoutes } from './external/external.routes.ts';
import { personRoutes } from './person/person.routes.ts';

export interface AppOptions {
  database: Database;
  /** Request logging and the log's destination; server errors are always logged. */
  log?: LogOptions;
  /** Proxies whose `X-Forwarded-For` is believed (addresses or CIDRs); none by default. */
  trustedProxies?: string[];
  /** Directory of the built web app; served at / and under /imp/{tenant}. */
  webDir?: string;
}

/** Builds the HTTP application: plugins, then decorators and hooks, then routes. */
export async function buildApp({ database, log, trustedProxies = [], webDir }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(log), genReqId: requestId, bodyLimit: inputLimits.bodyBytes, frameworkErrors, clientErrorHandler, trustProxy: trustedProxies.length ? trustedProxies : false, routerOptions: { maxParamLength: 500 } });
  installErrorHandling(app);
  installInputGuards(app);
  installServerErrorLog(app);
  installRequestHeaders(app);
  await installSecurityHeaders(app);
  const { db } = database;
  const sessions = await createSessionService(db);
  const operations = createOperations(db, { ...personWriteHooks, ...depreciationWriteHooks });
  const preHandler = installAuthentication(app, { db, sessions });
  installIdempotency(app, db);

  await app.register(coreRoutes);
  await app.register(loginRoutes, { db, sessions, preHandler });
  await app.register(totpRoutes, { db, preHandler });
  await app.register(listsRoutes, { db, operations, preHandler });
  await app.register(dynoRoutes, { operations, preHandler });
  await app.register(async (scope) => {
    scope.addHook('preHandler', preHandler);
    await scope.register(calculatorRoutes, { operations });
  });
  await app.register(userConfigurationRoutes, { db, preHandler });
  await app.register(usersRoutes, { db, operations, sessions, preHandler });
  await app.register(tenantConfigurationRoutes, { db, preHandler });
  // Users are served by auth/users.routes.ts (passwords, admin levels, column gating). Translations
  // are read by every signed-in user, and an unknown locale is an empty set (core/locales.routes.ts).
  await app.register(localesRoutes, { db, preHandler });
  await app.register(entityRoutes, { operations, entities: entities.filter((e) => e.name !== 'User'), preHandler, customList: ['List'], customRead: ['Locale'] });
  await app.register(workflowRoutes, { db, entities, preHandler });
  await app.register(excelRoutes, { preHandler });
  await app.register(externalRoutes, { db, preHandler });
  await app.register(personRoutes, { db, operations, preHandler });
  if (webDir) await app.register(webRoutes, { webDir });
  return app;
}
