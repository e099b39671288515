import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api/client.ts';
import { formatNumber, formatPercentage } from '../i18n/formats.ts';
import { operationsKeys, type CacheView } from './operations-api.ts';

/**
 * `/cache-info`: the caches of the process that answered — entries, hits, misses, hit rate — each
 * with what it holds and an action to empty it (it fills again from the database; the super
 * admin's).
 */
export default function CacheInfoScreen() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const caches = useQuery({
    queryKey: operationsKeys.caches,
    queryFn: ({ signal }) => api.get<CacheView[]>('/api/system/caches', { signal }),
  });
  const clear = useMutation({
    mutationFn: (name: string) =>
      api.post<{ cleared: boolean }>(`/api/system/caches/${encodeURIComponent(name)}/clear`),
    onSettled: () => client.invalidateQueries({ queryKey: operationsKeys.caches }),
  });
  const count = (value: number) => formatNumber(value, i18n.language);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('Caches')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(
          'The figures are those of the server process that answered, since it started or its cache was last emptied.',
        )}
      </Typography.Paragraph>
      <Table<CacheView>
        size="small"
        rowKey="name"
        loading={caches.isLoading}
        pagination={false}
        dataSource={caches.data ?? []}
        data-testid="caches"
        columns={[
          { key: 'name', title: t('Cache'), render: (_v, c) => <Typography.Text code>{c.name}</Typography.Text> },
          { key: 'description', title: t('What it holds'), dataIndex: 'description' },
          { key: 'size', title: t('Cached entries'), align: 'right', render: (_v, c) => count(c.size) },
          { key: 'hits', title: t('Hits'), align: 'right', render: (_v, c) => count(c.hits) },
          { key: 'misses', title: t('Misses'), align: 'right', render: (_v, c) => count(c.misses) },
          {
            key: 'rate',
            title: t('Hit rate'),
            align: 'right',
            render: (_v, c) => (c.hitRate === null ? '—' : formatPercentage(c.hitRate, i18n.language)),
          },
          {
            key: 'clear',
            title: '',
            render: (_v, c) => (
              <Popconfirm
                title={t('Empty this cache? It fills again from the database.')}
                okText={t('Empty it')}
                cancelText={t('Keep it')}
                onConfirm={() => clear.mutate(c.name)}
              >
                <Button size="small">{t('Empty it')}</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}
