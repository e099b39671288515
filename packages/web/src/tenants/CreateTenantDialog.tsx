import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Entity } from '@lbo/model/entity';
import { queryKeys } from '../app/api/data-provider.ts';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { fieldErrorOf } from './field-errors.ts';
import { createTenant, type NewTenantAnswer, type NewTenantInput } from './tenant-api.ts';

/** The kinds a tenant is made as from the screen (the master tenant is the installation's). */
const kinds = ['PRODUCTION', 'SUPPORT', 'TEST'];

/**
 * The master super admin's form for a new tenant: its name (it is in addresses: lower-case
 * letters, digits, hyphens), its kind and its administrator. Once made, the administrator's first
 * password is shown this once, to be handed over.
 */
export function CreateTenantDialog({ entity, onClose }: { entity: Entity; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewTenantInput>();
  const queryClient = useQueryClient();
  const types = useListOptions('tenantType');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [made, setMade] = useState<NewTenantAnswer>();
  const name = Form.useWatch('name', form);

  const submit = async (values: NewTenantInput) => {
    setBusy(true);
    setFailure(undefined);
    try {
      const input = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
      setMade(await createTenant(input as unknown as NewTenantInput));
      await queryClient.invalidateQueries({ queryKey: queryKeys.kind(entity) });
    } catch (error) {
      const { message, path } = fieldErrorOf(error);
      const field = path?.[0];
      if (typeof field === 'string' && ['name', 'type', 'adminUsername', 'adminEmail'].includes(field))
        form.setFields([{ name: field as keyof NewTenantInput, errors: [message] }]);
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  if (made)
    return (
      <Modal
        open
        title={t('Tenant created')}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            {t('Close')}
          </Button>
        }
      >
        <Alert
          type="warning"
          showIcon
          message={t('Copy this password now: it is shown only once.')}
          description={t('Hand it to the administrator, who signs in with it.')}
        />
        <Typography.Paragraph style={{ marginTop: 16 }}>
          {t('Tenant')}: <Typography.Text strong>{made.name}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>
          {t('Administrator')}:{' '}
          <Typography.Text strong copyable data-testid="new-tenant-admin">
            {made.adminUsername}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>
          {t('First password')}:{' '}
          <Typography.Text code copyable data-testid="new-tenant-password">
            {made.adminPassword}
          </Typography.Text>
        </Typography.Paragraph>
      </Modal>
    );

  return (
    <Modal
      open
      title={t('New tenant')}
      onCancel={onClose}
      okText={t('Create')}
      cancelText={t('Cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ type: 'PRODUCTION' }}>
        <Form.Item
          name="name"
          label={t('Name')}
          extra={t('Lower-case letters, digits and hyphens, 2 to 40 characters: it is part of addresses.')}
          rules={[
            { required: true, message: t('Mandatory field') },
            {
              pattern: /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])$/,
              message: t('Lower-case letters, digits and hyphens, 2 to 40 characters: it is part of addresses.'),
            },
          ]}
        >
          <Input autoFocus data-testid="new-tenant-name" />
        </Form.Item>
        <Form.Item name="type" label={t('Type')}>
          <Select
            loading={types.loading}
            options={kinds.map((value) => ({ value, label: optionLabel(types.options, value, !types.loading) }))}
          />
        </Form.Item>
        <Form.Item name="adminUsername" label={t('Administrator')} extra={t('admin@{name} when left empty')}>
          <Input placeholder={`admin@${name || '…'}`} />
        </Form.Item>
        <Form.Item name="adminEmail" label={t('Email')}>
          <Input type="email" />
        </Form.Item>
        {failure && <Alert type="error" showIcon message={failure} />}
      </Form>
    </Modal>
  );
}
