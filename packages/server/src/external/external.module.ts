import type { ServerModule } from '../modules/server-module.ts';
import { externalRoutes } from './external.routes.ts';

/** Registries and address lookups through provider adapters. */
export const externalModule: ServerModule = {
  name: 'external',
  async register(app, { db, preHandler }) {
    await app.register(externalRoutes, { db, preHandler });
  },
};
