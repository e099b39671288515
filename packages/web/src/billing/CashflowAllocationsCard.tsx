import { useState } from 'react';
import { Alert, Button, Empty, InputNumber, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { toMinorUnits } from '@lbo/model/finance/contract-schedule';
import { currencyDecimals } from '@lbo/model/values/currencies';
import { api } from '../app/api/client.ts';
import { dataProvider, queryKeys } from '../app/api/data-provider.ts';
import { kindChanged } from '../app/api/data-hooks.ts';
import { notify } from '../app/notify.tsx';
import { FastLink } from '../entities/FastLink.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { formatCurrency, formatDate } from '../i18n/formats.ts';

const allocationKind = entityByName('CashflowAllocation')!;
const invoiceKind = entityByName('Invoice')!;

type Row = Record<string, unknown>;
type Allocation = {
  registration: string;
  status: string;
  invoiceRegistration: string;
  amount: number;
  currency: string;
  date?: string;
};
type Invoice = {
  registration: string;
  invoiceNumber?: string;
  dueDate?: string;
  totalBalance?: number;
  amountInclTax?: number;
  currency?: string;
  status: string;
};

const balanceOf = (i: Invoice) => Number(i.totalBalance ?? i.amountInclTax ?? 0);
const canReverse = (a: Allocation) => a.status === 'VALIDATED' || a.status === 'EXPORTED';

/**
 * The Allocations card of a cashflow: its allocations (invoice, amount, status, reversal) and
 * the Allocate action, oldest-first in one click or by hand over the payer's open invoices.
 */
export function CashflowAllocationsCard({ entity, cashflow }: { entity: Entity; cashflow: Row }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const registration = String(cashflow.registration);
  const currency = String(cashflow.currency ?? 'EUR');
  const money = (v: unknown) => formatCurrency(v, currency, i18n.language);
  const [mode, setMode] = useState<'oldest' | 'hand'>('oldest');
  const [amounts, setAmounts] = useState<Record<string, number | null>>({});
  const [busy, setBusy] = useState(false);
  const allocatable = cashflow.status === 'PENDING' || cashflow.status === 'PARTIALLY_ALLOCATED';
  const unallocated = Number(cashflow.unallocatedAmount ?? cashflow.amount ?? 0);

  const allocationQuery = { cashflowRegistration: registration, sort: 'registration', range: '[0-199]' };
  const { data: allocations } = useQuery({
    queryKey: [...queryKeys.list(allocationKind, allocationQuery), cashflow._version],
    queryFn: ({ signal }) => dataProvider.list(allocationKind, allocationQuery, { signal }),
  });
  const role = cashflow.pr === 'P' ? 'PAYEE' : 'PAYER';
  const person = ((cashflow.persons as { role?: string; personRegistration?: string }[] | undefined) ?? []).find(
    (p) => p.role === role,
  )?.personRegistration;
  const invoiceQuery = {
    status: 'ISSUED,PARTIALLY_PAID',
    pr: String(cashflow.pr ?? 'R'),
    currency,
    sort: 'dueDate',
    range: '[0-199]',
    ...(person ? { [role === 'PAYER' ? 'payer' : 'payee']: person } : {}),
    ...(cashflow.contractRegistration ? { contract: String(cashflow.contractRegistration) } : {}),
  };
  const { data: invoices } = useQuery({
    queryKey: [...queryKeys.list(invoiceKind, invoiceQuery), cashflow._version],
    queryFn: ({ signal }) => dataProvider.list(invoiceKind, invoiceQuery, { signal }),
    enabled: allocatable && mode === 'hand' && Boolean(person || cashflow.contractRegistration),
  });

  /** Everything the allocation moved is read again: the cashflow, its allocations, the invoices. */
  const refresh = () =>
    Promise.all([
      kindChanged(queryClient, entity),
      kindChanged(queryClient, allocationKind),
      kindChanged(queryClient, invoiceKind),
    ]);

  async function allocate(byHand: boolean) {
    const decimals = currencyDecimals(currency);
    const chosen = Object.entries(amounts)
      .filter(([, v]) => typeof v === 'number' && v > 0)
      .map(([invoiceRegistration, amount]) => ({
        invoiceRegistration,
        amount: toMinorUnits(amount, decimals) / 10 ** decimals,
      }));
    if (byHand && !chosen.length) return;
    setBusy(true);
    try {
      const answer = await api.post<{ allocations: unknown[] }>(
        `/api/${entity.route}/${encodeURIComponent(registration)}/allocate`,
        { allocations: byHand ? chosen : [] },
      );
      notify({ level: 'success', message: t('{n} allocation(s) made', { n: answer.allocations.length }) });
      setAmounts({});
      await refresh();
    } finally {
      setBusy(false);
    }
  }

  async function reverse(allocation: string) {
    setBusy(true);
    try {
      await api.post(`/api/${allocationKind.route}/${encodeURIComponent(allocation)}/reverse`);
      notify({ level: 'success', message: 'Allocation reversed' });
      await refresh();
    } finally {
      setBusy(false);
    }
  }

  const made = (allocations?.rows ?? []) as Allocation[];
  const open = (invoices?.rows ?? []) as Invoice[];
  return (
    <FormCard title={t('Allocations')}>
      {made.length === 0 ? (
        <Empty description={t('No allocation yet')} />
      ) : (
        <Table<Allocation>
          data-testid="cashflow-allocations"
          size="small"
          rowKey="registration"
          pagination={false}
          dataSource={made}
          columns={[
            {
              key: 'registration',
              title: t('Registration'),
              render: (_v, a) => <FastLink to={detailPath(allocationKind, a.registration)}>{a.registration}</FastLink>,
            },
            {
              key: 'invoice',
              title: t('Invoice'),
              render: (_v, a) => (
                <FastLink to={detailPath(invoiceKind, a.invoiceRegistration)}>{a.invoiceRegistration}</FastLink>
              ),
            },
            { key: 'amount', title: t('Amount'), align: 'right', render: (_v, a) => money(a.amount) },
            { key: 'date', title: t('Date'), render: (_v, a) => formatDate(a.date, i18n.language) },
            {
              key: 'status',
              title: t('Status'),
              render: (_v, a) => <Tag color={a.status === 'REVERSED' ? 'default' : 'success'}>{t(a.status)}</Tag>,
            },
            {
              key: 'actions',
              title: '',
              render: (_v, a) =>
                canReverse(a) && (
                  <Popconfirm title={t('Reverse this allocation?')} onConfirm={() => reverse(a.registration)}>
                    <Button size="small" danger disabled={busy} data-testid={`reverse-${a.registration}`}>
                      {t('Reverse')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      )}
      <div style={{ marginTop: 16 }}>
        {!allocatable ? (
          cashflow.status === 'DRAFT' ? (
            <Alert type="info" showIcon title={t('Validate the cashflow before allocating it')} />
          ) : null
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Segmented
                value={mode}
                onChange={(v) => setMode(v as 'oldest' | 'hand')}
                options={[
                  { value: 'oldest', label: t('Oldest first') },
                  { value: 'hand', label: t('By hand') },
                ]}
              />
              <span data-testid="left-to-allocate">
                {t('Left to allocate: {amount}', { amount: money(unallocated) })}
              </span>
              {mode === 'oldest' && (
                <Button type="primary" loading={busy} onClick={() => allocate(false)} data-testid="allocate-oldest">
                  {t('Allocate')}
                </Button>
              )}
            </Space>
            {mode === 'hand' &&
              (open.length === 0 ? (
                <Empty description={t('No open invoice')} />
              ) : (
                <>
                  <Table<Invoice>
                    data-testid="open-invoices"
                    size="small"
                    rowKey="registration"
                    pagination={false}
                    dataSource={open}
                    title={() => t('Open invoices of the payer')}
                    columns={[
                      {
                        key: 'registration',
                        title: t('Invoice'),
                        render: (_v, i) => (
                          <FastLink to={detailPath(invoiceKind, i.registration)}>
                            {i.invoiceNumber ?? i.registration}
                          </FastLink>
                        ),
                      },
                      { key: 'dueDate', title: t('Due date'), render: (_v, i) => formatDate(i.dueDate, i18n.language) },
                      {
                        key: 'balance',
                        title: t('Invoice balance'),
                        align: 'right',
                        render: (_v, i) => money(balanceOf(i)),
                      },
                      {
                        key: 'amount',
                        title: t('Amount to allocate'),
                        render: (_v, i) => (
                          <InputNumber
                            min={0}
                            max={balanceOf(i)}
                            precision={currencyDecimals(currency)}
                            value={amounts[i.registration] ?? null}
                            onChange={(v) => setAmounts((a) => ({ ...a, [i.registration]: v }))}
                            data-testid={`amount-${i.registration}`}
                          />
                        ),
                      },
                    ]}
                  />
                  <Button type="primary" loading={busy} onClick={() => allocate(true)} data-testid="allocate-by-hand">
                    {t('Allocate the selected amounts')}
                  </Button>
                </>
              ))}
          </Space>
        )}
      </div>
    </FormCard>
  );
}
