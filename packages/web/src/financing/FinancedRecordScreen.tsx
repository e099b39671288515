import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/shell/custom-screens.tsx';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { CalculatorElement } from './CalculatorElement.tsx';
import { termsOfRecord } from './record-terms.ts';

/**
 * Contracts and deals: the generic form, and below it the `calculator` element with the
 * record's payment plan, computed from its terms as soon as the record is shown.
 */
export default function FinancedRecordScreen({ entity, canCreate }: ScreenProps) {
  const { t } = useTranslation();
  // The detail screen's own record: one request, one cache entry.
  const { id, data } = useDetailRecord(entity);
  const terms = data ? termsOfRecord(data) : undefined;
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && terms && (
        <FormCard title={t('Payment plan')}>
          <CalculatorElement key={String(data?._version)} initial={terms} computeAtOnce />
        </FormCard>
      )}
    </>
  );
}
