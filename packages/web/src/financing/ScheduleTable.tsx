import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScheduleLine } from '@lbo/model/finance/contract-schedule';
import { formatDate, formatNumber } from '../i18n/formats.ts';

const tones: Record<string, string> = {
  PLANNED: 'default',
  INVOICED: 'processing',
  PAID: 'success',
  CANCELLED: 'error',
};

/** Stored schedule lines as a table: what billing reads, line by line. */
export function ScheduleTable({
  lines,
  testId = 'schedule-lines',
  pageSize = 12,
}: {
  lines: ScheduleLine[];
  testId?: string;
  pageSize?: number;
}) {
  const { t, i18n } = useTranslation();
  const money = (value: unknown) =>
    value === undefined || value === null
      ? ''
      : formatNumber(Number(value), i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const columns = [
    { title: t('Number'), dataIndex: 'number', key: 'number', width: 64 },
    { title: t('Due date'), dataIndex: 'dueDate', key: 'dueDate', render: (v: string) => formatDate(v, i18n.language) },
    {
      title: t('Amount excl tax'),
      dataIndex: 'amountExclTax',
      key: 'amountExclTax',
      align: 'right' as const,
      render: money,
    },
    { title: t('Tax'), dataIndex: 'tax', key: 'tax', align: 'right' as const, render: money },
    {
      title: t('Amount incl tax'),
      dataIndex: 'amountInclTax',
      key: 'amountInclTax',
      align: 'right' as const,
      render: money,
    },
    { title: t('Interest'), dataIndex: 'interest', key: 'interest', align: 'right' as const, render: money },
    { title: t('Principal'), dataIndex: 'principal', key: 'principal', align: 'right' as const, render: money },
    { title: t('Tax code'), dataIndex: 'taxCode', key: 'taxCode' },
    {
      title: t('Status'),
      dataIndex: 'status',
      key: 'status',
      render: (v: string) => (
        <Tag color={tones[v]} data-line-status={v}>
          {t(v === 'PLANNED' ? 'Planned' : v === 'INVOICED' ? 'Invoiced' : v === 'PAID' ? 'Paid' : 'Cancelled')}
        </Tag>
      ),
    },
  ];
  return (
    <Table
      data-testid={testId}
      size="small"
      rowKey="number"
      columns={columns}
      dataSource={lines}
      pagination={lines.length > pageSize ? { pageSize, showSizeChanger: false } : false}
    />
  );
}
