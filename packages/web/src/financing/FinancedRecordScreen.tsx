import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { CalculatorElement } from './CalculatorElement.tsx';
import { termsOfRecord } from './record-terms.ts';
import { QuotationsCard } from './QuotationsCard.tsx';
import { AssetLinesCard } from './AssetLinesCard.tsx';
import { prefetch } from '../entities/detail-prefetch.ts';
import {
  ContractScheduleCard,
  ContractSummaryCard,
  contractElementsQuery,
  contractSummaryQuery,
} from './ContractScheduleCard.tsx';

/** A running contract shows its schedules: their chart's library is fetched with the data, not after it. */
const loadCharts = () => import('../app/charts/echarts-setup.ts');

/**
 * Contracts and deals: the generic form; the quotations compared side by side (a deal's chosen
 * here); a running contract's summary and its elements with their stored schedules; before
 * that, the `calculator` element with the payment plan of the chosen quotation's terms.
 */
export default function FinancedRecordScreen({ entity, canCreate }: ScreenProps) {
  const { t } = useTranslation();
  // The detail screen's own record: one request, one cache entry.
  const { id, data } = useDetailRecord(entity);
  // A running contract's payment plan is its stored schedule (the contract elements): nothing is recomputed beside it.
  const scheduled = entity.name === 'Contract' && ['ACTIVE', 'TERMINATED'].includes(String(data?.status));
  const terms = data && !scheduled ? termsOfRecord(data) : undefined;
  const queryClient = useQueryClient();
  // The schedule and summary are asked for with the record, before the form above them renders.
  if (id && data && scheduled) {
    prefetch(queryClient, contractSummaryQuery(id, data._version));
    prefetch(queryClient, contractElementsQuery(id, data._version));
    void loadCharts();
  }
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {/* Remounted when its lines change (a save), not on every version (a transition leaves them). */}
      {id && data && <AssetLinesCard key={JSON.stringify(data.assets ?? [])} entity={entity} record={data} />}
      {id && data && <QuotationsCard entity={entity} record={data} />}
      {id && data && scheduled && (
        <>
          <ContractSummaryCard registration={id} version={data._version} />
          <ContractScheduleCard registration={id} version={data._version} />
        </>
      )}
      {id && terms && (
        <FormCard title={t('Payment plan')}>
          {/* Computed again when the terms change, not when a transition only moves the status. */}
          <CalculatorElement key={JSON.stringify(terms)} initial={terms} computeAtOnce />
        </FormCard>
      )}
    </>
  );
}
