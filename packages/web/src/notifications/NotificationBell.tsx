import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Popover } from 'antd';
// The badge's own file: antd's `Badge` also brings the ribbon.
import Badge from 'antd/es/badge/Badge';
import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../app/notify.tsx';
import { markRead, notificationsKey } from './inbox-api.ts';
import { onArrival, openLiveStream, useUnreadCount, type LiveNotification } from './live.ts';
import { refreshServiceWorker } from './push.ts';
import { notificationText } from './notification-text.ts';
import { madeNameText } from '../i18n/made-name-text.ts';

/** The latest notifications, drawn when the bell is opened (their chunk loads then). */
const NotificationDropdown = lazy(() => import('./NotificationDropdown.tsx'));

/**
 * The header's bell (the shell renders it from the `notificationBell` slot): the unread count,
 * kept live by the stream, a toast for each notification as it comes, and the latest ones in a
 * dropdown, each opening its link; all of them at /notifications.
 */
export default function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);

  useEffect(() => openLiveStream(), []);
  useEffect(() => refreshServiceWorker(), []);
  useEffect(
    () =>
      onArrival((n) => {
        void queryClient.invalidateQueries({ queryKey: notificationsKey });
        notify(
          {
            level: 'info',
            message: madeNameText(t, n.title),
            ...(n.body ? { description: notificationText(t, n.body).slice(0, 200) } : {}),
          },
          n.link ? { label: 'Open', onClick: () => void opened(n) } : undefined,
        );
      }),
    [queryClient, t],
  );

  async function opened(n: LiveNotification) {
    setOpen(false);
    if (!n.readDate) await markRead(n).catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: notificationsKey });
    navigate(n.link || '/notifications');
  }

  // Always something: antd's Popover never opens (nor reports the click) while its content is empty.
  const content = (
    <Suspense fallback={<div style={{ width: 360, maxWidth: '90vw', minHeight: 120 }} />}>
      {open ? (
        <NotificationDropdown
          unread={unread}
          onOpen={(n) => void opened(n)}
          onAll={() => {
            setOpen(false);
            navigate('/notifications');
          }}
        />
      ) : null}
    </Suspense>
  );

  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight" arrow={false}>
      <Button
        type="text"
        aria-label={unread ? t('Notifications ({count} unread)', { count: unread }) : t('Notifications')}
        data-testid="notification-bell"
        // The count is known once the live stream is open: from then on, every notification shows here at once.
        data-live={unread !== undefined}
        style={{ color: '#fff', marginInline: 4 }}
        icon={
          <Badge count={unread ?? 0} size="small" overflowCount={99} offset={[4, -2]}>
            <BellOutlined style={{ color: '#fff', fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
