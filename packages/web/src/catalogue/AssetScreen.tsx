import { useTranslation } from 'react-i18next';
import { useUpdate } from '../app/api/data-hooks.ts';
import { notify } from '../app/notify.tsx';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import type { Values } from '../entities/form-values.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { fieldsOfItem } from './catalogue-api.ts';
import { CatalogueLookup } from './CatalogueLookup.tsx';

/**
 * An asset: the generic form, and under it the catalogue lookup (spec 002 §5, §9) whose chosen
 * item fills the asset's name, price, tax, description, model, service and rv codes and its source
 * catalogue, saved at once.
 */
export default function AssetScreen({ entity, canCreate }: ScreenProps) {
  const { t } = useTranslation();
  const { id, data } = useDetailRecord(entity);
  const update = useUpdate<Values>(entity, id);
  const editable = data && !(typeof data.status === 'string' && entity.frozenIn.includes(data.status));
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && editable && (
        <FormCard title={t('Catalogue lookup')}>
          <div data-testid="asset-catalogue">
            <CatalogueLookup
              testId="asset-catalogue"
              onPick={async (item) => {
                const fields = fieldsOfItem(item);
                await update.mutateAsync({
                  ...fields,
                  ...(item.catalog === 'LECTURA' ? { rvCatalog: 'LECTURA' } : {}),
                  _version: data._version,
                });
                notify({ level: 'success', message: 'Filled from the catalogue' });
              }}
            />
          </div>
        </FormCard>
      )}
    </>
  );
}
