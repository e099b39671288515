import { useEffect } from 'react';
import { Button, notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { Notice } from './api/error-notice.ts';
import { t } from '../i18n/i18n.ts';

/**
 * Notifications (spec 000 §8, §9): 5 s, 15 s for errors, sticky when they carry an action,
 * bottom-right (bottom-left for right-to-left).
 */
let instance: NotificationInstance | undefined;
let rtl = false;

export interface NoticeAction {
  label: string;
  onClick: () => void;
}

export function notify(notice: Notice, action?: NoticeAction) {
  const duration: number | false = action ? false : (notice.duration ?? (notice.level === 'error' ? 15 : 5));
  const key = `${notice.level}:${notice.message}:${notice.description ?? ''}`;
  const args = {
    key,
    title: t(notice.message),
    description: notice.description,
    duration,
    placement: rtl ? ('bottomLeft' as const) : ('bottomRight' as const),
    actions: action ? (
      <Button
        type="primary"
        size="small"
        onClick={() => {
          action.onClick();
          instance?.destroy(key);
        }}
      >
        {t(action.label)}
      </Button>
    ) : undefined,
  };
  if (!instance) {
    console.warn(notice.message, notice.description ?? '');
    return;
  }
  instance[notice.level](args);
}

export const notifySuccess = (message: string, description?: string) =>
  notify({ level: 'success', message, description });
export const notifyError = (message: string, description?: string) => notify({ level: 'error', message, description });

/** Mounts the notification area; rendered once inside the theme provider. */
export function NotificationHost({ direction }: { direction: 'ltr' | 'rtl' }) {
  const [api, holder] = notification.useNotification({ stack: { threshold: 4 } });
  useEffect(() => {
    instance = api;
    return () => {
      if (instance === api) instance = undefined;
    };
  }, [api]);
  rtl = direction === 'rtl';
  return holder;
}
