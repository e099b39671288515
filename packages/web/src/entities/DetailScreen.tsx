import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { api } from '../app/api/client.ts';
import { DetailForm } from './DetailForm.tsx';
import { cleanDocument, type Values } from './form-values.ts';
import { useDetailRecord } from './use-detail-record.tsx';

export { recordKey } from './use-detail-record.tsx';

/** `/x` creates a record, `/x/{id}` opens one (spec 001 §2.3). */
export function DetailScreen({ entity, canCreate = true }: { entity: Entity; canCreate?: boolean }) {
  const { t } = useTranslation();
  const record = useDetailRecord(entity);
  const { id, data } = record;
  if (!id && (!canCreate || entity.readOnly)) return <Result status="404" title={t('Page not found')} />;
  if (record.status) return record.status;

  const save = async (values: Values, initial: Values) => {
    if (!id) return record.created(await api.post<Values>(`/api/${entity.route}`, cleanDocument(values)));
    await record.update(values, initial);
  };

  // After a workflow transition: the record (new status, new version) and the lists are read again.
  return <DetailForm key={`${id ?? 'new'}:${String(data?._version ?? '')}`} entity={entity} record={data} onSubmit={save} onReload={record.reload} />;
}
