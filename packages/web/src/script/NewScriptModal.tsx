import { useState } from 'react';
import { Form, Input, Modal, Select, type ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createScript, scriptKeys, scriptTypes, type ScriptType } from './script-api.ts';
import { starterCode } from './starter-code.ts';

/** Creating a script: its name (its key, for good), its type and kind; it starts with an `execute` to fill in. */
export function NewScriptModal({
  entityName,
  onClose,
  onCreated,
}: {
  entityName?: string;
  onClose(): void;
  onCreated(name: string): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; scriptType: ScriptType; entityName?: string; description?: string }>();
  const [saving, setSaving] = useState(false);

  const create = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const name = values.name.trim();
      await createScript({ ...values, name, enabled: true, code: starterCode(values.scriptType) });
      await queryClient.invalidateQueries({ queryKey: scriptKeys.all });
      onCreated(name);
    } catch {
      // The client has shown the refusal (a name already taken); the modal stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('New script')}
      okText={t('Create')}
      cancelText={t('Cancel')}
      confirmLoading={saving}
      onOk={() => void create()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'create-script' } as ButtonProps}
    >
      <Form form={form} layout="vertical" initialValues={{ scriptType: 'RUN', entityName }}>
        <Form.Item
          name="name"
          label={t('Name')}
          rules={[
            { required: true, message: t('The name is mandatory') },
            { pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('Letters, digits, dots, dashes and underscores only') },
          ]}
        >
          <Input data-testid="new-script-name" autoFocus />
        </Form.Item>
        <Form.Item
          name="scriptType"
          label={t('Type')}
          rules={[{ required: true, message: t('The type is mandatory') }]}
        >
          <Select options={scriptTypes.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item name="entityName" label={t('Entity (for layouts)')}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('Description')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
