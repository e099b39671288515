import { Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { kindChanged } from '../app/api/data-hooks.ts';
import { BatchProgress } from '../entities/BatchProgress.tsx';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { dataProvider, queryKeys } from '../app/api/data-provider.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FastLink, FastLinkScope } from '../entities/FastLink.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { formatCurrency, formatDate } from '../i18n/formats.ts';
import { invoiceKind, statementKind, transactionKind, type Row } from './statements-api.ts';

export const statusColors: Record<string, string> = {
  MATCHED: 'success',
  PARTIALLY_MATCHED: 'processing',
  NEW: 'warning',
  IGNORED: 'default',
  CANCELLED: 'default',
};

/** An imported camt file: its record, its statements with their balances, its entries with how each was matched. */
export default function CamtScreen({ entity, canCreate }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const { id, data } = useDetailRecord(entity);
  const { options: methods } = useListOptions('bankMatchMethod');
  const { options: statuses } = useListOptions('bankTransactionStatus');
  const registration = data ? String(data.registration) : undefined;
  const statementQuery = { camtRegistration: registration ?? '', sort: 'registration', range: '[0-99]' };
  const transactionQuery = { camtRegistration: registration ?? '', sort: 'registration', range: '[0-249]' };
  const { data: statements } = useQuery({
    queryKey: [...queryKeys.list(statementKind, statementQuery), data?._version],
    queryFn: ({ signal }) => dataProvider.list(statementKind, statementQuery, { signal }),
    enabled: !!registration,
  });
  const { data: transactions } = useQuery({
    queryKey: [...queryKeys.list(transactionKind, transactionQuery), data?._version],
    queryFn: ({ signal }) => dataProvider.list(transactionKind, transactionQuery, { signal }),
    enabled: !!registration,
  });
  const queryClient = useQueryClient();
  // A large file imported, then matched, in the background: its batch followed until the camt is processed.
  const batch =
    data && (data.status === 'IMPORTING' || data.status === 'PROCESSING') && data.batchRegistration
      ? String(data.batchRegistration)
      : undefined;
  const batchEnded = () =>
    Promise.all([
      kindChanged(queryClient, entity),
      kindChanged(queryClient, statementKind),
      kindChanged(queryClient, transactionKind),
    ]);
  const money = (v: unknown, currency: unknown) => formatCurrency(v, String(currency ?? 'EUR'), i18n.language);
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && (
        <FastLinkScope>
          {batch && (
            <FormCard title={t('Import progress')}>
              <BatchProgress key={batch} registration={batch} onEnd={batchEnded} />
            </FormCard>
          )}
          <FormCard title={t('Statements')}>
            <Table<Row>
              data-testid="camt-statements"
              size="small"
              rowKey="registration"
              pagination={false}
              dataSource={(statements?.rows ?? []) as Row[]}
              columns={[
                {
                  key: 'registration',
                  title: t('Registration'),
                  render: (_v, s) => (
                    <FastLink to={detailPath(statementKind, s.registration)}>{s.registration}</FastLink>
                  ),
                },
                { key: 'account', title: t('Account IBAN'), render: (_v, s) => String(s.accountIban ?? '') },
                {
                  key: 'date',
                  title: t('Statement date'),
                  render: (_v, s) => formatDate(s.statementDate, i18n.language),
                },
                {
                  key: 'opening',
                  title: t('Opening balance'),
                  align: 'right',
                  render: (_v, s) => money(s.openingBalance, s.currency),
                },
                {
                  key: 'closing',
                  title: t('Closing balance'),
                  align: 'right',
                  render: (_v, s) => money(s.closingBalance, s.currency),
                },
                {
                  key: 'balanced',
                  title: t('Balanced'),
                  render: (_v, s) =>
                    s.balanced === undefined ? (
                      ''
                    ) : (
                      <Tag color={s.balanced ? 'success' : 'error'}>{s.balanced ? t('Yes') : t('No')}</Tag>
                    ),
                },
              ]}
            />
          </FormCard>
          <FormCard title={t('Entries')}>
            <Table<Row>
              data-testid="camt-transactions"
              size="small"
              rowKey="registration"
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
              dataSource={(transactions?.rows ?? []) as Row[]}
              columns={[
                {
                  key: 'registration',
                  title: t('Registration'),
                  render: (_v, x) => (
                    <FastLink to={detailPath(transactionKind, String(x._id))}>{x.registration}</FastLink>
                  ),
                },
                { key: 'date', title: t('Booking date'), render: (_v, x) => formatDate(x.bookingDate, i18n.language) },
                {
                  key: 'amount',
                  title: t('Amount'),
                  align: 'right',
                  render: (_v, x) => `${x.creditDebit === 'DBIT' ? '−' : ''}${money(x.amount, x.currency)}`,
                },
                { key: 'name', title: t('Counterparty name'), render: (_v, x) => String(x.counterpartyName ?? '') },
                {
                  key: 'remittance',
                  title: t('Remittance information'),
                  render: (_v, x) => String(x.remittanceInformation ?? x.endToEndId ?? ''),
                },
                {
                  key: 'status',
                  title: t('Status'),
                  render: (_v, x) => (
                    <Tag color={statusColors[String(x.status)] ?? 'default'} data-testid={`status-${x.registration}`}>
                      {optionLabel(statuses, String(x.status))}
                    </Tag>
                  ),
                },
                {
                  key: 'method',
                  title: t('Match method'),
                  render: (_v, x) => (x.matchMethod ? optionLabel(methods, String(x.matchMethod)) : ''),
                },
                {
                  key: 'invoices',
                  title: t('Invoices'),
                  render: (_v, x) =>
                    ((x.invoices as { invoiceRegistration: string }[] | undefined) ?? []).map((i) => (
                      <FastLink key={i.invoiceRegistration} to={detailPath(invoiceKind, i.invoiceRegistration)}>
                        {i.invoiceRegistration}{' '}
                      </FastLink>
                    )),
                },
              ]}
            />
          </FormCard>
        </FastLinkScope>
      )}
    </>
  );
}
