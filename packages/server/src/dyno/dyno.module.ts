import type { ServerModule } from '../modules/server-module.ts';
import { dynoRoutes } from './dyno.routes.ts';

/** Dynamic entity kinds under /api/dyno/{name}. */
export const dynoModule: ServerModule = {
  name: 'dyno',
  async register(app, { operations, preHandler }) {
    await app.register(dynoRoutes, { operations, preHandler });
  },
};
