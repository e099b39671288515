import type { ServerModule } from '../modules/server-module.ts';
import { personWriteHooks } from './person-registrations.ts';
import { personRoutes } from './person.routes.ts';

export { schemaOf } from './person.routes.ts';

/** Persons and prospects: the editor's checks, registry and address lookups, relations. */
export const personModule: ServerModule = {
  name: 'person',
  async register(app, { db, operations, preHandler }) {
    await app.register(personRoutes, { db, operations, preHandler });
  },
  writeHooks: personWriteHooks,
};
