import { Alert, Button, Progress, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { entityByName } from '@lbo/model/entity-registry';
import { dataProvider, type Row } from '../app/api/data-provider.ts';
import { StatusBadge } from '../entities/StatusBadge.tsx';
import { formatBytes, formatDateTime, formatNumber } from '../i18n/formats.ts';
import { detailPath } from '../entities/entity-fields.ts';
import { useExportDownload } from './ExportProgress.tsx';

const batchKind = entityByName('Batch')!;
/** How often the screen asks again while an export is under way (each export a batch on the job queue). */
const REFRESH_MS = 2_000;
const underWay = (row: Row) => row.status === 'QUEUED' || row.status === 'RUNNING';

/**
 * `/exports` (spec 000 §2.2): the user's list exports (an admin's: the tenant's), newest first,
 * with their progress while they run and their file once done.
 */
export default function ExportsScreen({ entity }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { data, isFetching, error } = useQuery({
    queryKey: ['kind', entity.route, 'exports'],
    queryFn: () => dataProvider.list(entity, { range: '[0-99]', sort: '-_insertDate' }),
    refetchInterval: (query) => (query.state.data?.rows.some(underWay) ? REFRESH_MS : false),
  });
  const { downloading, download } = useExportDownload();
  const kindTitle = (name: unknown) => {
    const kind = entityByName(String(name));
    return kind ? t(kind.labels.en.plural) : String(name ?? '');
  };
  const count = (value: unknown) => (typeof value === 'number' ? formatNumber(value, locale) : '');

  return (
    <div data-testid="list-exports" data-list-state={isFetching ? 'loading' : 'ready'}>
      <Typography.Title level={3}>{t(entity.labels.en.plural)}</Typography.Title>
      {error ? <Alert type="error" title={t('Exports could not be loaded')} /> : null}
      <Table<Row>
        rowKey={(row) => String(row._id)}
        dataSource={data?.rows ?? []}
        loading={!data && isFetching}
        pagination={false}
        size="small"
        columns={[
          { key: 'registration', title: t('Registration'), dataIndex: 'registration' },
          { key: 'entityName', title: t('List'), render: (_, row) => kindTitle(row.entityName) },
          { key: 'format', title: t('Format'), render: (_, row) => String(row.format ?? '').toUpperCase() },
          {
            key: 'status',
            title: t('Status'),
            render: (_, row) => <StatusBadge status={row.status} list={entity.status} />,
          },
          {
            key: 'progress',
            title: t('Progress'),
            width: 220,
            render: (_, row) => (
              <>
                <Progress
                  percent={Math.round(Number(row.progress ?? 0) * 100)}
                  size="small"
                  status={row.status === 'FAILED' ? 'exception' : row.status === 'DONE' ? 'success' : 'active'}
                />
                <Typography.Text type="secondary">
                  {t('{written} of {total} rows', {
                    written: count(row.rowsWritten ?? 0),
                    total: count(row.total ?? 0),
                  })}
                </Typography.Text>
              </>
            ),
          },
          { key: 'size', title: t('File size'), render: (_, row) => formatBytes(row.size, locale) },
          { key: 'created', title: t('Created'), render: (_, row) => formatDateTime(row._insertDate, locale) },
          { key: 'owner', title: t('Owner'), dataIndex: 'ownerUser' },
          {
            key: 'batch',
            title: t('Batch'),
            render: (_, row) =>
              typeof row.batchRegistration === 'string' ? (
                <Link to={detailPath(batchKind, row.batchRegistration)}>{row.batchRegistration}</Link>
              ) : null,
          },
          {
            key: 'file',
            title: t('File'),
            render: (_, row) =>
              row.status === 'DONE' ? (
                <Button
                  icon={<DownloadOutlined />}
                  size="small"
                  loading={downloading === row.registration}
                  onClick={() => void download(row)}
                >
                  {String(row.fileName ?? t('Download'))}
                </Button>
              ) : row.status === 'FAILED' ? (
                <Typography.Text type="danger">{String(row.error ?? '')}</Typography.Text>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
