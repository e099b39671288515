import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { PositionLink } from './PositionLink.tsx';

/** A location: the generic form, and where it is (its address and coordinates, with a map link). */
export default function LocationScreen({ entity, canCreate }: ScreenProps) {
  const { t } = useTranslation();
  const { id, data } = useDetailRecord(entity);
  const address = data ? [data.street, [data.postalCode, data.city].filter(Boolean).join(' '), data.country] : [];
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && (
        <FormCard title={t('Map')}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'address', label: t('Address'), children: address.filter(Boolean).join(', ') || '—' },
              {
                key: 'position',
                label: t('GPS position'),
                children: <PositionLink latitude={data.latitude} longitude={data.longitude} />,
              },
            ]}
          />
        </FormCard>
      )}
    </>
  );
}
