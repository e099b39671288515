import type { ServerModule } from '../modules/server-module.ts';
import { localesRoutes } from './locales.routes.ts';

/** A tenant's translations and the keys the web found missing. */
export const localesModule: ServerModule = {
  name: 'locales',
  async register(app, { db, preHandler }) {
    await app.register(localesRoutes, { db, preHandler });
  },
};
