import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/shell/custom-screens.tsx';
import { api } from '../app/api/client.ts';
import { notify } from '../app/notify.tsx';
import { DetailScreen, recordKey } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import type { Values } from '../entities/form-values.ts';
import { NumbersTableEditor } from './NumbersTableEditor.tsx';
import type { Grid, ValueFormat } from './numbers-table.ts';

const valueFormats: ValueFormat[] = ['number', 'percentage', 'currency'];

/**
 * The product-table detail screen: the generic form of the declaration, and below it the
 * numbers table (the `rows` field the form leaves out), saved on its own with the record's version.
 */
export default function ProductTableScreen({ entity, canCreate }: ScreenProps) {
  const { id } = useParams();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const url = id ? `/api/${entity.route}/${encodeURIComponent(id)}` : undefined;
  // The same query as the detail screen's: one request, one cache entry.
  const { data } = useQuery({ queryKey: recordKey(entity, id), queryFn: ({ signal }) => api.get<Values>(url!, { signal }), enabled: Boolean(url) });
  const format = valueFormats.includes(data?.format as ValueFormat) ? data?.format as ValueFormat
    : data?.type === 'ratesTable' ? 'percentage' : 'number';

  const save = async (rows: Grid) => {
    const updated = await api.patch<Values>(url!, { rows, _version: data?._version });
    queryClient.setQueryData(recordKey(entity, id), updated);
    await queryClient.invalidateQueries({ queryKey: ['list', entity.route] });
    notify({ level: 'success', message: 'Saved' });
  };

  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && (
        <FormCard title={t('Numbers table')}>
          <NumbersTableEditor key={`${String(data._version)}:${format}`} rows={Array.isArray(data.rows) ? data.rows as Grid : undefined}
            format={format} currency={typeof data.currency === 'string' ? data.currency : undefined} readOnly={entity.readOnly} onSave={save} />
        </FormCard>
      )}
    </>
  );
}
