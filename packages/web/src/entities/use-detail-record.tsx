import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { queryKeys } from '../app/api/data-provider.ts';
import { useCreate, useRecord, useUpdate } from '../app/api/data-hooks.ts';
import { ApiFailure } from '../app/api/api-failure.ts';
import { notify } from '../app/notify.tsx';
import type { Notice } from '../app/api/error-notice.ts';
import { Loading } from '../app/pages/Loading.tsx';
import type { Values } from './form-values.ts';
import { versionedUpdate } from './record-update.ts';
import { detailPath } from './entity-fields.ts';

export const recordKey = queryKeys.record;

/**
 * The record of a detail route (`/x/{id}`, none on `/x`) and how its screen writes it: `status`
 * is what to show instead of the form while it loads or when it cannot be read; `create` sends a
 * new record and `created` goes to its page, `update` sends the changed fields with the version
 * edited (a newer one on the server answers a conflict, shown by the client, and nothing is
 * overwritten). The writes are the data provider's mutations: each refreshes what was read
 * about the kind (a workflow transition too, so the record comes back with its new status).
 */
export function useDetailRecord(entity: Entity) {
  const { id } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, isLoading } = useRecord<Values>(entity, id);
  const creation = useCreate<Values>(entity);
  const update = useUpdate<Values>(entity, id);
  let status: ReactNode;
  if (id && isLoading) status = <Loading />;
  else if (id && (error || !data)) {
    const code = error instanceof ApiFailure ? error.status : 0;
    status = (
      <Result
        status={code === 404 ? '404' : 'error'}
        title={code === 404 ? t('Not found') : t('Oops, something went wrong')}
      />
    );
  }
  return {
    id,
    data,
    status,
    /** Creates the record; answers it and whether it was created (201) or an existing one answered (200). */
    create: (values: Values) => creation.mutateAsync(values),
    async created(record: Values, notice: Notice = { level: 'success', message: 'Saved' }) {
      notify(notice);
      navigate(detailPath(entity, String(record.registration)), { replace: true });
    },
    async update(values: Values, initial: Values) {
      await update.mutateAsync(versionedUpdate(initial, values));
      notify({ level: 'success', message: 'Saved' });
    },
  };
}
