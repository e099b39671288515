import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Tooltip, type ButtonProps } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import { isAdminUser } from '../app/session/configuration.ts';
import { useSession } from '../app/session/session-context.tsx';
import { kindChanged } from '../app/api/data-hooks.ts';
import { notifySuccess } from '../app/notify.tsx';
import type { ScreenProps } from '../app/web-module.ts';
import { ListScreen } from '../entities/ListScreen.tsx';
import { pageNameOf } from '../entities/page-config.ts';
import { useListOptions } from '../fields/reference-lists.ts';
import { onboardPartner } from './financing-api.ts';

const prospects = entityByName('Prospect')!;
const communications = entityByName('Communication')!;

interface Onboarding {
  email: string;
  name: string;
  language: string;
}

/** The partner's language offered first: the user's own (`fr` → `fr-FR`). */
const defaultLanguage = (language: string) => (language.startsWith('fr') ? 'fr-FR' : 'en-GB');

/**
 * Spec 001 §2.5 "Onboard a new partner": the partner's email, name and language; the server
 * records the partner as a prospect of role PARTNER and its self-registration email.
 */
function OnboardPartnerModal({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { options: languages } = useListOptions('locale');
  const [form] = Form.useForm<Onboarding>();
  const [saving, setSaving] = useState(false);
  const submit = async (values: Onboarding) => {
    setSaving(true);
    try {
      const { prospect } = await onboardPartner<{ prospect: { registration: string } }>(values);
      void kindChanged(queryClient, prospects);
      void kindChanged(queryClient, communications);
      notifySuccess('Self registration email recorded', `${values.name} · ${values.email} · ${prospect.registration}`);
      onClose();
    } catch {
      // The client has shown the error; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('Onboard a new partner')}
      onCancel={onClose}
      okText={t('Send')}
      cancelText={t('Cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'onboard-send' } as ButtonProps}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="onboard-form"
        initialValues={{ language: defaultLanguage(i18n.language) }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="email"
          label={t('Partner email')}
          rules={[
            { required: true, message: t('Email is mandatory') },
            { type: 'email', message: t('Invalid email') },
          ]}
        >
          <Input type="email" autoComplete="off" data-testid="onboard-email" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('Partner name')}
          rules={[{ required: true, whitespace: true, message: t('Name is mandatory') }]}
        >
          <Input data-testid="onboard-name" />
        </Form.Item>
        <Form.Item name="language" label={t('Language')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={languages.map((o) => ({ value: o.value, label: o.label }))}
            data-testid="onboard-language"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The agreements list (spec 001 §2.5): the shared list with the Onboard a new partner button, unless the page hides it. */
export default function AgreementListScreen({ entity }: ScreenProps) {
  const { t } = useTranslation();
  const { user, configuration } = useSession();
  const [open, setOpen] = useState(false);
  const pages = configuration?.options.pages as Record<string, { hideOnboardButton?: unknown } | undefined> | undefined;
  const hidden = pages?.[pageNameOf(entity.listRoute)]?.hideOnboardButton === true;
  const permissions = configuration?.userPermissions ?? {};
  const canOnboard =
    !entity.readOnly &&
    !hidden &&
    Boolean(isAdminUser(user) || permissions[`write /api/${prospects.route}`] || permissions['write all']);
  return (
    <>
      <ListScreen
        entity={entity}
        actions={
          canOnboard && (
            <Tooltip title={t('Send a self registration email to a new partner')}>
              <Button icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="onboard-partner">
                {t('Onboard a new partner')}
              </Button>
            </Tooltip>
          )
        }
      />
      {open && <OnboardPartnerModal onClose={() => setOpen(false)} />}
    </>
  );
}
