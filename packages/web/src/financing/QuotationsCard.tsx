import { useState } from 'react';
import { Button, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { useUpdate } from '../app/api/data-hooks.ts';
import { notify } from '../app/notify.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import type { Values } from '../entities/form-values.ts';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { formatDate, formatNumber } from '../i18n/formats.ts';
import { ResidualValueDialog } from './ResidualValueDialog.tsx';

type Quotation = Record<string, unknown>;

/** The reference lists of the coded terms, read from the quotation's declaration. */
const listOf = (entity: Entity, key: string): string | undefined => entity.fields.quotations?.fields?.[key]?.list;

/** The terms and priced figures compared, one row each, the quotations side by side as columns. */
const rows: { key: string; label: string; kind: 'money' | 'percent' | 'date' | 'text' | 'list' }[] = [
  { key: 'financialProduct', label: 'Financial product', kind: 'list' },
  { key: 'financedAmountExclTax', label: 'Financed amount excl tax', kind: 'money' },
  { key: 'rate', label: 'Rate', kind: 'percent' },
  { key: 'duration', label: 'Duration', kind: 'text' },
  { key: 'frequency', label: 'Frequency', kind: 'list' },
  { key: 'timing', label: 'Payment timing', kind: 'list' },
  { key: 'residualValue', label: 'Residual value', kind: 'money' },
  { key: 'residualValueSource', label: 'Residual value source', kind: 'list' },
  { key: 'instalment', label: 'Instalment', kind: 'money' },
  { key: 'totalInterest', label: 'Total interest', kind: 'money' },
  { key: 'totalPayment', label: 'Total payment', kind: 'money' },
  { key: 'effectiveRate', label: 'Effective rate', kind: 'percent' },
  { key: 'apr', label: 'APR', kind: 'percent' },
  { key: 'endDate', label: 'End date', kind: 'date' },
];

/**
 * A deal's quotations compared side by side, each priced by the server's finance engine, and the
 * one to win chosen (a contract shows the one it was won with); a quotation's residual value may
 * be read from the vehicle catalogue's curve (ResidualValueDialog).
 */
export function QuotationsCard({ entity, record }: { entity: Entity; record: Values }) {
  const { t, i18n } = useTranslation();
  const update = useUpdate<Values>(entity, String(record.registration));
  const [curveOf, setCurveOf] = useState<string | undefined>();
  const quotations = (record.quotations as Quotation[] | undefined) ?? [];
  // Coded terms shown by their labels in the interface language, not as codes.
  const lists: Record<string, ReturnType<typeof useListOptions>> = {
    financialProduct: useListOptions(listOf(entity, 'financialProduct')),
    frequency: useListOptions(listOf(entity, 'frequency')),
    timing: useListOptions(listOf(entity, 'timing')),
    residualValueSource: useListOptions(listOf(entity, 'residualValueSource')),
  };
  const editable = entity.name === 'Deal' && ['DRAFT', 'SUBMITTED', 'APPROVED'].includes(String(record.status));
  const show = (value: unknown, kind: (typeof rows)[number]['kind'], key: string) => {
    if (value === undefined || value === null || value === '') return '';
    if (kind === 'list') {
      const list = lists[key];
      return list ? optionLabel(list.options, String(value), !list.loading) : String(value);
    }
    if (kind === 'money')
      return formatNumber(Number(value), i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    if (kind === 'percent')
      return `${formatNumber(Number(value) * 100, i18n.language, { maximumFractionDigits: 3 })} %`;
    if (kind === 'date') return formatDate(value, i18n.language);
    return String(value);
  };
  const choose = async (index: number) => {
    await update.mutateAsync({
      quotations: quotations.map((q, i) => ({ ...q, isChosen: i === index })),
      _version: record._version,
    });
    notify({ level: 'success', message: 'Saved' });
  };
  if (!quotations.length) return null;
  const columns = [
    {
      title: '',
      dataIndex: 'label',
      key: 'label',
      fixed: 'left' as const,
      render: (label: string) => <strong>{t(label)}</strong>,
    },
    ...quotations.map((q, i) => ({
      key: String(i),
      title: (
        <span data-testid={`quotation-${i}`}>
          {String(q.name ?? q.registration ?? i + 1)} {q.isChosen ? <Tag color="green">{t('Chosen')}</Tag> : null}
          {editable && !q.isChosen && (
            <Button
              size="small"
              style={{ marginInlineStart: 8 }}
              loading={update.isPending}
              onClick={() => void choose(i)}
              data-testid={`choose-quotation-${i}`}
            >
              {t('Choose')}
            </Button>
          )}
          {editable && q.registration ? (
            <Button
              size="small"
              style={{ marginInlineStart: 8 }}
              onClick={() => setCurveOf(String(q.registration))}
              data-testid={`residual-value-${i}`}
            >
              {t('Residual value from catalogue')}
            </Button>
          ) : null}
        </span>
      ),
      dataIndex: String(i),
      render: (value: unknown, row: { key: string; kind: (typeof rows)[number]['kind'] }) =>
        row.key === 'instalment' && q.pricingError ? (
          <Tooltip title={String(q.pricingError)}>
            <Tag color="orange">{t('Not priced')}</Tag>
          </Tooltip>
        ) : (
          show(value, row.kind, row.key)
        ),
    })),
  ];
  const data = rows.map((row) => ({
    ...row,
    ...Object.fromEntries(quotations.map((q, i) => [String(i), q[row.key]])),
  }));
  return (
    <FormCard title={t('Quotations')}>
      <Table
        data-testid="quotations"
        size="small"
        pagination={false}
        rowKey="key"
        columns={columns}
        dataSource={data}
        scroll={{ x: true }}
      />
      {curveOf && (
        <ResidualValueDialog
          entity={entity}
          record={record}
          quotation={curveOf}
          onClose={() => setCurveOf(undefined)}
        />
      )}
    </FormCard>
  );
}
