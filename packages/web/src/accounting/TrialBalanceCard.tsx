import { useState } from 'react';
import { Button, DatePicker, Input, Space, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { notify } from '../app/notify.tsx';
import { saveFile } from '../entities/list-export.ts';
import { FormCard } from '../entities/FormCard.tsx';
import { exportFile, exportState, startExport, trialBalanceOf, type TrialBalanceLine } from './accounting-api.ts';
import { ExcelButton, PersonPicker, queryOf, useMoney } from './report-controls.tsx';

const monthText = (d: Dayjs | null) => (d ? d.format('YYYY-MM') : undefined);

/**
 * The trial balance over a range of months, for one organization and currency or all, with its
 * totals per currency; its Excel workbook, and the FEC and CSV exports of the same months.
 */
export function TrialBalanceCard({ onAccount }: { onAccount(account: string, from?: string, to?: string): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  // Every month by default: a trial balance's accounts carry their balances from the first posting.
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(dayjs());
  const [organization, setOrganization] = useState<string>();
  const [currency, setCurrency] = useState<string>();
  const [exporting, setExporting] = useState<string>();
  const query = queryOf({ from: monthText(from), to: monthText(to), organization, currency: currency?.toUpperCase() });
  const { data, isFetching } = useQuery({
    queryKey: ['accounting', 'trial-balance', query],
    queryFn: ({ signal }) => trialBalanceOf(query, signal),
  });

  async function download(format: 'FEC' | 'CSV') {
    setExporting(format);
    try {
      const first = (from ?? dayjs('2000-01-01')).startOf('month').format('YYYY-MM-DD');
      const last = (to ?? dayjs()).endOf('month').format('YYYY-MM-DD');
      const { batchRegistration } = await startExport({ format, from: first, to: last });
      for (let i = 0; i < 600; i++) {
        const state = await exportState(batchRegistration);
        if (state.document) {
          saveFile(await exportFile(state.document.url), state.document.name);
          notify({ level: 'success', message: t('File downloaded') });
          return;
        }
        if (['ERROR', 'STOPPED'].includes(state.status)) throw new Error(state.message ?? state.status);
        await new Promise((r) => setTimeout(r, 1000));
      }
    } catch (e) {
      if (e instanceof Error && !('status' in e)) notify({ level: 'error', message: e.message });
    } finally {
      setExporting(undefined);
    }
  }

  const totals = Object.entries(data?.totals ?? {});
  return (
    <FormCard
      title={t('Trial balance')}
      extra={
        <Space wrap>
          <DatePicker
            picker="month"
            value={from}
            onChange={setFrom}
            placeholder={t('From')}
            data-testid="trial-balance-from"
          />
          <DatePicker picker="month" value={to} onChange={setTo} placeholder={t('To')} data-testid="trial-balance-to" />
          <PersonPicker
            value={organization}
            onChange={setOrganization}
            placeholder={t('Organization')}
            testId="trial-balance-organization"
          />
          <Input
            allowClear
            value={currency}
            onChange={(e) => setCurrency(e.target.value || undefined)}
            placeholder={t('Currency')}
            maxLength={3}
            style={{ width: 100 }}
            data-testid="trial-balance-currency"
          />
          <ExcelButton report="trial-balance" query={query} />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'FEC'}
            onClick={() => void download('FEC')}
            data-testid="export-fec"
          >
            {t('FEC export')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'CSV'}
            onClick={() => void download('CSV')}
            data-testid="export-csv"
          >
            {t('CSV export')}
          </Button>
        </Space>
      }
    >
      <Table<TrialBalanceLine>
        data-testid="trial-balance"
        size="small"
        loading={isFetching}
        rowKey={(r) => `${r.currency}-${r.account}`}
        pagination={false}
        dataSource={data?.accounts ?? []}
        summary={() =>
          totals.map(([currency, total]) => (
            <Table.Summary.Row key={currency}>
              <Table.Summary.Cell index={0} colSpan={3}>
                {t('Total {currency}', { currency })}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <span data-testid={`total-debit-${currency}`}>{money(total.debit, currency)}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <span data-testid={`total-credit-${currency}`}>{money(total.credit, currency)}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <span data-testid={`total-balance-${currency}`}>{money(total.balance, currency)}</span>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ))
        }
        columns={[
          // An account opens its general ledger over the same months.
          {
            key: 'account',
            title: t('Account'),
            render: (_v, r) => (
              <a
                onClick={() =>
                  onAccount(
                    r.account,
                    from?.startOf('month').format('YYYY-MM-DD'),
                    to?.endOf('month').format('YYYY-MM-DD'),
                  )
                }
                data-testid={`ledger-of-${r.account}`}
              >
                {r.account}
              </a>
            ),
          },
          { key: 'label', title: t('Label'), render: (_v, r) => r.label },
          { key: 'currency', title: t('Currency'), render: (_v, r) => r.currency },
          { key: 'debit', title: t('Debit'), align: 'right', render: (_v, r) => money(r.debit, r.currency) },
          { key: 'credit', title: t('Credit'), align: 'right', render: (_v, r) => money(r.credit, r.currency) },
          { key: 'balance', title: t('Balance'), align: 'right', render: (_v, r) => money(r.balance, r.currency) },
        ]}
      />
    </FormCard>
  );
}
