import type { ServerModule } from '../modules/server-module.ts';
import { flowRoutes } from './flow.routes.ts';

/** Flow mode: a page opened by an access key, without signing in (spec 000 §2.1). */
export const flowModule: ServerModule = {
  name: 'flow',
  async register(app, { operations, preHandler }) {
    await app.register(flowRoutes, { operations, preHandler });
  },
};
