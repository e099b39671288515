import { Descriptions, Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FastLink } from '../entities/FastLink.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { formatCurrency, formatDate } from '../i18n/formats.ts';

const invoiceKind = entityByName('Invoice')!;
const communicationKind = entityByName('Communication')!;

type Row = Record<string, unknown>;
type Action = {
  date?: string;
  action?: string;
  level?: string;
  reasonCode?: string;
  invoiceRegistration?: string;
  amount?: number;
  communicationRegistration?: string;
  feeInvoiceRegistration?: string;
  interest?: number;
  indemnity?: number;
};

const actionLabels: Record<string, string> = { DUNNING: 'Dunning', DEBIT_RETURNED: 'Direct debit returned' };

/** A case's collection history (returned debits and dunning levels), newest first, with what is owed besides the invoices. */
export function CollectionHistoryCard({ record }: { record: Row }) {
  const { t, i18n } = useTranslation();
  const currency = String(record.currency ?? 'EUR');
  const money = (v: unknown) => (typeof v === 'number' ? formatCurrency(v, currency, i18n.language) : '');
  const link = (entity: typeof invoiceKind, registration?: string) =>
    registration ? <FastLink to={detailPath(entity, registration)}>{registration}</FastLink> : null;
  const actions = ((record.actions as Action[] | undefined) ?? []).map((a, i) => ({ ...a, key: i })).reverse();
  return (
    <FormCard title={t('Collection history')}>
      <Descriptions
        size="small"
        column={3}
        items={[
          {
            key: 'level',
            label: t('Dunning level'),
            children: record.dunningLevel ? <Tag color="orange">{String(record.dunningLevel)}</Tag> : '—',
          },
          { key: 'interest', label: t('Interest amount'), children: money(record.interestAmount ?? 0) },
          { key: 'indemnity', label: t('Indemnity amount'), children: money(record.indemnityAmount ?? 0) },
        ]}
      />
      {actions.length === 0 ? (
        <Empty description={t('Nothing done yet')} />
      ) : (
        <Table<Action & { key: number }>
          data-testid="collection-history"
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={actions}
          columns={[
            { key: 'date', title: t('Date'), render: (_v, a) => formatDate(a.date, i18n.language) },
            { key: 'action', title: t('Action'), render: (_v, a) => t(actionLabels[a.action ?? ''] ?? 'Action') },
            { key: 'level', title: t('Level'), render: (_v, a) => a.level ?? a.reasonCode ?? '' },
            { key: 'invoice', title: t('Invoice'), render: (_v, a) => link(invoiceKind, a.invoiceRegistration) },
            { key: 'amount', title: t('Amount'), align: 'right', render: (_v, a) => money(a.amount) },
            { key: 'interest', title: t('Interest'), align: 'right', render: (_v, a) => money(a.interest) },
            {
              key: 'communication',
              title: t('Letter or e-mail'),
              render: (_v, a) => link(communicationKind, a.communicationRegistration),
            },
            { key: 'fee', title: t('Fee invoice'), render: (_v, a) => link(invoiceKind, a.feeInvoiceRegistration) },
          ]}
        />
      )}
    </FormCard>
  );
}

/** A case: the generic form and workflow, and its collection history. */
export default function CollectionCaseScreen({ entity, canCreate }: ScreenProps) {
  const { id, data } = useDetailRecord(entity);
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && <CollectionHistoryCard record={data} />}
    </>
  );
}
