import type { ModuleContext, ServerModule } from '../modules/server-module.ts';
import { IMPORT_BATCH, importRunner } from './import-runner.ts';
import type { ImportServices } from './imports.operation.ts';
import { importRoutes } from './imports.routes.ts';

const servicesOf = ({ db, store, entities, writeHooks }: ModuleContext): ImportServices => ({
  db,
  store,
  entities,
  writeHooks: writeHooks ?? {},
});

/** Imports of CSV and XLSX files into any kind: mapping, dry run, background batch (docs/imports.md). */
export const importsModule: ServerModule = {
  name: 'imports',
  async register(app, context) {
    await app.register(importRoutes, {
      services: servicesOf(context),
      jobs: context.jobs,
      preHandler: context.preHandler,
    });
  },
  jobRunners: (context) => ({ [IMPORT_BATCH]: importRunner(servicesOf(context)) }),
};
