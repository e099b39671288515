import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { formatDateTime } from '../i18n/formats.ts';
import { FormCard } from './FormCard.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import type { Values } from './form-values.ts';
import { useStatusTones } from './workflow/workflow-api.ts';

/** The side column's summary of a record: registration, status, version, who created and changed it. */
export function RecordCard({ entity, record }: { entity: Entity; record?: Values }) {
  const { t, i18n } = useTranslation();
  const tones = useStatusTones(entity);
  const registration = typeof record?.registration === 'string' ? record.registration : undefined;
  return (
    <FormCard title={t('Record')}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'registration', label: t('Registration'), children: registration ?? '—' },
          ...(entity.status
            ? [
                {
                  key: 'status',
                  label: t('Status'),
                  children: (
                    <StatusBadge
                      status={record?.status}
                      list={entity.status}
                      tone={typeof record?.status === 'string' ? tones?.[record.status] : undefined}
                    />
                  ),
                },
              ]
            : []),
          { key: 'version', label: t('Version'), children: String(record?._version ?? '—') },
          {
            key: 'created',
            label: t('Created'),
            children: `${formatDateTime(record?._insertDate, i18n.language)} ${record?._insertUser ?? ''}`,
          },
          {
            key: 'updated',
            label: t('Updated'),
            children: `${formatDateTime(record?._updateDate, i18n.language)} ${record?._updateUser ?? ''}`,
          },
        ]}
      />
    </FormCard>
  );
}

/** In debug mode (ctrl+D), the form's values as they would be sent. */
export function DebugCard({ values }: { values: Values }) {
  const { t } = useTranslation();
  return (
    <FormCard title={t('Debug')}>
      <pre style={{ fontSize: 11, maxHeight: 400, overflow: 'auto' }}>{JSON.stringify(values, null, 2)}</pre>
    </FormCard>
  );
}
