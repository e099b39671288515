import { Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { api, request } from '../app/api/client.ts';
import { ApiFailure } from '../app/api/api-failure.ts';
import { notify } from '../app/notify.tsx';
import { Loading } from '../app/pages/StatusPages.tsx';
import { recordKey } from '../entities/DetailScreen.tsx';
import { changedFields, cleanDocument, type Values } from '../entities/form-values.ts';
import { detailPath } from '../entities/entity-fields.ts';
import { PersonEditor } from './PersonEditor.tsx';
import { personToSave } from './person-save.ts';

/** `/person`, `/person/{registration}`, `/prospect`, `/prospect/{registration}`: the person editor (spec 002 §2). */
export default function PersonScreen({ entity }: { entity: Entity }) {
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

  if (id && isLoading) return <Loading />;
  if (id && (error || !data)) {
    const status = error instanceof ApiFailure ? error.status : 0;
    return <Result status={status === 404 ? '404' : 'error'} title={status === 404 ? t('Not found') : t('Oops, something went wrong')} />;
  }

  const save = async (values: Values, initial: Values) => {
    const person = personToSave(values);
    if (!id) {
      // A person whose identifier is already held is not created: the server answers the holder (200).
      const { data: created, status } = await request<Values>('POST', `/api/${entity.route}`, { body: cleanDocument(person) });
      notify(status === 200 ? { level: 'info', message: 'Existing person loaded', description: String(created.registration) } : { level: 'success', message: 'Saved' });
      await queryClient.invalidateQueries({ queryKey: ['list', entity.route] });
      navigate(detailPath(entity, String(created.registration)), { replace: true });
      return;
    }
    const updated = await api.patch<Values>(url!, { ...changedFields(initial, person), _version: initial._version });
    queryClient.setQueryData(recordKey(entity, id), updated);
    await queryClient.invalidateQueries({ queryKey: ['list', entity.route] });
    notify({ level: 'success', message: 'Saved' });
  };

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: recordKey(entity, id) });
    await queryClient.invalidateQueries({ queryKey: ['list', entity.route] });
  };

  return <PersonEditor key={`${id ?? 'new'}:${String(data?._version ?? '')}`} entity={entity} record={data} onSubmit={save} onReload={reload} />;
}
