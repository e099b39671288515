import type { ServerModule } from '../modules/server-module.ts';
import { listsRoutes } from './lists.routes.ts';

/** Reference lists and the tenants' overrides of them. */
export const listsModule: ServerModule = {
  name: 'lists',
  async register(app, { db, operations, preHandler }) {
    await app.register(listsRoutes, { db, operations, preHandler });
  },
};
