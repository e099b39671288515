import { useState } from 'react';
import { Alert, Button, Empty, InputNumber, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toMinorUnits } from '@lbo/model/finance/contract-schedule';
import { currencyDecimals } from '@lbo/model/values/currencies';
import type { ScreenProps } from '../app/web-module.ts';
import { kindChanged } from '../app/api/data-hooks.ts';
import { notify } from '../app/notify.tsx';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FastLink, FastLinkScope } from '../entities/FastLink.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { formatCurrency } from '../i18n/formats.ts';
import { candidatesOf, invoiceKind, matchByHand, type Candidate } from './statements-api.ts';

/**
 * A bank transaction and its reconciliation: the invoices proposed for it, best first, with the
 * amount to put on each (the whole transaction on the best one to start with); Match settles it.
 * Leaving it is its Ignore transition, in the workflow card above.
 */
export default function BankTransactionScreen({ entity, canCreate }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { id, data } = useDetailRecord(entity);
  const [amounts, setAmounts] = useState<Record<string, number | null>>({});
  const [busy, setBusy] = useState(false);
  const { options: methods } = useListOptions('bankMatchMethod');
  const { options: statuses } = useListOptions('bankTransactionStatus');
  const method = (code: unknown) => (code === 'AMOUNT' ? t('AMOUNT') : optionLabel(methods, String(code ?? '')));
  const waiting = data?.status === 'NEW' && data.type !== 'DIRECT_DEBIT_RETURN';
  const { data: proposal } = useQuery({
    queryKey: ['bank-transaction-candidates', id, data?._version],
    queryFn: ({ signal }) => candidatesOf(String(id), signal),
    enabled: !!id && waiting,
  });
  if (!id || !data) return <DetailScreen entity={entity} canCreate={canCreate} />;
  const currency = String(data.currency ?? 'EUR');
  const money = (v: unknown) => formatCurrency(v, currency, i18n.language);
  const candidates = proposal?.candidates ?? [];
  const chosen = Object.entries(amounts).filter(([, v]) => typeof v === 'number' && v > 0) as [string, number][];
  const decimals = currencyDecimals(currency);
  const total = chosen.reduce((s, [, v]) => s + toMinorUnits(v, decimals), 0);
  const left = toMinorUnits(Number(data.amount ?? 0), decimals) - total;

  async function match() {
    setBusy(true);
    try {
      await matchByHand(
        String(data!.registration),
        chosen.map(([invoiceRegistration, amount]) => ({
          invoiceRegistration,
          amount: toMinorUnits(amount, decimals) / 10 ** decimals,
        })),
      );
      notify({ level: 'success', message: t('Transaction matched') });
      setAmounts({});
      await Promise.all([kindChanged(queryClient, entity), kindChanged(queryClient, invoiceKind)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      <FastLinkScope>
        <FormCard title={t('Reconciliation')}>
          {!waiting ? (
            <Alert
              type={data.status === 'MATCHED' ? 'success' : 'info'}
              showIcon
              data-testid="reconciliation-state"
              title={
                data.status === 'MATCHED'
                  ? t('Matched ({method})', { method: method(data.matchMethod ?? 'MANUAL') })
                  : optionLabel(statuses, String(data.status))
              }
            />
          ) : candidates.length === 0 ? (
            <Empty description={t('No candidate invoice')} />
          ) : (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Table<Candidate>
                data-testid="candidates"
                size="small"
                rowKey="invoiceRegistration"
                pagination={false}
                dataSource={candidates}
                columns={[
                  {
                    key: 'invoice',
                    title: t('Invoice'),
                    render: (_v, c) => (
                      <FastLink to={detailPath(invoiceKind, c.invoiceRegistration)}>{c.invoiceRegistration}</FastLink>
                    ),
                  },
                  { key: 'reason', title: t('Reason'), render: (_v, c) => method(c.reason) },
                  {
                    key: 'score',
                    title: t('Score'),
                    align: 'right',
                    render: (_v, c) => (
                      <Tag color={c.score >= 90 ? 'success' : c.score >= 60 ? 'processing' : 'default'}>{c.score}</Tag>
                    ),
                  },
                  { key: 'balance', title: t('Invoice balance'), align: 'right', render: (_v, c) => money(c.balance) },
                  {
                    key: 'amount',
                    title: t('Amount to allocate'),
                    render: (_v, c) => (
                      <InputNumber
                        min={0}
                        max={c.balance}
                        precision={decimals}
                        value={amounts[c.invoiceRegistration] ?? null}
                        onChange={(v) => setAmounts((a) => ({ ...a, [c.invoiceRegistration]: v }))}
                        data-testid={`match-amount-${c.invoiceRegistration}`}
                      />
                    ),
                  },
                ]}
              />
              <Space>
                <span data-testid="left-to-match">
                  {t('Left to allocate: {amount}', { amount: money(left / 10 ** decimals) })}
                </span>
                <Button
                  type="primary"
                  loading={busy}
                  disabled={!chosen.length || left < 0}
                  onClick={match}
                  data-testid="match-transaction"
                >
                  {t('Match')}
                </Button>
              </Space>
            </Space>
          )}
        </FormCard>
      </FastLinkScope>
    </>
  );
}
