import type { ScreenProps } from '../app/web-module.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { cleanDocument, type Values } from '../entities/form-values.ts';
import { PersonEditor } from './PersonEditor.tsx';
import { personToSave } from './person-save.ts';

/** `/person`, `/person/{registration}`, `/prospect`, `/prospect/{registration}`: the person editor (spec 002 §2). */
export default function PersonScreen({ entity }: ScreenProps) {
  const record = useDetailRecord(entity);
  const { id, data } = record;
  if (record.status) return record.status;

  const save = async (values: Values, initial: Values) => {
    const person = personToSave(values);
    if (!id) {
      // A person whose identifier is already held is not created: the server answers the holder (200).
      const { data: created, status } = await record.create(cleanDocument(person));
      return record.created(
        created,
        status === 200
          ? { level: 'info', message: 'Existing person loaded', description: String(created.registration) }
          : undefined,
      );
    }
    await record.update(person, initial);
  };

  return (
    <PersonEditor
      key={`${id ?? 'new'}:${String(data?._version ?? '')}`}
      entity={entity}
      record={data}
      onSubmit={save}
    />
  );
}
