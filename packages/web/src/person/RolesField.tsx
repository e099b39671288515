import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListOptions } from '../fields/reference-lists.ts';
import { usePersonForm } from './person-context.ts';
import { roleLabel } from './person-form-rules.ts';

/** Roles from the personRole list; a role the list does not hold shows `{role} (???)`. */
export function RolesField() {
  const { t } = useTranslation();
  const form = usePersonForm();
  const { options, loading } = useListOptions('personRole');
  const roles = (Array.isArray(form.getValue('roles')) ? (form.getValue('roles') as { role?: string }[]) : [])
    .map((r) => r.role)
    .filter((r): r is string => Boolean(r));
  const shown = [
    ...options,
    ...(loading
      ? []
      : roles
          .filter((r) => !options.some((o) => o.value === r))
          .map((r) => ({ value: r, label: roleLabel(r, options) }))),
  ];
  return (
    <Form.Item label={t('Roles')} htmlFor="field-roles" data-field="roles">
      <Select
        id="field-roles"
        mode="multiple"
        value={roles}
        options={shown}
        loading={loading}
        disabled={form.readOnly}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: '100%' }}
        onChange={(next: string[]) => form.setValue('roles', next.length ? next.map((role) => ({ role })) : undefined)}
      />
    </Form.Item>
  );
}
