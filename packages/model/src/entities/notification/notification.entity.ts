import { defineEntity } from '../../entity.ts';
import { boolean, datetime, object, text, textarea } from '../../fields.ts';
import { column, equal } from '../../search.ts';

/** What happened, for the preferences per type and the icons (the server's `notify`, the web's inbox). */
export const notificationTypes = [
  'TASK_ASSIGNED',
  'TASK_REMINDER',
  'MENTION',
  'BATCH_FINISHED',
  'BATCH_FAILED',
  'RETURN_RECEIVED',
  'APPROVAL_NEEDED',
] as const;

export type NotificationType = (typeof notificationTypes)[number];

/**
 * A notification of one user (docs/notifications.md): what happened (`type`, a title and a
 * body), where to look (`link`, an app route, and the record it is `about`), and when its
 * recipient read it. Written by the server only (`notify`, packages/server/src/notifications);
 * its recipient reads and marks their own through the inbox routes, which always filter by
 * the signed-in user: no generic route serves it.
 */
export const notification = defineEntity({
  name: 'Notification',
  route: 'notification/notifications',
  prefix: 'NTF',
  status: false,
  readOnly: true,
  domainRoutes: 'all',
  fields: {
    recipient: text({ mandatory: true, label: 'Recipient' }),
    title: text({ mandatory: true }),
    body: textarea(),
    link: text(),
    about: object({ entity: text(), registration: text() }),
    readDate: datetime({ label: 'Read' }),
    /** One notification per key, recipient and tenant: a second `notify` with the same key writes nothing. */
    key: text({ hidden: true }),
    /** Who caused it (the caller of `notify`). */
    author: text(),
    /** Waits to be pushed to its recipient's browsers once its transaction committed (the first server to claim it sends it). */
    pushPending: boolean({ hidden: true }),
  },
  indexes: ['recipient'],
  unique: ['recipient', 'key'],
  search: [equal('recipient'), equal('type')],
  columns: ['registration', 'type', 'title', 'recipient', column('_insertDate', { render: 'datetime' }), 'readDate'],
  menu: {
    notListed:
      'Each user reads their own notifications at /notifications (spec 000 §2.2) and in the bell of the header; no one browses all of them as a list.',
  },
  labels: {
    fr: {
      singular: 'Notification',
      plural: 'Notifications',
      texts: {
        Recipient: 'Destinataire',
        Title: 'Titre',
        Body: 'Texte',
        Link: 'Lien',
        About: 'Objet',
        Read: 'Lu le',
        Author: 'Auteur',
        Entity: 'Type',
        Registration: 'Référence',
        Key: 'Clé',
        'Push pending': 'Envoi push en attente',
      },
    },
  },
  addedBecause:
    'The notifications of spec 000 §2.2 (/notifications) and spec 002 §Notifications: one record per user and event, read and marked by its recipient.',
});
