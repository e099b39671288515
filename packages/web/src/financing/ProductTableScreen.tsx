import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { NumbersTableEditor } from './NumbersTableEditor.tsx';
import type { Grid, ValueFormat } from './numbers-table.ts';

const valueFormats: ValueFormat[] = ['number', 'percentage', 'currency'];

/**
 * The product-table detail screen: the generic form of the declaration, and below it the
 * numbers table (the `rows` field the form leaves out), saved on its own with the record's version.
 */
export default function ProductTableScreen({ entity, canCreate }: ScreenProps) {
  const { t } = useTranslation();
  // The detail screen's own record: one request, one cache entry.
  const { id, data, update } = useDetailRecord(entity);
  const format = valueFormats.includes(data?.format as ValueFormat)
    ? (data?.format as ValueFormat)
    : data?.type === 'ratesTable'
      ? 'percentage'
      : 'number';

  const save = (rows: Grid) => update({ ...data, rows }, data!);

  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && (
        <FormCard title={t('Numbers table')}>
          <NumbersTableEditor
            key={`${String(data._version)}:${format}`}
            rows={Array.isArray(data.rows) ? (data.rows as Grid) : undefined}
            format={format}
            currency={typeof data.currency === 'string' ? data.currency : undefined}
            readOnly={entity.readOnly}
            onSave={save}
          />
        </FormCard>
      )}
    </>
  );
}
