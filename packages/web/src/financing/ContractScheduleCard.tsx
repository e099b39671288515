import { Descriptions, Empty, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import type { ScheduleLine } from '@lbo/model/finance/contract-schedule';
import { dataProvider, queryKeys } from '../app/api/data-provider.ts';
import { FormCard } from '../entities/FormCard.tsx';
import { formatDate, formatNumber } from '../i18n/formats.ts';
import { ScheduleChart } from './ScheduleChart.tsx';
import { ScheduleTable } from './ScheduleTable.tsx';
import { contractSummary } from './financing-api.ts';

const elementKind = entityByName('ContractElement')!;
const contractKind = entityByName('Contract')!;

type Element = {
  registration: string;
  type?: string;
  code?: string;
  name?: string;
  pr?: string;
  totalPayment?: number;
  currency?: string;
  status?: string;
  lines?: ScheduleLine[];
};
interface Summary {
  outstandingPrincipal: number;
  nextDueDate: string | null;
  arrears: number;
  paid: number;
  irr: number | null;
  currency: string;
  financedAmount: number | null;
}

/** The query of a contract's summary at a version (a transition or a billing run changes it). */
export const contractSummaryQuery = (registration: string, version: unknown) => ({
  queryKey: [...queryKeys.record(contractKind, registration), 'summary', version],
  queryFn: ({ signal }: { signal: AbortSignal }) => contractSummary<Summary>(registration, { signal }),
});

/** The query of a contract's elements with their stored schedules, at a version of the contract. */
export const contractElementsQuery = (registration: string, version: unknown) => {
  const query = { contractRegistration: registration, sort: 'registration', range: '[0-99]' };
  return {
    queryKey: [...queryKeys.list(elementKind, query), version],
    queryFn: ({ signal }: { signal: AbortSignal }) => dataProvider.list(elementKind, query, { signal }),
  };
};

/** The contract summary card (spec 001 §2.12 `contractsummary`): outstanding, next due date, arrears, IRR. */
export function ContractSummaryCard({ registration, version }: { registration: string; version: unknown }) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(contractSummaryQuery(registration, version));
  if (!data) return null;
  const money = (v: number | null) =>
    v === null
      ? ''
      : `${formatNumber(v, i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${data.currency}`;
  return (
    <FormCard title={t('Contract summary')}>
      <Descriptions
        data-testid="contract-summary"
        size="small"
        column={2}
        items={[
          { key: 'financed', label: t('Financed amount excl tax'), children: money(data.financedAmount) },
          {
            key: 'outstanding',
            label: t('Outstanding principal'),
            children: <span data-testid="summary-outstanding">{money(data.outstandingPrincipal)}</span>,
          },
          {
            key: 'next',
            label: t('Next due date'),
            children: data.nextDueDate ? formatDate(data.nextDueDate, i18n.language) : '',
          },
          {
            key: 'arrears',
            label: t('Arrears'),
            children: data.arrears > 0 ? <Tag color="error">{money(data.arrears)}</Tag> : money(0),
          },
          { key: 'paid', label: t('Paid'), children: money(data.paid) },
          {
            key: 'irr',
            label: t('IRR'),
            children:
              data.irr === null ? '' : `${formatNumber(data.irr * 100, i18n.language, { maximumFractionDigits: 3 })} %`,
          },
        ]}
      />
    </FormCard>
  );
}

/** Each element of a contract (rent, services, fees, residual value, purchase) with its stored schedule as a table and a chart. */
export function ContractScheduleCard({ registration, version }: { registration: string; version: unknown }) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(contractElementsQuery(registration, version));
  const elements = (data?.rows ?? []) as Element[];
  return (
    <FormCard title={t('Contract elements')}>
      {elements.length === 0 ? (
        <Empty description={t('No element yet: the contract is activated to get them')} />
      ) : (
        <Tabs
          data-testid="contract-elements"
          items={elements.map((e) => ({
            key: e.registration,
            label: (
              <span data-element={e.code}>
                {e.name ?? e.code} {e.pr === 'P' ? <Tag>{t('Payable')}</Tag> : null}
              </span>
            ),
            children: (
              <>
                <p>
                  {e.registration} · {t('Total payment')}:{' '}
                  <strong data-testid="element-total">
                    {formatNumber(Number(e.totalPayment ?? 0), i18n.language, {
                      minimumFractionDigits: 2,
                      maximumFractionDigits: 2,
                    })}{' '}
                    {e.currency}
                  </strong>{' '}
                  · {(e.lines ?? []).length} {t('lines')}
                </p>
                <ScheduleChart lines={e.lines ?? []} />
                <ScheduleTable lines={e.lines ?? []} />
              </>
            ),
          }))}
        />
      )}
    </FormCard>
  );
}
