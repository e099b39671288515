import { useState } from 'react';
import { DatePicker, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FastLink, FastLinkScope } from '../entities/FastLink.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { agedBuckets, reportOf, type AgedReceivables } from './accounting-api.ts';
import { ExcelButton, personKind, queryOf, useMoney } from './report-controls.tsx';

type Client = AgedReceivables['clients'][number];

/** The open receivables of each client on a day, by days past due, with the totals per currency. */
export function AgedReceivablesCard() {
  const { t } = useTranslation();
  const money = useMoney();
  const [date, setDate] = useState<Dayjs | null>(dayjs());
  const query = queryOf({ date: date?.format('YYYY-MM-DD') });
  const { data, isFetching } = useQuery({
    queryKey: ['accounting', 'aged-receivables', query],
    queryFn: ({ signal }) => reportOf<AgedReceivables>('aged-receivables', query, signal),
  });
  const titles: Record<(typeof agedBuckets)[number], string> = {
    current: t('Not due'),
    '1-30': t('1–30 days'),
    '31-60': t('31–60 days'),
    '61-90': t('61–90 days'),
    '91-120': t('91–120 days'),
    over120: t('Over 120 days'),
  };
  const figures = [...agedBuckets, 'total'] as const;
  return (
    <FormCard
      title={t('Aged receivables')}
      extra={
        <Space wrap>
          <DatePicker value={date} onChange={setDate} placeholder={t('Date')} data-testid="aged-date" />
          <ExcelButton report="aged-receivables" query={query} />
        </Space>
      }
    >
      <FastLinkScope>
        <Table<Client>
          data-testid="aged-receivables"
          size="small"
          loading={isFetching}
          rowKey={(c) => `${c.person}-${c.currency}`}
          dataSource={data?.clients ?? []}
          pagination={{ defaultPageSize: 100, hideOnSinglePage: true }}
          summary={() =>
            Object.entries(data?.totals ?? {}).map(([currency, total]) => (
              <Table.Summary.Row key={currency}>
                <Table.Summary.Cell index={0} colSpan={3}>
                  {t('Total {currency}', { currency })}
                </Table.Summary.Cell>
                {figures.map((b, i) => (
                  <Table.Summary.Cell key={b} index={i + 1} align="right">
                    <span data-testid={`aged-total-${b}-${currency}`}>{money(total[b], currency)}</span>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ))
          }
          columns={[
            {
              key: 'person',
              title: t('Client'),
              render: (_v, c) =>
                c.person ? <FastLink to={detailPath(personKind, c.person)}>{c.person}</FastLink> : '',
            },
            { key: 'name', title: t('Name'), render: (_v, c) => c.name },
            { key: 'currency', title: t('Currency'), render: (_v, c) => c.currency },
            ...figures.map((b) => ({
              key: b,
              title: b === 'total' ? t('Total') : titles[b],
              align: 'right' as const,
              render: (_v: unknown, c: Client) => (c[b] ? money(c[b], c.currency) : ''),
            })),
          ]}
        />
      </FastLinkScope>
    </FormCard>
  );
}
