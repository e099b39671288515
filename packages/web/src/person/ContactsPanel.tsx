import { useState, type ReactNode } from 'react';
import { Button, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldTypes, type FieldDef } from '@lbo/model/fields';
import { FormCard } from '../entities/FormCard.tsx';
import { formFieldOf, type FormField } from '../fields/form-field.ts';
import { FieldGrid } from '../fields/NestedInput.tsx';
import { itemFields, usePersonForm } from './person-context.ts';
import {
  addContact,
  canSave,
  closeContact,
  editContact,
  removeAt,
  saveContact,
  type ContactSession,
  type Item,
} from './list-edits.ts';
import { contactExtensions, personKeys } from './person-api.ts';

export interface CardProps {
  title: string;
  collapsed: boolean;
  onToggle(): void;
}

/** Contact extension fields of the person schema that are declared like entity fields. */
function extensionFields(schema: Record<string, unknown>, known: Set<string>): FormField[] {
  return Object.entries(schema).flatMap(([name, def]) => {
    if (known.has(name) || !def || typeof def !== 'object') return [];
    const type = (def as FieldDef).type;
    return (fieldTypes as readonly string[]).includes(type) ? [formFieldOf(name, def as FieldDef)] : [];
  });
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const fullName = (c: Item) => [text(c.firstName), text(c.secondName), text(c.lastName)].filter(Boolean).join(' ');

/**
 * The Contacts panel (spec 002 §2, §4): a table of contacts with edit and delete, and the
 * Contact modal. Add creates a blank contact and opens it; closing after an add discards it,
 * closing after an edit restores it; saving a default contact removes the flag from the others.
 */
export function ContactsPanel({ card }: { card: CardProps }) {
  const { t } = useTranslation();
  const form = usePersonForm();
  const contacts = (form.getValue('contacts') as Item[] | undefined) ?? [];
  const [session, setSession] = useState<ContactSession>();
  const declared = itemFields(form, 'contacts');
  const { data: schema } = useQuery({
    queryKey: personKeys.personsSchema,
    queryFn: contactExtensions,
    staleTime: Infinity,
  });
  const fields = [...declared, ...extensionFields(schema ?? {}, new Set(declared.map((f) => f.name)))];
  const set = (next: Item[]) => form.setValue('contacts', next.length ? next : undefined);

  const add = () => {
    const { contacts: next, session: opened } = addContact(contacts);
    set(next);
    setSession(opened);
  };
  const close = () => {
    if (session) set(closeContact(session));
    setSession(undefined);
  };
  const save = () => {
    if (!session) return;
    fields.forEach((f) => form.touch(`contacts.${session.index}.${f.name}`));
    if (!canSave(form.allErrors(), `contacts.${session.index}`)) return;
    set(saveContact(contacts, session.index));
    setSession(undefined);
  };

  const social = (c: Item) =>
    ['linkedIn', 'facebook', 'instagram']
      .filter((k) => text(c[k]))
      .map((k) => (
        <Typography.Link
          key={k}
          href={text(c[k]).startsWith('http') ? text(c[k]) : undefined}
          target="_blank"
          rel="noreferrer"
        >
          {k}
        </Typography.Link>
      ));
  const error = form.errors.contacts;
  return (
    <FormCard
      {...card}
      extra={
        !form.readOnly && (
          <Button size="small" icon={<PlusOutlined />} onClick={add} data-testid="contact-add">
            {t('Add')}
          </Button>
        )
      }
    >
      <div data-field="contacts" data-testid="contacts-panel">
        <Table<Item & { key: number }>
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={contacts.map((c, key) => ({ ...c, key }))}
          locale={{ emptyText: t('No data') }}
          columns={[
            {
              title: t('Name'),
              key: 'name',
              render: (_, c) => (
                <Space>
                  {fullName(c)}
                  {c.isDefault === true && <Tag color="gold">{t('Default')}</Tag>}
                </Space>
              ),
            },
            { title: t('Position'), dataIndex: 'position', key: 'position' },
            {
              title: t('Phone'),
              key: 'phone',
              render: (_, c) => [text(c.phone), text(c.mobile)].filter(Boolean).join(' / '),
            },
            { title: t('Email'), dataIndex: 'email', key: 'email' },
            { title: t('Social networks'), key: 'social', render: (_, c) => <Space>{social(c)}</Space> },
            {
              title: t('Actions'),
              key: 'actions',
              width: 100,
              render: (_, c) => (
                <Space size={0}>
                  <Tooltip title={form.readOnly ? t('View') : t('Edit')}>
                    <Button
                      type="text"
                      size="small"
                      icon={form.readOnly ? <EyeOutlined /> : <EditOutlined />}
                      aria-label={t('Edit')}
                      onClick={() => setSession(editContact(contacts, c.key))}
                    />
                  </Tooltip>
                  {!form.readOnly && (
                    <Tooltip title={t('Delete')}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('Delete')}
                        onClick={() => set(removeAt(contacts, c.key))}
                      />
                    </Tooltip>
                  )}
                </Space>
              ),
            },
          ]}
        />
        {error && (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
      </div>
      {session && (
        <ContactModal title={t('Contact')} onClose={close} onSave={form.readOnly ? undefined : save}>
          <FieldGrid fields={fields} path={`contacts.${session.index}`} />
        </ContactModal>
      )}
    </FormCard>
  );
}

function ContactModal({
  title,
  onClose,
  onSave,
  children,
}: {
  title: string;
  onClose(): void;
  onSave?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      width={820}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {onSave ? t('Cancel') : t('Close')}
        </Button>,
        onSave && (
          <Button key="save" type="primary" onClick={onSave} data-testid="contact-save">
            {t('Save')}
          </Button>
        ),
      ]}
    >
      {children}
    </Modal>
  );
}
