import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api/client.ts';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { formatCurrency } from '../i18n/formats.ts';

interface Line {
  accountNumber: string;
  label: string | null;
  budgeted: number;
  committed: number;
  actual: number;
  variance: number;
  available: number;
}
interface Actuals {
  currency: string | null;
  lines: Line[];
  totals: Omit<Line, 'accountNumber' | 'label'>;
}

/** A budget: the generic form (period, lines) and its lines' actuals from the books with their variances. */
export default function BudgetScreen({ entity, canCreate }: ScreenProps) {
  const { id, data } = useDetailRecord(entity);
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && <BudgetActualsCard registration={String(data.registration)} version={Number(data._version)} />}
    </>
  );
}

function BudgetActualsCard({ registration, version }: { registration: string; version: number }) {
  const { t, i18n } = useTranslation();
  const actuals = useQuery({
    queryKey: ['budget-actuals', registration, version],
    queryFn: ({ signal }) =>
      api.get<Actuals>(`/api/support/budgets/${encodeURIComponent(registration)}/actuals`, { signal }),
    refetchOnMount: 'always',
  });
  const money = (v: number) => formatCurrency(v, actuals.data?.currency ?? undefined, i18n.language);
  const negative = (v: number) => <span style={v < 0 ? { color: '#cf1322' } : undefined}>{money(v)}</span>;
  const totals = actuals.data?.totals;
  return (
    <FormCard title={t('Budget and actuals')}>
      <Table<Line>
        data-testid="budget-actuals"
        size="small"
        rowKey="accountNumber"
        pagination={false}
        loading={actuals.isLoading}
        dataSource={actuals.data?.lines ?? []}
        columns={[
          { title: t('Account'), dataIndex: 'accountNumber' },
          { title: t('Label'), dataIndex: 'label' },
          { title: t('Budgeted'), dataIndex: 'budgeted', align: 'right', render: money },
          { title: t('Committed'), dataIndex: 'committed', align: 'right', render: money },
          { title: t('Actual'), dataIndex: 'actual', align: 'right', render: money },
          { title: t('Variance'), dataIndex: 'variance', align: 'right', render: negative },
          { title: t('Available'), dataIndex: 'available', align: 'right', render: negative },
        ]}
        summary={() =>
          totals && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                {t('Total')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {money(totals.budgeted)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {money(totals.committed)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {money(totals.actual)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {negative(totals.variance)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {negative(totals.available)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
      />
    </FormCard>
  );
}
