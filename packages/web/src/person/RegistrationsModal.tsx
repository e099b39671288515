import { useTranslation } from 'react-i18next';
import type { FormField } from '../fields/form-field.ts';
import { FieldGrid } from '../fields/NestedInput.tsx';
import { usePersonForm, itemFields, touchList } from './person-context.ts';
import { registrationTypeList } from './person-form-rules.ts';
import { canSave, type Item } from './list-edits.ts';
import { cleanRegistrations, type RegistrationItem } from './registrations.ts';
import { ListEditModal, setList } from './ListEditModal.tsx';

/**
 * The Registrations modal (spec 002 §2, §4): rows with every field; add, delete, make first;
 * Close restores the rows as they were; Save drops empty rows (unless automatic) and is
 * refused while a row has an error. Read-only when the person or the field is.
 */
export function RegistrationsModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const form = usePersonForm();
  const declared = form.fields.get('registrations');
  const readOnly = form.readOnly || Boolean(declared?.readOnly || declared?.disabled);
  const typeList = registrationTypeList(form.getValue('type'));
  const fields: FormField[] = itemFields(form, 'registrations')
    .filter((f) => f.name !== 'id')
    .map((f) => {
      if (f.name === 'type') return { ...f, type: 'select', list: typeList, readOnly };
      if (f.name === 'verificationType') return { ...f, type: 'select', list: 'verificationType', readOnly };
      return { ...f, readOnly: readOnly || f.readOnly };
    });
  const save = (rows: Item[]) => {
    const kept = cleanRegistrations(rows as RegistrationItem[]);
    setList(form, 'registrations', kept);
    touchList(form, 'registrations', fields);
    // The rows are checked as they will be kept.
    return canSave(form.allErrors({ ...form.values, registrations: kept }), 'registrations');
  };
  return (
    <ListEditModal
      name="registrations"
      title={t('Registrations')}
      width={960}
      readOnly={readOnly}
      onClose={onClose}
      onSave={save}
      testIds={{ row: 'registration-row', save: 'registrations-save' }}
      rowTitle={(_, index) => (index === 0 ? t('Main registration') : `${t('Registration')} ${index + 1}`)}
      renderRow={(_, index) => <FieldGrid fields={fields} path={`registrations.${index}`} />}
    />
  );
}
