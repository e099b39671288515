import type { ReactNode } from 'react';
import { Col, Descriptions, Empty, Row as GridRow, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import type { ScreenProps } from '../app/web-module.ts';
import type { Row } from '../app/api/data-provider.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { StatusBadge } from '../entities/StatusBadge.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { formatCurrency, formatDate, formatPercentage } from '../i18n/formats.ts';
import { allocationKind, invoiceKind, invoiceLineKind, useInvoiceRecords } from './billing-api.ts';
import { InvoicePdfPreview } from './InvoicePdfPreview.tsx';

/** Fields the screen shows in its own cards rather than in the generic form. */
const ownCards = ['taxes', 'creditNoteRegistrations'] as const;

const linkTo = (kind: Pick<Entity, 'clientRoute' | 'name'>, registration: unknown): ReactNode =>
  typeof registration === 'string' && registration ? (
    <Link to={detailPath(kind, registration)}>{registration}</Link>
  ) : null;
const elementKind = entityByName('ContractElement')!;
const cashflowKind = entityByName('Cashflow')!;

/** The invoice's lines: each a schedule line of a contract element, with its amounts. */
function LinesCard({ invoice }: { invoice: Row }) {
  const { t, i18n } = useTranslation();
  const registration = String(invoice.registration);
  const { data, isLoading } = useInvoiceRecords(invoiceLineKind, registration, invoice._version, 'dueDate');
  const money = (value: unknown, row: Row) =>
    formatCurrency(value, String(row.currency ?? invoice.currency ?? 'EUR'), i18n.language);
  return (
    <FormCard title={t('Invoice lines')}>
      <Table<Row>
        size="small"
        rowKey={(row) => String(row.registration)}
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        data-testid="invoice-lines"
        locale={{ emptyText: t('No data') }}
        scroll={{ x: true }}
        columns={[
          { key: 'label', title: t('Label'), render: (_, row) => String(row.label ?? row.name ?? '') },
          {
            key: 'element',
            title: t('Element registration'),
            render: (_, row) => linkTo(elementKind, row.elementRegistration),
          },
          { key: 'lineNumber', title: t('Line number'), dataIndex: 'lineNumber', align: 'right' },
          { key: 'dueDate', title: t('Due date'), render: (_, row) => formatDate(row.dueDate, i18n.language) },
          {
            key: 'excl',
            title: t('Amount excl tax'),
            align: 'right',
            render: (_, row) => money(row.amountExclTax, row),
          },
          {
            key: 'rate',
            title: t('Tax rate'),
            align: 'right',
            render: (_, row) => formatPercentage(row.taxRate, i18n.language),
          },
          { key: 'tax', title: t('Tax'), align: 'right', render: (_, row) => money(row.tax, row) },
          {
            key: 'incl',
            title: t('Amount incl tax'),
            align: 'right',
            render: (_, row) => money(row.amountInclTax, row),
          },
        ]}
      />
    </FormCard>
  );
}

/** The tax breakdown per tax code, and the invoice's totals as the server computed them. */
function TaxesCard({ invoice }: { invoice: Row }) {
  const { t, i18n } = useTranslation();
  const codes = useListOptions('taxCode');
  const taxes = Array.isArray(invoice.taxes) ? (invoice.taxes as Row[]) : [];
  const money = (value: unknown) => formatCurrency(value, String(invoice.currency ?? 'EUR'), i18n.language);
  return (
    <FormCard title={t('Taxes')}>
      <Table<Row>
        size="small"
        rowKey={(row) => `${String(row.taxCode)}:${String(row.rate)}`}
        dataSource={taxes}
        pagination={false}
        data-testid="invoice-taxes"
        locale={{ emptyText: t('No data') }}
        columns={[
          {
            key: 'code',
            title: t('Tax code'),
            render: (_, row) => (row.taxCode ? optionLabel(codes.options, String(row.taxCode), !codes.loading) : ''),
          },
          {
            key: 'rate',
            title: t('Rate'),
            align: 'right',
            render: (_, row) => formatPercentage(row.rate, i18n.language),
          },
          { key: 'base', title: t('Base'), align: 'right', render: (_, row) => money(row.base) },
          { key: 'tax', title: t('Tax'), align: 'right', render: (_, row) => money(row.tax) },
        ]}
      />
      <Descriptions
        size="small"
        column={1}
        style={{ marginTop: 12 }}
        items={[
          { key: 'excl', label: t('Amount excl tax'), children: money(invoice.amountExclTax) },
          {
            key: 'incl',
            label: t('Amount incl tax'),
            children: <Typography.Text strong>{money(invoice.amountInclTax)}</Typography.Text>,
          },
          { key: 'balance', label: t('Total balance'), children: money(invoice.totalBalance ?? invoice.amountInclTax) },
        ]}
      />
    </FormCard>
  );
}

/** The payments allocated to the invoice, each from its cashflow. */
function AllocationsCard({ invoice }: { invoice: Row }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useInvoiceRecords(allocationKind, String(invoice.registration), invoice._version);
  return (
    <FormCard title={t('Allocations')}>
      <Table<Row>
        size="small"
        rowKey={(row) => String(row.registration)}
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        data-testid="invoice-allocations"
        locale={{ emptyText: t('No allocation') }}
        columns={[
          {
            key: 'registration',
            title: t('Registration'),
            render: (_, row) => linkTo(allocationKind, row.registration),
          },
          {
            key: 'cashflow',
            title: t('Cashflow registration'),
            render: (_, row) => linkTo(cashflowKind, row.cashflowRegistration),
          },
          { key: 'date', title: t('Date'), render: (_, row) => formatDate(row.date, i18n.language) },
          {
            key: 'amount',
            title: t('Amount'),
            align: 'right',
            render: (_, row) =>
              formatCurrency(row.amount, String(row.currency ?? invoice.currency ?? 'EUR'), i18n.language),
          },
          {
            key: 'status',
            title: t('Status'),
            render: (_, row) => <StatusBadge status={row.status} list={allocationKind.status} />,
          },
        ]}
      />
    </FormCard>
  );
}

/** The credit notes that cancel the invoice, or the invoice a credit note cancels. */
function CreditNotesCard({ invoice }: { invoice: Row }) {
  const { t } = useTranslation();
  const notes = (Array.isArray(invoice.creditNoteRegistrations) ? (invoice.creditNoteRegistrations as Row[]) : [])
    .map((item) => item.registration)
    .filter((r): r is string => typeof r === 'string' && Boolean(r));
  const credited = invoice.creditedInvoiceRegistration;
  return (
    <FormCard title={t('Credit notes')}>
      <div data-testid="invoice-credit-notes">
        {typeof credited === 'string' && credited && (
          <Typography.Paragraph>
            {t('Credit note of invoice')} {linkTo(invoiceKind, credited)}
          </Typography.Paragraph>
        )}
        {notes.length
          ? notes.map((r) => <div key={r}>{linkTo(invoiceKind, r)}</div>)
          : !credited && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No credit note')} />}
      </div>
    </FormCard>
  );
}

/**
 * An invoice (spec issue 16 §6): the generic form and workflow card, then its lines, its tax
 * breakdown and totals, its allocations, its credit notes and its PDF (the stored one once
 * issued, the server's preview while a draft).
 */
export default function InvoiceScreen({ entity, canCreate }: ScreenProps) {
  const { id, data } = useDetailRecord(entity);
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} omit={ownCards} />
      {id && data && (
        <GridRow gutter={16} data-testid="invoice-cards">
          <Col xs={24} xl={14}>
            <LinesCard invoice={data} />
            <TaxesCard invoice={data} />
            <AllocationsCard invoice={data} />
            <CreditNotesCard invoice={data} />
          </Col>
          <Col xs={24} xl={10}>
            <InvoicePdfPreview registration={id} status={data.status} version={data._version} />
          </Col>
        </GridRow>
      )}
    </>
  );
}
