import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api/client.ts';
import { FastLink } from '../entities/FastLink.tsx';
import { StatusBadge } from '../entities/StatusBadge.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { formatDateTime } from '../i18n/formats.ts';
import { useReferenceLabel } from './reference-label.ts';
import { supportKeys, ticketKind, type TeamQueue, type Ticket } from './support-api.ts';

/**
 * `/support-queue`: the open tickets of each team (no team last), oldest first, each team with its
 * count of open and late tickets; a late ticket carries a red tag.
 */
export default function SupportQueueScreen() {
  const { t, i18n } = useTranslation();
  const label = useReferenceLabel();
  const queue = useQuery({
    queryKey: supportKeys.queue,
    queryFn: ({ signal }) => api.get<TeamQueue[]>('/api/support/queue', { signal }),
    refetchInterval: 60_000,
  });
  if (queue.isLoading) return <Spin style={{ margin: 48 }} />;
  const teams = queue.data ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('Support queue')}</Typography.Title>
      {teams.length === 0 && <Empty description={t('No open ticket')} />}
      {teams.map((team) => (
        <Card
          key={team.team ?? '-'}
          data-testid={`queue-${team.team ?? 'none'}`}
          title={
            <Space>
              {team.team ? label('profile', team.team) : t('No team')}
              <Badge count={team.open} color="blue" showZero title={t('Open tickets')} />
              <Tag color={team.breached ? 'red' : 'green'} data-testid="queue-breached">
                {t('{count} breached', { count: team.breached })}
              </Tag>
            </Space>
          }
        >
          <Table<Ticket>
            size="small"
            rowKey="registration"
            pagination={false}
            dataSource={team.tickets}
            columns={[
              {
                key: 'registration',
                title: t('Ticket'),
                render: (_v, r) => <FastLink to={detailPath(ticketKind, r.registration)}>{r.registration}</FastLink>,
              },
              {
                key: 'status',
                title: t('Status'),
                render: (_v, r) => <StatusBadge list={ticketKind.status} status={r.status} />,
              },
              { key: 'subject', title: t('Subject'), dataIndex: 'subject' },
              { key: 'priority', title: t('Priority'), render: (_v, r) => label('priority', r.priority) },
              { key: 'assignee', title: t('Assignee'), dataIndex: 'assigneeUsername' },
              { key: 'opened', title: t('Opened'), render: (_v, r) => formatDateTime(r.openedDate, i18n.language) },
              {
                key: 'due',
                title: t('Resolution due'),
                render: (_v, r) => formatDateTime(r.resolutionDue, i18n.language),
              },
              {
                key: 'sla',
                title: t('SLA'),
                render: (_v, r) =>
                  r.breached ? (
                    <Tag color="red" data-testid="sla-breached">
                      {t('SLA breached')}
                    </Tag>
                  ) : (
                    <Tag color="green">{t('On time')}</Tag>
                  ),
              },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
}
