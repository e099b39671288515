import { notificationTypes, type NotificationType } from '@lbo/model/entities/notification/notification.entity';

export { notificationTypes, type NotificationType };

/** A notification to write: to whom, what, and where to look. */
export interface NewNotification {
  /** `profiles` expand to the tenant's users having them. */
  to: { usernames?: string[]; profiles?: string[] };
  type: NotificationType;
  title: string;
  body?: string;
  /** An app route, e.g. '/contract/CT000012' or '/task/TSK000003'. */
  link?: string;
  about?: { entity: string; registration: string };
  /** One notification per key, user and tenant (idempotent). */
  key?: string;
}
