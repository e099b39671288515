import { useState } from 'react';
import { Button, Card, Col, Empty, Modal, Row, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFormApi } from '../fields/form-context.ts';
import type { FormField } from '../fields/form-field.ts';
import { colProps } from '../fields/NestedInput.tsx';
import { usePersonForm, itemFields, touchList } from './person-context.ts';
import { registrationTypeList } from './person-form-rules.ts';
import { canSave, closeSession, makeFirst, openSession, removeAt } from './list-edits.ts';
import { cleanRegistrations, type RegistrationItem } from './registrations.ts';

/**
 * The Registrations modal (spec 002 §2, §4): rows with every field; add, delete, make first;
 * Close restores the rows as they were; Save drops empty rows (unless automatic) and is
 * refused while a row has an error. Read-only when the person or the field is.
 */
export function RegistrationsModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const form = usePersonForm();
  const fieldApi = useFormApi();
  const [session] = useState(() => openSession(form.getValue('registrations') as RegistrationItem[] | undefined));
  const declared = form.fields.get('registrations');
  const readOnly = form.readOnly || Boolean(declared?.readOnly || declared?.disabled);
  const rows = (form.getValue('registrations') as RegistrationItem[] | undefined) ?? [];
  const typeList = registrationTypeList(form.getValue('type'));
  const fields: FormField[] = itemFields(form, 'registrations').filter((f) => f.name !== 'id').map((f) => {
    if (f.name === 'type') return { ...f, type: 'select', list: typeList, readOnly };
    if (f.name === 'verificationType') return { ...f, type: 'select', list: 'verificationType', readOnly };
    return { ...f, readOnly: readOnly || f.readOnly };
  });
  const set = (next: RegistrationItem[]) => form.setValue('registrations', next.length ? next : undefined);

  const close = () => {
    form.setValue('registrations', closeSession(session).length ? closeSession(session) : undefined);
    onClose();
  };
  const save = () => {
    const kept = cleanRegistrations(rows);
    set(kept);
    touchList(form, 'registrations', fields);
    // The rows are checked as they will be kept.
    if (canSave(form.allErrors({ ...form.values, registrations: kept }), 'registrations')) onClose();
  };

  return (
    <Modal open title={t('Registrations')} width={960} onCancel={close} maskClosable={false} destroyOnHidden
      footer={[
        !readOnly && <Button key="add" icon={<PlusOutlined />} onClick={() => set([...rows, {}])}>{t('Add')}</Button>,
        <Button key="close" onClick={close}>{t('Close')}</Button>,
        !readOnly && <Button key="save" type="primary" onClick={save} data-testid="registrations-save">{t('Save')}</Button>,
      ]}>
      {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No data')} />}
      {rows.map((_, index) => (
        <Card key={index} size="small" style={{ marginBottom: 8 }} data-testid="registration-row"
          title={index === 0 ? t('Main registration') : `${t('Registration')} ${index + 1}`}
          extra={!readOnly && (
            <>
              {index > 0 && <Tooltip title={t('Make it first')}><Button type="text" icon={<VerticalAlignTopOutlined />} aria-label={t('Make it first')} onClick={() => set(makeFirst(rows, index))} /></Tooltip>}
              <Tooltip title={t('Delete')}><Button type="text" danger icon={<DeleteOutlined />} aria-label={t('Delete')} onClick={() => set(removeAt(rows, index))} /></Tooltip>
            </>
          )}>
          <Row gutter={16}>
            {fields.map((f) => <Col key={f.name} {...colProps(f)}>{fieldApi.renderField(f, `registrations.${index}.${f.name}`)}</Col>)}
          </Row>
        </Card>
      ))}
    </Modal>
  );
}
