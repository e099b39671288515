import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { api } from '../app/api/client.ts';
import { ApiFailure } from '../app/api/api-failure.ts';
import { notify } from '../app/notify.tsx';
import type { Notice } from '../app/api/error-notice.ts';
import { Loading } from '../app/pages/StatusPages.tsx';
import type { Values } from './form-values.ts';
import { versionedUpdate } from './record-update.ts';
import { detailPath } from './entity-fields.ts';

export const recordKey = (entity: Entity, id: string | undefined) => ['record', entity.route, id];

/**
 * The record of a detail route (`/x/{id}`, none on `/x`) and how its screen writes it: `status`
 * is what to show instead of the form while it loads or when it cannot be read; `created` goes
 * to the new record's page, `update` sends the changed fields with the version edited (a newer
 * one on the server answers a conflict, shown by the client, and nothing is overwritten), `reload` reads
 * the record (after a transition) again; each refreshes the lists of the kind.
 */
export function useDetailRecord(entity: Entity) {
  const { id } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const url = id ? `/api/${entity.route}/${encodeURIComponent(id)}` : undefined;
  const { data, error, isLoading } = useQuery({
    queryKey: recordKey(entity, id),
    queryFn: ({ signal }) => api.get<Values>(url!, { signal }),
    enabled: Boolean(url),
  });
  let status: ReactNode;
  if (id && isLoading) status = <Loading />;
  else if (id && (error || !data)) {
    const code = error instanceof ApiFailure ? error.status : 0;
    status = <Result status={code === 404 ? '404' : 'error'} title={code === 404 ? t('Not found') : t('Oops, something went wrong')} />;
  }
  const listsChanged = () => queryClient.invalidateQueries({ queryKey: ['list', entity.route] });
  return {
    id, url, data, status,
    async created(record: Values, notice: Notice = { level: 'success', message: 'Saved' }) {
      notify(notice);
      await listsChanged();
      navigate(detailPath(entity, String(record.registration)), { replace: true });
    },
    async update(values: Values, initial: Values) {
      const updated = await api.patch<Values>(url!, versionedUpdate(initial, values));
      queryClient.setQueryData(recordKey(entity, id), updated);
      await listsChanged();
      notify({ level: 'success', message: 'Saved' });
    },
    async reload() {
      await queryClient.invalidateQueries({ queryKey: recordKey(entity, id) });
      await listsChanged();
    },
  };
}
