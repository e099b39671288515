import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/shell/custom-screens.tsx';
import { api } from '../app/api/client.ts';
import { DetailScreen, recordKey } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import type { Values } from '../entities/form-values.ts';
import { CalculatorElement } from './CalculatorElement.tsx';
import { termsOfRecord } from './record-terms.ts';

/**
 * Contracts and deals: the generic form, and below it the `calculator` element with the
 * record's payment plan, computed from its terms as soon as the record is shown.
 */
export default function FinancedRecordScreen({ entity, canCreate }: ScreenProps) {
  const { id } = useParams();
  const { t } = useTranslation();
  const url = id ? `/api/${entity.route}/${encodeURIComponent(id)}` : undefined;
  // The detail screen's own query: one request, one cache entry.
  const { data } = useQuery({ queryKey: recordKey(entity, id), queryFn: ({ signal }) => api.get<Values>(url!, { signal }), enabled: Boolean(url) });
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
