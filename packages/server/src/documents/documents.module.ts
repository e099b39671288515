import type { ServerModule } from '../modules/server-module.ts';
import { containerRoutes } from './containers.routes.ts';
import { documentRoutes } from './documents.routes.ts';
import { scheduleOrphanSweeps } from './orphan-sweeper.ts';

export {
  discardContent,
  documentEntity,
  recordDocument,
  recordDocuments,
  storeContent,
  type DocumentToRecord,
  type StoredContent,
} from './attach.ts';
export { attachDemoContents, attachDemoPictures } from './demo-contents.ts';

/** Documents on every kind, pictures and thumbnails, the object store's containers and its sweeps. */
export const documentsModule: ServerModule = {
  name: 'documents',
  async register(app, { db, store, sessions, preHandler, entities }) {
    await app.register(documentRoutes, { db, store, sessions, preHandler, entities });
    await app.register(containerRoutes, { db, store, preHandler });
  },
  menus: [
    {
      section: 'Administration',
      order: 125,
      path: '/object-storage-containers',
      label: 'Object storage',
      permission: 'read /api/core/object-storage-containers',
    },
  ],
  serve: ({ db, store }) => scheduleOrphanSweeps(db, store),
};
