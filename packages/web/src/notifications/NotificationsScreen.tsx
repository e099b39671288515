import { useState } from 'react';
import { Alert, Button, Card, Empty, Pagination, Segmented, Space, Spin, Switch, Table, Tabs, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../app/notify.tsx';
import {
  fetchInbox,
  fetchPreferences,
  markAllRead,
  markRead,
  notificationsKey,
  notificationTypes,
  preferencesKey,
  savePreferences,
  typeLabels,
  type NotificationType,
} from './inbox-api.ts';
import type { LiveNotification } from './live.ts';
import { NotificationItem } from './NotificationItem.tsx';
import { enablePush, pushSupported } from './push.ts';

const PAGE = 20;

/** `/notifications` (spec 000 §2.2): the signed-in user's inbox, and their preferences per type and channel. */
export default function NotificationsScreen() {
  const { t } = useTranslation();
  return (
    <Card title={t('Notifications')}>
      <Tabs
        items={[
          { key: 'inbox', label: t('Inbox'), children: <Inbox /> },
          { key: 'preferences', label: t('Preferences'), children: <Preferences /> },
        ]}
      />
    </Card>
  );
}

function Inbox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const [page, setPage] = useState(1);
  const inbox = useQuery({
    queryKey: [...notificationsKey, 'inbox', filter, page],
    queryFn: ({ signal }) =>
      fetchInbox({ unread: filter === 'unread', offset: (page - 1) * PAGE, limit: PAGE }, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsKey });
  const toggle = useMutation({
    mutationFn: (n: LiveNotification) => markRead(n, !n.readDate),
    onSuccess: refresh,
  });
  const all = useMutation({
    mutationFn: markAllRead,
    onSuccess: (marked) => {
      void refresh();
      notifySuccess(t('{count} notifications marked as read', { count: marked }));
    },
  });
  const open = async (n: LiveNotification) => {
    if (!n.readDate) await markRead(n).catch(() => undefined);
    void refresh();
    if (n.link) navigate(n.link);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Segmented
          value={filter}
          onChange={(value) => {
            setFilter(value as 'all' | 'unread');
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('All notifications') },
            { value: 'unread', label: inbox.data ? t('Unread ({count})', { count: inbox.data.unread }) : t('Unread') },
          ]}
        />
        <Button onClick={() => all.mutate()} loading={all.isPending} disabled={!inbox.data?.unread}>
          {t('Mark all as read')}
        </Button>
      </Space>
      {inbox.isLoading ? (
        <Spin />
      ) : inbox.isError ? (
        <Alert type="error" showIcon title={t('The notifications could not be read')} />
      ) : inbox.data?.notifications.length ? (
        <div data-testid="notification-inbox">
          {inbox.data.notifications.map((n) => (
            <NotificationItem
              key={n._id}
              notification={n}
              onOpen={() => void open(n)}
              onToggleRead={() => toggle.mutate(n)}
            />
          ))}
        </div>
      ) : (
        <Empty description={filter === 'unread' ? t('No unread notifications') : t('No notifications')} />
      )}
      {(inbox.data?.size ?? 0) > PAGE && (
        <Pagination
          current={page}
          pageSize={PAGE}
          total={inbox.data?.size}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </Space>
  );
}

function Preferences() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: preferencesKey, queryFn: ({ signal }) => fetchPreferences(signal) });
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (answer) => queryClient.setQueryData(preferencesKey, answer),
  });
  const [pushState, setPushState] = useState<'denied' | 'unsupported' | undefined>();
  const push = useMutation({
    mutationFn: enablePush,
    onSuccess: (outcome) => {
      if (outcome === 'subscribed') {
        void queryClient.invalidateQueries({ queryKey: preferencesKey });
        notifySuccess(t('Push notifications are on in this browser'));
      } else setPushState(outcome);
    },
  });
  if (preferences.isLoading) return <Spin />;
  if (!preferences.data) return <Alert type="error" showIcon title={t('The preferences could not be read')} />;
  const { pushSubscribed } = preferences.data;
  const rows = notificationTypes.map((type) => ({ type, ...preferences.data.preferences[type] }));
  const change = (type: NotificationType, channel: 'email' | 'push', value: boolean) =>
    save.mutate({ [type]: { [channel]: value } });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="notification-preferences">
      <Typography.Paragraph type="secondary">
        {t('Every notification shows in the app. Choose which ones also come by e-mail or as a push notification.')}
      </Typography.Paragraph>
      <Table
        rowKey="type"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('Notification'), dataIndex: 'type', render: (type: NotificationType) => t(typeLabels[type]) },
          { title: t('In the app'), dataIndex: 'inApp', render: () => <Switch size="small" checked disabled /> },
          {
            title: t('E-mail'),
            dataIndex: 'email',
            render: (value: boolean, row) => (
              <Switch
                size="small"
                checked={value}
                aria-label={`${t('E-mail')}: ${t(typeLabels[row.type])}`}
                onChange={(on) => change(row.type, 'email', on)}
              />
            ),
          },
          {
            title: t('Push'),
            dataIndex: 'push',
            render: (value: boolean, row) => (
              <Switch
                size="small"
                checked={value}
                disabled={!pushSubscribed}
                aria-label={`${t('Push')}: ${t(typeLabels[row.type])}`}
                onChange={(on) => change(row.type, 'push', on)}
              />
            ),
          },
        ]}
      />
      {!pushSubscribed && (
        <Space direction="vertical">
          <Typography.Text type="secondary">
            {t('Push notifications are off until this browser is subscribed.')}
          </Typography.Text>
          <Button onClick={() => push.mutate()} loading={push.isPending} disabled={!pushSupported()}>
            {t('Turn on push notifications in this browser')}
          </Button>
        </Space>
      )}
      {pushState === 'denied' && (
        <Alert
          type="warning"
          showIcon
          title={t('The browser refused to show notifications: allow them in its settings.')}
        />
      )}
      {pushState === 'unsupported' && (
        <Alert type="warning" showIcon title={t('This browser cannot receive push notifications.')} />
      )}
    </Space>
  );
}
