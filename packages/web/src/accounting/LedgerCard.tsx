import { useState } from 'react';
import { DatePicker, Empty, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FastLink, FastLinkScope } from '../entities/FastLink.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { formatDate } from '../i18n/formats.ts';
import { postingEventKind, reportOf, type Ledger, type LedgerLine } from './accounting-api.ts';
import {
  AccountPicker,
  contractKind,
  ExcelButton,
  invoiceKind,
  personKind,
  PersonPicker,
  queryOf,
  useMoney,
} from './report-controls.tsx';

type Range = [Dayjs | null, Dayjs | null] | null;
const dayText = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * The general ledger of an account, or a client's account statement (its sub-ledger, the clients
 * account unless another is chosen): the postings in date order with the running balance, each
 * line linking to its posting event, invoice, person and contract; opening and closing balances.
 */
export function LedgerCard({
  report,
  account: initialAccount,
  person: initialPerson,
  from,
  to,
}: {
  report: 'general-ledger' | 'account-statement';
  account?: string;
  person?: string;
  from?: string;
  to?: string;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const statement = report === 'account-statement';
  const [account, setAccount] = useState<string | undefined>(initialAccount ?? (statement ? undefined : '411000'));
  const [person, setPerson] = useState<string | undefined>(initialPerson);
  // Every posting unless a range is given (the trial balance's months when opened from it).
  const [range, setRange] = useState<Range>(from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null);
  const query = queryOf({ account, person, from: dayText(range?.[0]), to: dayText(range?.[1]) });
  const ready = statement ? Boolean(person) : Boolean(account);
  const { data, isFetching } = useQuery({
    queryKey: ['accounting', report, query],
    queryFn: ({ signal }) => reportOf<Ledger>(report, query, signal),
    enabled: ready,
  });
  const lines = ready ? (data?.lines ?? []) : [];
  const currency = lines[0]?.currency ?? 'EUR';
  const sum = (key: 'debit' | 'credit') => lines.reduce((s, l) => s + Math.round(l[key] * 100), 0) / 100;
  const link = (kind: typeof personKind, registration?: string) =>
    registration ? <FastLink to={detailPath(kind, registration)}>{registration}</FastLink> : null;

  return (
    <FormCard
      title={statement ? t('Account statement') : t('General ledger')}
      extra={
        <Space wrap>
          {statement && (
            <PersonPicker value={person} onChange={setPerson} placeholder={t('Client')} testId={`${report}-person`} />
          )}
          <AccountPicker value={account} onChange={setAccount} testId={`${report}-account`} />
          <DatePicker.RangePicker
            value={range}
            onChange={(r) => setRange(r as Range)}
            allowEmpty={[true, true]}
            data-testid={`${report}-range`}
          />
          <ExcelButton report={report} query={query} disabled={!ready} />
        </Space>
      }
    >
      {!ready ? (
        <Empty description={statement ? t('Choose a client') : t('Choose an account')} />
      ) : (
        <FastLinkScope>
          {data && (
            <Space size="large" style={{ marginBottom: 8 }} wrap>
              {data.label && (
                <Typography.Text strong>
                  {data.account} · {data.label}
                </Typography.Text>
              )}
              <span>
                {t('Opening balance')}{' '}
                <strong data-testid="opening-balance">{money(data.openingBalance, currency)}</strong>
              </span>
              <span>
                {t('Closing balance')}{' '}
                <strong data-testid="closing-balance">{money(data.closingBalance, currency)}</strong>
              </span>
            </Space>
          )}
          <Table<LedgerLine>
            data-testid={report}
            size="small"
            loading={isFetching}
            rowKey="registration"
            dataSource={lines}
            pagination={{ defaultPageSize: 100, showSizeChanger: true, hideOnSinglePage: true }}
            summary={() =>
              lines.length > 0 && (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={statement ? 7 : 6}>
                    {t('Total')}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <span data-testid="ledger-total-debit">{money(sum('debit'), currency)}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <span data-testid="ledger-total-credit">{money(sum('credit'), currency)}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {money(data?.closingBalance, currency)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )
            }
            columns={[
              { key: 'date', title: t('Date'), render: (_v, l) => formatDate(l.date, i18n.language) },
              ...(statement
                ? [{ key: 'account', title: t('Account'), render: (_v: unknown, l: LedgerLine) => l.account }]
                : []),
              {
                key: 'event',
                title: t('Posting event'),
                render: (_v, l) => link(postingEventKind, l.postingEventRegistration),
              },
              { key: 'name', title: t('Label'), render: (_v, l) => l.name ?? '' },
              { key: 'invoice', title: t('Invoice'), render: (_v, l) => link(invoiceKind, l.invoiceRegistration) },
              { key: 'person', title: t('Person'), render: (_v, l) => link(personKind, l.personRegistration) },
              { key: 'contract', title: t('Contract'), render: (_v, l) => link(contractKind, l.contractRegistration) },
              {
                key: 'debit',
                title: t('Debit'),
                align: 'right',
                render: (_v, l) => (l.debit ? money(l.debit, l.currency) : ''),
              },
              {
                key: 'credit',
                title: t('Credit'),
                align: 'right',
                render: (_v, l) => (l.credit ? money(l.credit, l.currency) : ''),
              },
              { key: 'balance', title: t('Balance'), align: 'right', render: (_v, l) => money(l.balance, l.currency) },
            ]}
          />
        </FastLinkScope>
      )}
    </FormCard>
  );
}
