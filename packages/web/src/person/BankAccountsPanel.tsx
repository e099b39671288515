import { useState } from 'react';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../entities/FormCard.tsx';
import type { FormField } from '../fields/form-field.ts';
import { itemFields, touchList, usePersonForm } from './person-context.ts';
import { canSave, compactIban, withDefaultNames, type Item } from './list-edits.ts';
import { ListEditModal, setList } from './ListEditModal.tsx';
import type { CardProps } from './ContactsPanel.tsx';
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
    <FormCard
      {...card}
      extra={
        <Button
          size="small"
          icon={form.readOnly ? <EyeOutlined /> : <EditOutlined />}
          onClick={() => setEditing(true)}
          data-testid="bank-accounts-edit"
        >
          {t('Bank accounts')}
        </Button>
      }
    >
      <Table<Item & { key: number }>
        size="small"
        pagination={false}
        rowKey="key"
        data-testid="bank-accounts-preview"
        dataSource={accounts.map((a, key) => ({ ...a, key }))}
        locale={{ emptyText: t('No data') }}
        columns={[
          {
            title: t('Name'),
            key: 'name',
            render: (_, a) => (
              <Space>
                {text(a.name)}
                {a.key === 0 && <Tag color="gold">{t('Default')}</Tag>}
                {a.isInactive === true && <Tag>{t('Inactive')}</Tag>}
              </Space>
            ),
          },
          {
            title: 'IBAN',
            key: 'iban',
            render: (_, a) => <Typography.Text style={{ fontFamily: 'monospace' }}>{text(a.bankIban)}</Typography.Text>,
          },
          { title: 'BIC', dataIndex: 'bankBic', key: 'bic' },
          { title: t('Bank name'), dataIndex: 'bankName', key: 'bankName' },
        ]}
      />
      {editing && <BankAccountsModal onClose={() => setEditing(false)} />}
    </FormCard>
  );
}

function BankAccountsModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const form = usePersonForm();
  const fields = bankAccountFields(itemFields(form, 'bankAccounts'));
  const save = (accounts: Item[]) => {
    const named = withDefaultNames(
      accounts.map((a) => ({ ...a, bankIban: a.bankIban === undefined ? undefined : compactIban(a.bankIban) })),
      form.values,
    );
    setList(form, 'bankAccounts', named);
    touchList(form, 'bankAccounts', fields);
    return canSave(form.allErrors({ ...form.values, bankAccounts: named }), 'bankAccounts');
  };
  return (
    <ListEditModal
      name="bankAccounts"
      title={t('Bank accounts')}
      onClose={onClose}
      onSave={save}
      testIds={{ row: 'bank-account-row', add: 'bank-account-add', save: 'bank-accounts-save' }}
      rowTitle={(a, index) => (
        <Space>
          {index === 0 ? <Tag color="gold">{t('Default')}</Tag> : `${t('Bank account')} ${index + 1}`}
          <Typography.Text type="secondary">{text(a.name)}</Typography.Text>
        </Space>
      )}
      renderRow={(_, index) => <FieldGrid fields={fields} path={`bankAccounts.${index}`} />}
    />
  );
}
