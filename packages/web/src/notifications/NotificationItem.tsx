import { Badge, Button, Space, Tooltip, Typography } from 'antd';
import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/formats.ts';
import { typeLabels, type NotificationType } from './inbox-api.ts';
import type { LiveNotification } from './live.ts';
import { notificationText } from './notification-text.ts';
import { madeNameText } from '../i18n/made-name-text.ts';

/** One notification: unread marked by a dot, its type, title, text (cut at 200 characters, spec 002 §9) and time. */
export function NotificationItem({
  notification: n,
  compact,
  onOpen,
  onToggleRead,
}: {
  notification: LiveNotification;
  compact?: boolean;
  onOpen(): void;
  onToggleRead?(): void;
}) {
  const { t, i18n } = useTranslation();
  const unread = !n.readDate;
  const text = n.body && notificationText(t, n.body);
  const body = text && text.length > 200 ? `${text.slice(0, 199)}…` : text;
  return (
    <div
      data-testid="notification-item"
      data-unread={unread ? 'true' : 'false'}
      style={{
        display: 'flex',
        gap: 8,
        padding: compact ? '6px 4px' : '10px 8px',
        borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
        background: unread ? 'rgba(22, 119, 255, 0.04)' : undefined,
      }}
    >
      <Badge status={unread ? 'processing' : 'default'} style={{ marginTop: 4 }} />
      <a
        href={n.link || '/notifications'}
        style={{ flex: 1, minWidth: 0, color: 'inherit' }}
        onClick={(e) => {
          e.preventDefault();
          onOpen();
        }}
      >
        <Space size={6} wrap>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(typeLabels[n.type as NotificationType] ?? n.type)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(n._insertDate, i18n.language)}
          </Typography.Text>
        </Space>
        <div>
          <Typography.Text strong={unread}>{madeNameText(t, n.title)}</Typography.Text>
        </div>
        {body && (
          <Typography.Paragraph type="secondary" ellipsis={compact ? { rows: 2 } : false} style={{ marginBottom: 0 }}>
            {body}
          </Typography.Paragraph>
        )}
      </a>
      {onToggleRead && (
        <Tooltip title={unread ? t('Mark as read') : t('Mark as unread')}>
          <Button
            size="small"
            type="text"
            aria-label={unread ? t('Mark as read') : t('Mark as unread')}
            icon={unread ? <CheckOutlined /> : <UndoOutlined />}
            onClick={onToggleRead}
          />
        </Tooltip>
      )}
    </div>
  );
}
