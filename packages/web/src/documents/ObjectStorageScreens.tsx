import { Alert, Button, Space, Table, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import {
  objectStorageContainer,
  objectStorageContainers,
  sweepOrphanObjects,
  type StorageContainer,
  type StoredObjectItem,
} from './object-storage-api.ts';
import { notify } from '../app/notify.tsx';
import { formatBytes, formatDateTime, formatNumber } from '../i18n/formats.ts';

const ORPHANS = 'orphans';
const containersKey = ['object-storage-containers'] as const;

/** The words of a container's name (`user-photos` → `User photos`), translated. */
function useContainerTitle() {
  const { t } = useTranslation();
  return (name: string) => {
    const words = name.replace(/-/g, ' ');
    return t(words.charAt(0).toUpperCase() + words.slice(1));
  };
}

/** The screen of the record that names an object: its detail route, a user's by username. */
function recordPath(object: StoredObjectItem): string | undefined {
  if (!object.entityName || !object.registration) return undefined;
  const kind = entityByName(object.entityName);
  return kind ? `/${kind.clientRoute}/${encodeURIComponent(object.registration)}` : undefined;
}

/**
 * `/object-storage-containers` (spec 000 §2.2): the tenant's object storage by container — what
 * names the objects (documents, thumbnails, user photos, exports) and the orphans no record
 * names — with their count and size; orphans past their grace period are swept from here.
 */
export function ObjectStorageContainersScreen() {
  const { t, i18n } = useTranslation();
  const title = useContainerTitle();
  const queryClient = useQueryClient();
  const containers = useQuery({
    queryKey: containersKey,
    queryFn: ({ signal }) => objectStorageContainers(signal),
  });
  const sweep = useMutation({
    mutationFn: () => sweepOrphanObjects(),
    onSuccess: ({ removed }) => {
      notify({ level: 'success', message: t('{count} orphan object(s) removed', { count: removed }) });
      void queryClient.invalidateQueries({ queryKey: containersKey });
    },
  });
  const rows = containers.data ?? [];
  return (
    <div data-testid="object-storage-containers" data-list-state={containers.isFetching ? 'loading' : 'ready'}>
      <Typography.Title level={3}>{t('Object storage')}</Typography.Title>
      {containers.error ? <Alert type="error" title={t('The object storage could not be read')} /> : null}
      <Table<StorageContainer>
        rowKey="name"
        size="small"
        pagination={false}
        loading={containers.isLoading}
        dataSource={rows}
        columns={[
          {
            key: 'name',
            title: t('Container'),
            render: (_, row) => <Link to={`/object-storage-container/${row.name}`}>{title(row.name)}</Link>,
          },
          {
            key: 'objects',
            title: t('Objects'),
            align: 'right',
            render: (_, row) => formatNumber(row.objects, i18n.language),
          },
          { key: 'size', title: t('Size'), align: 'right', render: (_, row) => formatBytes(row.size, i18n.language) },
          {
            key: 'actions',
            title: '',
            render: (_, row) =>
              row.name === ORPHANS ? (
                <Button size="small" icon={<DeleteOutlined />} loading={sweep.isPending} onClick={() => sweep.mutate()}>
                  {t('Sweep orphans')}
                </Button>
              ) : null,
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t(
          'Orphans are objects no record names, left by an interrupted upload or a failed removal; those older than an hour are swept every hour.',
        )}
      </Typography.Paragraph>
    </div>
  );
}

/** `/object-storage-container/{containerName}`: a container's objects, newest first, each with the record that names it. */
export function ObjectStorageContainerScreen() {
  const { t, i18n } = useTranslation();
  const title = useContainerTitle();
  const { containerName = '' } = useParams();
  const container = useQuery({
    queryKey: [...containersKey, containerName],
    queryFn: ({ signal }) => objectStorageContainer(containerName, signal),
  });
  return (
    <div data-testid="object-storage-container" data-list-state={container.isFetching ? 'loading' : 'ready'}>
      <Space align="baseline">
        <Link to="/object-storage-containers">{t('Object storage')}</Link>
        <Typography.Title level={3}>{title(containerName)}</Typography.Title>
      </Space>
      {container.data?.truncated ? (
        <Alert
          type="info"
          title={t('The newest {shown} of {total} objects', {
            shown: container.data.objects.length,
            total: container.data.total,
          })}
        />
      ) : null}
      <Table<StoredObjectItem>
        rowKey="key"
        size="small"
        loading={container.isLoading}
        dataSource={container.data?.objects ?? []}
        pagination={{ pageSize: 50 }}
        columns={[
          { key: 'key', title: t('Key'), render: (_, row) => <Typography.Text code>{row.key}</Typography.Text> },
          {
            key: 'record',
            title: t('Record'),
            render: (_, row) => {
              const path = recordPath(row);
              return path ? <Link to={path}>{row.registration}</Link> : '—';
            },
          },
          { key: 'name', title: t('Name'), render: (_, row) => row.name ?? '' },
          { key: 'size', title: t('Size'), align: 'right', render: (_, row) => formatBytes(row.size, i18n.language) },
          {
            key: 'lastModified',
            title: t('Written'),
            render: (_, row) => formatDateTime(row.lastModified, i18n.language),
          },
        ]}
      />
    </div>
  );
}
