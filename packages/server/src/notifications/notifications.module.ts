import type { ServerModule } from '../modules/server-module.ts';
import { notifyBatchEnded } from './batch-ended.ts';
import { notificationsDemo } from './demo-notifications.ts';
import { startHub } from './hub.ts';
import { readAnnounced, unreadOf } from './inbox.operation.ts';
import { notificationRoutes } from './notifications.routes.ts';
import { pushAnnounced } from './push.ts';

export type { NewNotification, NotificationType } from './notification-types.ts';
export { notify } from './notify.ts';

/** Notifications: an inbox per user, live streams, preferences, e-mail and web push (docs/notifications.md). */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  async register(app, { database, db, preHandler }) {
    const hub = await startHub(database, {
      read: readAnnounced,
      unread: unreadOf,
      announced: (a) => pushAnnounced(db, a),
    });
    app.addHook('onClose', () => hub.stop());
    await app.register(notificationRoutes, { db, hub, preHandler });
  },
  batchEnded: (_context, tx, caller, batch) => notifyBatchEnded(tx, caller, batch),
  demo: [notificationsDemo],
};
