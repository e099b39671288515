import { useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import { fileNameOf, request } from '../app/api/client.ts';
import { dataProvider, type Row } from '../app/api/data-provider.ts';
import { notify } from '../app/notify.tsx';
import { StatusBadge } from '../entities/StatusBadge.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { saveFile } from '../entities/list-export.ts';
import { formatNumber } from '../i18n/formats.ts';

export const exportKind = entityByName('Export')!;
const batchKind = entityByName('Batch')!;
/** How often an export under way is read again. */
export const EXPORT_POLL_MS = 1_500;
export const exportUnderWay = (row: Row | undefined) => row?.status === 'QUEUED' || row?.status === 'RUNNING';

/** The share written, 0 to 100 (full once done). */
export function exportPercent(row: Row | undefined): number {
  if (!row) return 0;
  if (row.status === 'DONE') return 100;
  const progress = Number(row.progress ?? 0);
  return Number.isFinite(progress) ? Math.min(99, Math.floor(progress * 100)) : 0;
}

/** The file of a finished background export, and its name. */
export async function exportContent(id: string): Promise<{ file: Blob; fileName: string | undefined }> {
  const answer = await request<Blob>('GET', `/api/report/exports/${encodeURIComponent(id)}/content`, { blob: true });
  return { file: answer.data, fileName: fileNameOf(answer.headers) };
}

/** Downloads a finished export's file; answers when it is saved (or refused, which the client has shown). */
export function useExportDownload() {
  const [downloading, setDownloading] = useState<string>();
  const download = async (row: Row) => {
    const id = String(row.registration);
    setDownloading(id);
    try {
      const { file, fileName } = await exportContent(id);
      saveFile(file, fileName ?? String(row.fileName));
      notify({ level: 'success', message: 'File downloaded' });
    } catch {
      // The client has shown the error.
    } finally {
      setDownloading(undefined);
    }
  };
  return { downloading, download };
}

/** A background export read again every 1.5 s while it is queued or running (its batch on the job queue). */
export function useExportProgress(registration: string | undefined, initial?: Row) {
  return useQuery({
    queryKey: ['kind', exportKind.route, 'progress', registration],
    queryFn: ({ signal }) => dataProvider.get<Row>(exportKind, registration!, { signal, silent: true }),
    enabled: Boolean(registration),
    initialData: initial,
    refetchInterval: (query) => (!query.state.data || exportUnderWay(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

/** An export followed live: rows written of the total, its status, then its file or why it failed. */
export function ExportProgress({ registration, initial }: { registration: string; initial?: Row }) {
  const { t, i18n } = useTranslation();
  const { data } = useExportProgress(registration, initial);
  const { downloading, download } = useExportDownload();
  const count = (value: unknown) => formatNumber(typeof value === 'number' ? value : 0, i18n.language);
  return (
    <div
      data-testid="export-progress"
      data-status={String(data?.status ?? '')}
      data-written={Number(data?.rowsWritten ?? 0)}
      data-total={Number(data?.total ?? 0)}
    >
      <Progress
        percent={exportPercent(data)}
        status={data?.status === 'FAILED' ? 'exception' : data?.status === 'DONE' ? 'success' : 'active'}
      />
      <Flex gap={8} align="center" wrap>
        <StatusBadge status={data?.status} list={exportKind.status} />
        <Typography.Text type="secondary">
          {t('{written} of {total} rows', { written: count(data?.rowsWritten), total: count(data?.total) })}
        </Typography.Text>
        {typeof data?.batchRegistration === 'string' && (
          <Link to={detailPath(batchKind, data.batchRegistration)}>
            {t('Open batch {registration}', { registration: data.batchRegistration })}
          </Link>
        )}
      </Flex>
      {data?.status === 'DONE' && (
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          style={{ marginTop: 12 }}
          loading={downloading === data.registration}
          onClick={() => void download(data)}
        >
          {String(data.fileName ?? t('Download'))}
        </Button>
      )}
      {data?.status === 'FAILED' && <Alert type="error" style={{ marginTop: 12 }} title={String(data.error ?? '')} />}
    </div>
  );
}

/** What the list's Export shows when the export went to the background: its live progress, then its file. */
export function BackgroundExportDialog({
  record,
  onClose,
  openExports,
}: {
  record: Row;
  onClose(): void;
  openExports(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('Export in the background')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button
          key="exports"
          onClick={() => {
            onClose();
            openExports();
          }}
        >
          {t('Open exports')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('Close')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        {t('The export continues in the background: its file will be on the Exports screen')}
      </Typography.Paragraph>
      <ExportProgress registration={String(record.registration)} initial={record} />
    </Modal>
  );
}
