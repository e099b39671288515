import { notificationTypes, type NotificationType } from '@lbo/model/entities/notification/notification.entity';
import { api, request } from '../app/api/client.ts';
import { adjustUnread, type LiveNotification } from './live.ts';

/** The calls of the inbox (packages/server/src/notifications/notifications.routes.ts). */
export { notificationTypes, type NotificationType };

export const notificationsKey = ['notifications'] as const;

/** The written name of each type (translated by its English wording). */
export const typeLabels: Record<NotificationType, string> = {
  TASK_ASSIGNED: 'Task assigned',
  TASK_REMINDER: 'Task reminder',
  MENTION: 'Mention',
  BATCH_FINISHED: 'Batch finished',
  BATCH_FAILED: 'Batch failed',
  RETURN_RECEIVED: 'Return received',
  APPROVAL_NEEDED: 'Approval needed',
};

export interface InboxPage {
  notifications: LiveNotification[];
  size: number;
  unread: number;
}

export async function fetchInbox(
  query: { unread?: boolean; offset?: number; limit?: number },
  signal?: AbortSignal,
): Promise<InboxPage> {
  const res = await request<LiveNotification[]>('GET', '/api/notification/notifications', {
    query: {
      ...(query.unread ? { unread: 'true' } : {}),
      offset: query.offset ?? 0,
      limit: query.limit ?? 20,
    },
    signal,
  });
  return {
    notifications: res.data,
    size: Number(res.headers.get('pagination-size') ?? res.data.length),
    unread: Number(res.headers.get('notification-unread') ?? 0),
  };
}

export async function markRead(notification: LiveNotification, read = true) {
  const wasRead = Boolean(notification.readDate);
  const updated = await api.post<LiveNotification>(
    `/api/notification/notifications/${encodeURIComponent(notification.registration)}/${read ? 'read' : 'unread'}`,
  );
  if (wasRead !== read) adjustUnread((n) => n + (read ? -1 : 1));
  return updated;
}

export async function markAllRead() {
  const { marked } = await api.post<{ marked: number }>('/api/notification/notifications/read');
  adjustUnread(() => 0);
  return marked;
}

export interface ChannelChoice {
  inApp: true;
  email: boolean;
  push: boolean;
}
export interface PreferencesAnswer {
  preferences: Record<NotificationType, ChannelChoice>;
  pushSubscribed: boolean;
}
export const preferencesKey = ['notification-preferences'] as const;
export const fetchPreferences = (signal?: AbortSignal) =>
  api.get<PreferencesAnswer>('/api/notification/preferences', { signal });
export const savePreferences = (changes: Partial<Record<NotificationType, { email?: boolean; push?: boolean }>>) =>
  api.put<PreferencesAnswer>('/api/notification/preferences', changes);
