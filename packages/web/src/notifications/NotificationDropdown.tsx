import { Button, Empty, Space, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchInbox, markAllRead, notificationsKey } from './inbox-api.ts';
import type { LiveNotification } from './live.ts';
import { NotificationItem } from './NotificationItem.tsx';

/** The bell's dropdown: the latest notifications, each opening its link, and the way to all of them. */
export default function NotificationDropdown({
  unread,
  onOpen,
  onAll,
}: {
  unread: number | undefined;
  onOpen: (n: LiveNotification) => void;
  onAll: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const latest = useQuery({
    queryKey: [...notificationsKey, 'latest'],
    queryFn: ({ signal }) => fetchInbox({ limit: 8 }, signal),
  });
  return (
    <div style={{ width: 360, maxWidth: '90vw' }} data-testid="notification-dropdown">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text strong>{t('Notifications')}</Typography.Text>
        <Button
          size="small"
          type="link"
          disabled={!unread}
          onClick={async () => {
            await markAllRead();
            void queryClient.invalidateQueries({ queryKey: notificationsKey });
          }}
        >
          {t('Mark all as read')}
        </Button>
      </Space>
      {latest.isLoading ? (
        <Spin />
      ) : latest.data?.notifications.length ? (
        <div style={{ maxHeight: 420, overflowY: 'auto' }}>
          {latest.data.notifications.map((n) => (
            <NotificationItem key={n._id} notification={n} compact onOpen={() => onOpen(n)} />
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No notifications')} />
      )}
      <Button block type="link" onClick={onAll}>
        {t('See all notifications')}
      </Button>
    </div>
  );
}
