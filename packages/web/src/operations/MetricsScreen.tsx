import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Space, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api/client.ts';
import { Link } from 'react-router';
import { formatDateTime, formatNumber } from '../i18n/formats.ts';
import { metricLabels, operationsKeys, type MetricSummary } from './operations-api.ts';
import { Sparkline } from './Sparkline.tsx';

/**
 * `/metrics`: the figures the server records every minute (the tenant's requests and errors; the
 * installation's pool, queue, event loop and memory for the super admin), each with its last
 * value and the last hour as a sparkline, linked to its chart.
 */
export default function MetricsScreen() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const summary = useQuery({
    queryKey: operationsKeys.summary,
    queryFn: ({ signal }) => api.get<MetricSummary[]>('/api/system/metrics/summary?hours=1', { signal }),
    refetchInterval: 60_000,
  });
  const sample = useMutation({
    mutationFn: () => api.post<{ written: number }>('/api/system/metrics/sample'),
    onSuccess: () => client.invalidateQueries({ queryKey: operationsKeys.summary }),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3}>{t('Metrics')}</Typography.Title>
        <Button onClick={() => sample.mutate()} loading={sample.isPending} data-testid="record-metrics">
          {t('Record now')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        {t('Recorded every minute; the last hour is drawn beside each value.')}
      </Typography.Paragraph>
      {summary.isLoading ? (
        <Spin />
      ) : (
        <Table<MetricSummary>
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={summary.data ?? []}
          locale={{ emptyText: <Empty description={t('No figure recorded yet')} /> }}
          columns={[
            {
              key: 'metric',
              title: t('Metric'),
              render: (_v, m) => (
                <Link to={`/metric-record/${encodeURIComponent(m.key)}`} data-testid={`metric-${m.key}`}>
                  {t(metricLabels[m.key]?.label ?? m.key)}
                </Link>
              ),
            },
            { key: 'key', title: t('Key'), dataIndex: 'key', render: (key: string) => <code>{key}</code> },
            {
              key: 'last',
              title: t('Last value'),
              align: 'right',
              render: (_v, m) =>
                m.last === null
                  ? '—'
                  : `${formatNumber(m.last, i18n.language, { maximumFractionDigits: 2 })}${metricLabels[m.key]?.unit ? ` ${metricLabels[m.key]?.unit}` : ''}`,
            },
            { key: 'trend', title: t('Last hour'), render: (_v, m) => <Sparkline points={m.points} /> },
            { key: 'date', title: t('Recorded'), render: (_v, m) => formatDateTime(m.lastDate, i18n.language) },
          ]}
        />
      )}
    </Space>
  );
}
