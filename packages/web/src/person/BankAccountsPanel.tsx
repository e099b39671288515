import { useState } from 'react';
import { Button, Card, Empty, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../entities/FormCard.tsx';
import type { FormField } from '../fields/form-field.ts';
import { itemFields, touchList, usePersonForm } from './person-context.ts';
import { canSave, closeSession, compactIban, makeFirst, openSession, removeAt, withDefaultNames, type Item } from './list-edits.ts';
import { type CardProps } from './ContactsPanel.tsx';
import { FieldGrid } from '../fields/NestedInput.tsx';

/** Bank account fields: the BIC typed in capitals (the model checks it: 'BIC is invalid'). */
export function bankAccountFields(fields: FormField[]): FormField[] {
  return fields.map((f) => (f.name === 'bankBic' ? { ...f, upperCase: true } : f));
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The Banking information panel and its Bank accounts modal (spec 002 §2, §4, §5): add,
 * delete, make first; Close restores the previous list; Save closes only without errors;
 * an account with an IBAN and no name is named after the company or the person.
 */
export function BankAccountsPanel({ card }: { card: CardProps }) {
  const { t } = useTranslation();
  const form = usePersonForm();
  const [editing, setEditing] = useState(false);
  const accounts = (form.getValue('bankAccounts') as Item[] | undefined) ?? [];
  return (
    <FormCard {...card} extra={<Button size="small" icon={form.readOnly ? <EyeOutlined /> : <EditOutlined />} onClick={() => setEditing(true)} data-testid="bank-accounts-edit">{t('Bank accounts')}</Button>}>
      <Table<Item & { key: number }> size="small" pagination={false} rowKey="key" data-testid="bank-accounts-preview"
        dataSource={accounts.map((a, key) => ({ ...a, key }))} locale={{ emptyText: t('No data') }}
        columns={[
          { title: t('Name'), key: 'name', render: (_, a) => <Space>{text(a.name)}{a.key === 0 && <Tag color="gold">{t('Default')}</Tag>}{a.isInactive === true && <Tag>{t('Inactive')}</Tag>}</Space> },
          { title: 'IBAN', key: 'iban', render: (_, a) => <Typography.Text style={{ fontFamily: 'monospace' }}>{text(a.bankIban)}</Typography.Text> },
          { title: 'BIC', dataIndex: 'bankBic', key: 'bic' },
          { title: t('Bank name'), dataIndex: 'bankName', key: 'bankName' },
        ]} />
      {editing && <BankAccountsModal onClose={() => setEditing(false)} />}
    </FormCard>
  );
}

function BankAccountsModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const form = usePersonForm();
  const [session] = useState(() => openSession(form.getValue('bankAccounts') as Item[] | undefined));
  const accounts = (form.getValue('bankAccounts') as Item[] | undefined) ?? [];
  const fields = bankAccountFields(itemFields(form, 'bankAccounts'));
  const set = (next: Item[]) => form.setValue('bankAccounts', next.length ? next : undefined);
  const close = () => {
    const before = closeSession(session);
    form.setValue('bankAccounts', before.length ? before : undefined);
    onClose();
  };
  const save = () => {
    const named = withDefaultNames(accounts.map((a) => ({ ...a, bankIban: a.bankIban === undefined ? undefined : compactIban(a.bankIban) })), form.values);
    set(named);
    touchList(form, 'bankAccounts', fields);
    if (canSave(form.allErrors({ ...form.values, bankAccounts: named }), 'bankAccounts')) onClose();
  };
  return (
    <Modal open title={t('Bank accounts')} width={1000} onCancel={close} maskClosable={false} destroyOnHidden
      footer={[
        !form.readOnly && <Button key="add" icon={<PlusOutlined />} onClick={() => set([...accounts, {}])} data-testid="bank-account-add">{t('Add')}</Button>,
        <Button key="close" onClick={close}>{t('Close')}</Button>,
        !form.readOnly && <Button key="save" type="primary" onClick={save} data-testid="bank-accounts-save">{t('Save')}</Button>,
      ]}>
      {accounts.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No data')} />}
      {accounts.map((a, index) => (
        <Card key={index} size="small" style={{ marginBottom: 8 }} data-testid="bank-account-row"
          title={<Space>{index === 0 ? <Tag color="gold">{t('Default')}</Tag> : `${t('Bank account')} ${index + 1}`}<Typography.Text type="secondary">{text(a.name)}</Typography.Text></Space>}
          extra={!form.readOnly && (
            <>
              {index > 0 && <Tooltip title={t('Make it first')}><Button type="text" icon={<VerticalAlignTopOutlined />} aria-label={t('Make it first')} onClick={() => set(makeFirst(accounts, index))} /></Tooltip>}
              <Tooltip title={t('Delete')}><Button type="text" danger icon={<DeleteOutlined />} aria-label={t('Delete')} onClick={() => set(removeAt(accounts, index))} /></Tooltip>
            </>
          )}>
          <FieldGrid fields={fields} path={`bankAccounts.${index}`} />
        </Card>
      ))}
    </Modal>
  );
}
