import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { formatDateTime } from '../../i18n/formats.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { useStatusHistory, type HistoryRow, type Tone } from './workflow-api.ts';

interface Props {
  entity: Entity;
  registration: string;
  /** The record's version: a new one reloads the history. */
  version: unknown;
  tones?: Record<string, Tone>;
}

/** The record's status history: each transition run, oldest first, with its statuses, user and date. */
export function StatusHistory({ entity, registration, version, tones }: Props) {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useStatusHistory(entity, registration, version);
  const badge = (status?: string) => (
    <StatusBadge status={status} list={entity.status} tone={status ? tones?.[status] : undefined} />
  );
  const columns: TableColumnsType<HistoryRow> = [
    { key: 'date', title: t('Date'), render: (_, row) => formatDateTime(row.date, i18n.language) },
    { key: 'transition', title: t('Transition'), render: (_, row) => t(row.transitionLabel || row.transition || '') },
    {
      key: 'statuses',
      title: t('Status'),
      render: (_, row) => (
        <span>
          {badge(row.fromStatus)} → {badge(row.toStatus)}
        </span>
      ),
    },
    { key: 'user', title: t('User'), dataIndex: 'user' },
  ];
  return (
    <Table<HistoryRow>
      data-testid="status-history"
      size="small"
      rowKey={(row, i) => String(row._id ?? `${String(row.date)}-${i}`)}
      columns={columns}
      dataSource={data ?? []}
      loading={isLoading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('No status change yet') }}
    />
  );
}
