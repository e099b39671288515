import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../app/api/client.ts';
import { formatNumber } from '../i18n/formats.ts';
import { operationsKeys, type RunningStatement } from './operations-api.ts';

/** A statement running this long (seconds) is shown as long. */
const LONG_SECONDS = 5;

/**
 * `/database/current-operations`: the statements running now in the database — the tenant's
 * requests (every one for the super admin) — oldest first, with their age, their request (its
 * log) and a cancel. Refreshed every two seconds.
 */
export default function CurrentOperationsScreen() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const running = useQuery({
    queryKey: operationsKeys.currentOperations,
    queryFn: ({ signal }) => api.get<RunningStatement[]>('/api/system/database/current-operations', { signal }),
    refetchInterval: 2000,
  });
  const cancel = useMutation({
    mutationFn: (pid: number) =>
      api.post<{ cancelled: boolean }>(`/api/system/database/current-operations/${pid}/cancel`),
    onSettled: () => client.invalidateQueries({ queryKey: operationsKeys.currentOperations }),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('Current operations')}</Typography.Title>
      <Table<RunningStatement>
        size="small"
        rowKey="pid"
        loading={running.isLoading}
        pagination={false}
        dataSource={running.data ?? []}
        data-testid="current-operations"
        locale={{ emptyText: <Empty description={t('No statement is running')} /> }}
        columns={[
          { key: 'pid', title: t('Process ID'), dataIndex: 'pid', width: 100 },
          { key: 'tenant', title: t('Tenant'), dataIndex: 'tenant', width: 120 },
          {
            key: 'request',
            title: t('Request'),
            width: 160,
            render: (_v, s) =>
              s.requestId ? (
                <Link to={`/request-log/${encodeURIComponent(s.requestId)}`}>{s.requestId.slice(0, 13)}</Link>
              ) : (
                '—'
              ),
          },
          { key: 'state', title: t('State'), dataIndex: 'state', width: 120 },
          {
            key: 'age',
            title: t('Age'),
            width: 100,
            align: 'right',
            render: (_v, s) => (
              <Typography.Text type={s.ageSeconds >= LONG_SECONDS ? 'danger' : undefined}>
                {formatNumber(s.ageSeconds, i18n.language, { maximumFractionDigits: 1 })} s
              </Typography.Text>
            ),
          },
          {
            key: 'query',
            title: t('Statement'),
            render: (_v, s) => (
              <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
                {s.query}
              </Typography.Text>
            ),
          },
          {
            key: 'cancel',
            title: '',
            width: 110,
            render: (_v, s) => (
              <Popconfirm
                title={t('Cancel this statement? Its request will answer an error.')}
                okText={t('Cancel it')}
                cancelText={t('Keep it')}
                onConfirm={() => cancel.mutate(s.pid)}
              >
                <Button danger size="small" data-testid={`cancel-${s.pid}`}>
                  {t('Cancel')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}
