import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { CalculatorElement } from './CalculatorElement.tsx';
import { termsOfRecord } from './record-terms.ts';
import { QuotationsCard } from './QuotationsCard.tsx';
import { AssetLinesCard } from './AssetLinesCard.tsx';
import { ContractScheduleCard, ContractSummaryCard } from './ContractScheduleCard.tsx';

/**
 * Contracts and deals: the generic form; the quotations compared side by side (a deal's chosen
 * here); a running contract's summary and its elements with their stored schedules; and the
 * `calculator` element with the record's payment plan, computed from its terms at once.
 */
export default function FinancedRecordScreen({ entity, canCreate }: ScreenProps) {
  const { t } = useTranslation();
  // The detail screen's own record: one request, one cache entry.
  const { id, data } = useDetailRecord(entity);
  const terms = data ? termsOfRecord(data) : undefined;
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && <AssetLinesCard key={String(data._version)} entity={entity} record={data} />}
      {id && data && <QuotationsCard entity={entity} record={data} />}
      {id && data && entity.name === 'Contract' && ['ACTIVE', 'TERMINATED'].includes(String(data.status)) && (
        <>
          <ContractSummaryCard registration={id} version={data._version} />
          <ContractScheduleCard registration={id} version={data._version} />
        </>
      )}
      {id && terms && (
        <FormCard title={t('Payment plan')}>
          <CalculatorElement key={String(data?._version)} initial={terms} computeAtOnce />
        </FormCard>
      )}
    </>
  );
}
