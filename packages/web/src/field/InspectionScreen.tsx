import { AimOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { api } from '../app/api/client.ts';
import { kindChanged } from '../app/api/data-hooks.ts';
import { notify } from '../app/notify.tsx';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FastLink } from '../entities/FastLink.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { type Answer, ChecklistCard } from './ChecklistCard.tsx';
import { PositionLink } from './PositionLink.tsx';
import { SignaturePad } from './SignaturePad.tsx';

type Row = Record<string, unknown>;
const maintenanceKind = entityByName('Maintenance')!;
const claimKind = entityByName('Claim')!;

/** Where, signed by whom, and what a failed inspection opened (or may open). */
function FieldWorkCard({ entity, record }: { entity: Entity; record: Row }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string>();
  const [positionError, setPositionError] = useState<string>();
  const id = String(record.registration);
  const base = `/api/${entity.route}/${encodeURIComponent(id)}`;
  const refresh = () => kindChanged(queryClient, entity);

  // A refused write is reported by the API client; the card stays as it was.
  const save = async (what: string, body: Row) => {
    setBusy(what);
    try {
      await api.patch(base, body);
      notify({ level: 'success', message: 'Saved' });
      await refresh();
    } catch {
      // reported already
    } finally {
      setBusy(undefined);
    }
  };
  const locate = () => {
    setPositionError(undefined);
    if (!('geolocation' in navigator))
      return setPositionError(t('This browser gives no position: type it in the form'));
    setBusy('position');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        void save('position', { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      () => {
        setBusy(undefined);
        setPositionError(t('The position was not given: type it in the form'));
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  const open = async (what: 'maintenance' | 'claim') => {
    setBusy(what);
    try {
      const answer = await api.post<Record<string, Row>>(`${base}/${what}`);
      await refresh();
      const kind = what === 'claim' ? claimKind : maintenanceKind;
      navigate(detailPath(kind, String(answer[what].registration)));
    } catch {
      // reported by the API client
    } finally {
      setBusy(undefined);
    }
  };

  const failed = record.result === 'FAILED' || record.result === 'ACTION_REQUIRED';
  const followUp = (kind: Entity, registration: unknown, what: 'maintenance' | 'claim', label: string) =>
    typeof registration === 'string' && registration ? (
      <FastLink to={detailPath(kind, registration)}>{registration}</FastLink>
    ) : failed ? (
      <Button data-testid={`open-${what}`} loading={busy === what} onClick={() => void open(what)}>
        {t(label)}
      </Button>
    ) : (
      '—'
    );

  return (
    <>
      <ChecklistCard
        key={String(record._version)}
        answers={(Array.isArray(record.answers) ? record.answers : []) as Answer[]}
        saving={busy === 'answers'}
        onSave={(answers) => void save('answers', { answers })}
      />
      <FormCard title={t('Field work')}>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'position',
              label: t('GPS position'),
              children: (
                <Space wrap>
                  <PositionLink latitude={record.latitude} longitude={record.longitude} accuracy={record.accuracy} />
                  <Button size="small" icon={<AimOutlined />} loading={busy === 'position'} onClick={locate}>
                    {t('Use my position')}
                  </Button>
                </Space>
              ),
            },
            {
              key: 'signature',
              label: t('Signature'),
              children:
                typeof record.signature === 'string' && record.signature.startsWith('data:image/') ? (
                  <img data-testid="signature" src={record.signature} alt={t('Signature')} style={{ maxHeight: 80 }} />
                ) : (
                  <SignaturePad
                    saving={busy === 'signature'}
                    onSave={(signature) => void save('signature', { signature })}
                  />
                ),
            },
            {
              key: 'maintenance',
              label: t('Maintenance'),
              children: followUp(maintenanceKind, record.maintenanceRegistration, 'maintenance', 'Open a maintenance'),
            },
            {
              key: 'claim',
              label: t('Claim'),
              children: followUp(claimKind, record.claimRegistration, 'claim', 'Open a claim'),
            },
          ]}
        />
        {positionError && <Alert type="warning" showIcon message={positionError} />}
      </FormCard>
    </>
  );
}

/** An inspection: the generic form (its result, its position typed in), its checklist and its field work. */
export default function InspectionScreen({ entity, canCreate }: ScreenProps) {
  const { id, data } = useDetailRecord(entity);
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} omit={['signature', 'answers']} />
      {id && data && <FieldWorkCard entity={entity} record={data} />}
    </>
  );
}
