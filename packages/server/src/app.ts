import Fastify, { type FastifyInstance } from 'fastify';
import { entities } from '@lbo/model/entity-registry';
import type { Database } from './db/database.ts';
import { installErrorHandling } from './http/errors.ts';
import { authenticate, installRequestHeaders, requestId } from './http/request-context.ts';
import { createOperations } from './entities/crud.operation.ts';
import { entityRoutes } from './entities/entity.routes.ts';
import { createSessionService } from './auth/sessions.ts';
import { loginRoutes } from './auth/login.routes.ts';
import { coreRoutes } from './core/core.routes.ts';
import { listsRoutes } from './lists/lists.routes.ts';
import { dynoRoutes } from './dyno/dyno.routes.ts';
import { calculatorRoutes } from './financing/calculator.routes.ts';
import { userConfigurationRoutes } from './auth/user-configuration.routes.ts';
import { webRoutes } from './web.routes.ts';

export interface AppOptions {
  database: Database;
  logger?: boolean;
  /** Directory of the built web app; served at / and under /imp/{tenant}. */
  webDir?: string;
}

/** Builds the HTTP application: plugins, then decorators and hooks, then routes. */
export async function buildApp({ database, logger = false, webDir }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, genReqId: requestId, bodyLimit: 10 * 1024 * 1024, trustProxy: true, routerOptions: { maxParamLength: 500 } });
  installErrorHandling(app);
  installRequestHeaders(app);
  const { db } = database;
  const sessions = await createSessionService(db);
  const operations = createOperations(db);
  const preHandler = authenticate(sessions);

  await app.register(coreRoutes);
  await app.register(loginRoutes, { db, sessions });
  await app.register(listsRoutes, { db, operations, preHandler });
  await app.register(dynoRoutes, { operations, preHandler });
  await app.register(async (scope) => {
    scope.addHook('preHandler', preHandler);
    await scope.register(calculatorRoutes);
  });
  await app.register(userConfigurationRoutes, { operations, preHandler });
  await app.register(entityRoutes, { operations, entities, preHandler, customList: ['List'] });
  if (webDir) await app.register(webRoutes, { webDir });
  return app;
}
