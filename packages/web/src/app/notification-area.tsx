import { useEffect } from 'react';
import { Button, notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { NoticeArgs } from './notify.tsx';
import { t } from '../i18n/i18n.ts';

/**
 * The notification area (antd's notification, bottom-right, bottom-left for right-to-left),
 * loaded with the first notice (notify.tsx): a screen that shows none does not carry it.
 */
export default function NotificationArea({
  direction,
  onReady,
}: {
  direction: 'ltr' | 'rtl';
  onReady: (show: ((args: NoticeArgs) => void) | undefined) => void;
}) {
  const [api, holder] = notification.useNotification({ stack: { threshold: 4 } });
  useEffect(() => {
    onReady((args) => show(api, args, direction));
    return () => onReady(undefined);
  }, [api, direction, onReady]);
  return holder;
}

function show(api: NotificationInstance, { notice, action, key, duration }: NoticeArgs, direction: 'ltr' | 'rtl') {
  api[notice.level]({
    key,
    title: t(notice.message),
    description: notice.description,
    duration,
    placement: direction === 'rtl' ? 'bottomLeft' : 'bottomRight',
    actions: action ? (
      <Button
        type="primary"
        size="small"
        onClick={() => {
          action.onClick();
          api.destroy(key);
        }}
      >
        {t(action.label)}
      </Button>
    ) : undefined,
  });
}
