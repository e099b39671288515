import { Alert, Descriptions, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api/client.ts';
import { FormCard } from '../entities/FormCard.tsx';
import { formatCurrency, formatDate, formatNumber, formatPercentage } from '../i18n/formats.ts';

/** What `GET /api/private-equity/assets/{registration}/performance` and `…/funds/{fund}/performance` answer. */
interface Figures {
  asOf: string | null;
  invested: number;
  realised: number;
  unrealised: number;
  totalValue: number;
  gain: number;
  multiple: number | null;
  dpi: number | null;
  irr: number | null;
  currency?: string | null;
}
interface Holding extends Figures {
  registration: string;
  name: string;
  sharesHeld: number;
  valuation: { date: string; amount: number } | null;
}
interface Fund extends Figures {
  fund: string;
  holdings: Holding[];
}

const base = '/api/private-equity';

/**
 * The Performance card of a holding: shares held, cost, proceeds, value (its latest valuation),
 * multiple (TVPI), DPI and IRR, and the same for its fund, read again whenever the screen opens.
 */
export function PerformanceCard({
  registration,
  fund,
  version,
}: {
  registration: string;
  fund?: string;
  version: number;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const holding = useQuery({
    queryKey: ['private-equity', 'asset-performance', registration, version],
    queryFn: ({ signal }) =>
      api.get<Holding & { currency: string | null }>(`${base}/assets/${encodeURIComponent(registration)}/performance`, {
        signal,
      }),
    refetchOnMount: 'always',
  });
  const ofFund = useQuery({
    queryKey: ['private-equity', 'fund-performance', fund, version],
    queryFn: ({ signal }) => api.get<Fund>(`${base}/funds/${encodeURIComponent(fund!)}/performance`, { signal }),
    enabled: Boolean(fund),
    refetchOnMount: 'always',
    retry: false,
  });
  const currency = holding.data?.currency ?? undefined;
  const money = (v: number) => formatCurrency(v, currency, locale);
  const multiple = (v: number | null) =>
    v === null ? '—' : `${formatNumber(v, locale, { minimumFractionDigits: 2 })}x`;
  const rate = (v: number | null) => (v === null ? '—' : formatPercentage(Math.round(v * 10000) / 10000, locale));
  const h = holding.data;
  return (
    <FormCard title={t('Performance')}>
      {holding.error && <Alert type="error" showIcon message={t('The performance could not be computed')} />}
      {h && (
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered data-testid="pe-performance">
          <Descriptions.Item label={t('As of')}>{h.asOf ? formatDate(h.asOf, locale) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('Shares held')}>{formatNumber(h.sharesHeld, locale)}</Descriptions.Item>
          <Descriptions.Item label={t('Invested')}>{money(h.invested)}</Descriptions.Item>
          <Descriptions.Item label={t('Realised')}>{money(h.realised)}</Descriptions.Item>
          <Descriptions.Item label={t('Unrealised value')}>
            {money(h.unrealised)}
            {h.valuation
              ? ` (${t('valued on {date}', { date: formatDate(h.valuation.date, locale) })})`
              : ` (${t('at cost')})`}
          </Descriptions.Item>
          <Descriptions.Item label={t('Gain')}>{money(h.gain)}</Descriptions.Item>
          <Descriptions.Item label={t('Multiple (TVPI)')}>
            <span data-testid="pe-multiple">{multiple(h.multiple)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('DPI')}>{multiple(h.dpi)}</Descriptions.Item>
          <Descriptions.Item label={t('IRR')}>
            <span data-testid="pe-irr">{rate(h.irr)}</span>
          </Descriptions.Item>
        </Descriptions>
      )}
      {ofFund.data && (
        <>
          <h4 style={{ marginTop: 16 }}>{t('Fund {fund}', { fund: ofFund.data.fund })}</h4>
          <Table<Holding>
            data-testid="pe-fund"
            size="small"
            rowKey="registration"
            pagination={false}
            dataSource={ofFund.data.holdings}
            columns={[
              { title: t('Holding'), dataIndex: 'name' },
              { title: t('Invested'), dataIndex: 'invested', align: 'right', render: money },
              { title: t('Realised'), dataIndex: 'realised', align: 'right', render: money },
              { title: t('Unrealised value'), dataIndex: 'unrealised', align: 'right', render: money },
              { title: t('Multiple (TVPI)'), dataIndex: 'multiple', align: 'right', render: multiple },
              { title: t('IRR'), dataIndex: 'irr', align: 'right', render: rate },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('Fund')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {money(ofFund.data.invested)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {money(ofFund.data.realised)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {money(ofFund.data.unrealised)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <span data-testid="pe-fund-multiple">{multiple(ofFund.data.multiple)}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {rate(ofFund.data.irr)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </>
      )}
    </FormCard>
  );
}
