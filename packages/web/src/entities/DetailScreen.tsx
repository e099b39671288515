import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { DetailForm } from './DetailForm.tsx';
import { cleanDocument, type Values } from './form-values.ts';
import { useDetailRecord } from './use-detail-record.tsx';

export { recordKey } from './use-detail-record.tsx';

/** `/x` creates a record, `/x/{id}` opens one (spec 001 §2.3). */
export function DetailScreen({
  entity,
  canCreate = true,
  omit,
}: {
  entity: Entity;
  canCreate?: boolean;
  omit?: readonly string[];
}) {
  const { t } = useTranslation();
  const record = useDetailRecord(entity);
  const { id, data } = record;
  if (!id && (!canCreate || entity.readOnly)) return <Result status="404" title={t('Page not found')} />;
  if (record.status) return record.status;

  const save = async (values: Values, initial: Values) => {
    if (!id) return record.created((await record.create(cleanDocument(values))).data);
    await record.update(values, initial);
  };

  // A new version of the record (a save, a transition's answer) resets the form's values in place (DetailForm).
  return <DetailForm key={id ?? 'new'} entity={entity} record={data} onSubmit={save} omit={omit} />;
}
