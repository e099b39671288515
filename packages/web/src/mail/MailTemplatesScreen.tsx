import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../app/notify.tsx';
import { MailBody } from './MailBody.tsx';
import { type MailTemplateParts, type RenderedPreview, type TemplateLanguage, mailApi } from './mail-api.ts';

const locales: Record<TemplateLanguage, string> = { en: 'en-GB', fr: 'fr-FR' };
/** What each template is, as the list names it. */
const templateLabels: Record<string, string> = {
  'invoice-issued': 'Issued invoice',
  'dunning-letter': 'Dunning letter',
  'partner-onboarding': 'Partner onboarding',
  'password-reset': 'Password reset',
  'task-reminder': 'Task reminder',
  mention: 'Mention',
  notification: 'Notification',
};

/**
 * `/mail-templates`: the mails the product sends, per language. A tenant overrides a template's
 * subject, text and HTML (handlebars: `{{variable}}`, `{{#if x}}…{{/if}}`), previews it with
 * sample data or with the record it would be about, saves it in its `mail` configuration, or
 * goes back to the built-in text.
 */
export default function MailTemplatesScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: ['mail-templates'], queryFn: ({ signal }) => mailApi.templates(signal) });
  const [name, setName] = useState('invoice-issued');
  const [language, setLanguage] = useState<TemplateLanguage>(i18n.language.startsWith('fr') ? 'fr' : 'en');
  const [registration, setRegistration] = useState('');
  const [form] = Form.useForm<MailTemplateParts>();
  const [preview, setPreview] = useState<RenderedPreview>();
  const [previewError, setPreviewError] = useState<string>();
  const info = templates.data?.find((x) => x.name === name);
  const overridden = !!info?.overrides[language];
  const current = info ? (info.overrides[language] ?? info.defaults[language]) : undefined;

  useEffect(() => {
    if (current) form.setFieldsValue({ subject: current.subject, text: current.text, html: current.html ?? '' });
    setPreview(undefined);
    setPreviewError(undefined);
  }, [current, form]);

  const render = useMutation({
    mutationFn: () =>
      mailApi.preview({
        template: name,
        locale: locales[language],
        ...form.getFieldsValue(),
        ...(registration.trim() ? { registration: registration.trim() } : {}),
      }),
    onSuccess: (rendered) => {
      setPreview(rendered);
      setPreviewError(undefined);
    },
    onError: (error: Error) => setPreviewError(error.message),
  });
  const save = useMutation({
    mutationFn: async (parts: MailTemplateParts | undefined) => {
      const settings = await mailApi.settings();
      const templatesOf = { ...(settings.templates ?? {}) };
      const byLanguage = { ...(templatesOf[name] ?? {}) };
      if (parts)
        byLanguage[language] = {
          subject: parts.subject,
          text: parts.text,
          ...(parts.html ? { html: parts.html } : {}),
        };
      else delete byLanguage[language];
      if (Object.keys(byLanguage).length) templatesOf[name] = byLanguage;
      else delete templatesOf[name];
      return mailApi.saveSettings({ ...settings, templates: templatesOf });
    },
    onSuccess: () => {
      notify({ level: 'success', message: t('Template saved') });
      void queryClient.invalidateQueries({ queryKey: ['mail-templates'] });
    },
  });

  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('Mail templates')}
      </Typography.Title>
      {templates.isError && <Alert type="error" showIcon title={t('The templates could not be read')} />}
      <Space wrap>
        <Select
          aria-label={t('Template')}
          style={{ minWidth: 240 }}
          value={name}
          onChange={setName}
          options={(templates.data ?? []).map((x) => ({
            value: x.name,
            label: (
              <Space size={4}>
                {t(templateLabels[x.name] ?? x.name)}
                {Object.keys(x.overrides).length ? <Tag color="blue">{t('Customised')}</Tag> : null}
              </Space>
            ),
          }))}
        />
        <Segmented
          value={language}
          onChange={(v) => setLanguage(v as TemplateLanguage)}
          options={[
            { value: 'en', label: t('English') },
            { value: 'fr', label: t('French') },
          ]}
        />
        {overridden ? <Tag color="blue">{t('Customised')}</Tag> : <Tag>{t('Built-in')}</Tag>}
      </Space>
      <Flex gap={12} wrap align="flex-start">
        <Card size="small" title={t('Template')} style={{ flex: '1 1 460px', minWidth: 320 }}>
          <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
            <Form.Item
              name="subject"
              label={t('Subject')}
              rules={[{ required: true, message: t('Field is mandatory') }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="text" label={t('Text')} rules={[{ required: true, message: t('Field is mandatory') }]}>
              <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} />
            </Form.Item>
            <Form.Item name="html" label={t('HTML')} extra={t('Leave empty to send the text as HTML')}>
              <Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} />
            </Form.Item>
            <Typography.Paragraph type="secondary">
              {t('Variables')}:{' '}
              {Object.keys(info?.sample ?? {})
                .map((v) => `{{${v}}}`)
                .join(' ')}
            </Typography.Paragraph>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('Save')}
              </Button>
              {overridden && (
                <Popconfirm title={t('Go back to the built-in template?')} onConfirm={() => save.mutate(undefined)}>
                  <Button>{t('Restore the built-in template')}</Button>
                </Popconfirm>
              )}
            </Space>
          </Form>
        </Card>
        <Card size="small" title={t('Preview')} style={{ flex: '1 1 460px', minWidth: 320 }}>
          <Flex vertical gap={12}>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                aria-label={t('Record')}
                placeholder={
                  info?.about === 'Invoice'
                    ? t('An invoice registration (sample data when empty)')
                    : info?.about === 'Communication'
                      ? t('A communication registration (sample data when empty)')
                      : t('Sample data')
                }
                disabled={!info?.about}
                value={registration}
                onChange={(e) => setRegistration(e.target.value)}
              />
              <Button type="primary" onClick={() => render.mutate()} loading={render.isPending}>
                {t('Preview')}
              </Button>
            </Space.Compact>
            {previewError && <Alert type="error" showIcon title={previewError} />}
            {preview && (
              <>
                <Typography.Text strong data-testid="preview-subject">
                  {preview.subject}
                </Typography.Text>
                <MailBody text={preview.text} html={preview.html} />
              </>
            )}
          </Flex>
        </Card>
      </Flex>
    </Flex>
  );
}
