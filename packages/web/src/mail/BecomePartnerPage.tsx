import { Alert, Button, Col, Form, Input, Row, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../app/api/client.ts';
import { PublicCard } from './PublicCard.tsx';

const quiet = { silent: true, noSessionCheck: true } as const;

interface PartnerForm {
  name: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  siret?: string;
  website?: string;
  addressLine?: string;
  zipcode?: string;
  city?: string;
  country?: string;
}

/**
 * `/become-partner`, the link of a partner's onboarding mail, no sign-in: the partner completes
 * its registration (company, contact, address); the link works once.
 */
export default function BecomePartnerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = {
    tenant: params.get('tenant') ?? '',
    prospect: params.get('prospect') ?? '',
    token: params.get('token') ?? '',
  };
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const complete = !!(link.tenant && link.prospect && link.token);
  // The sign-in pages have no data cache: the invitation is read once here.
  const [invited, setInvited] = useState<{
    isLoading: boolean;
    isError: boolean;
    data?: { name: string; email: string | null };
  }>({ isLoading: complete, isError: false });
  useEffect(() => {
    if (!complete) return;
    api
      .get<{ name: string; email: string | null }>('/api/mail/become-partner', {
        ...quiet,
        query: { tenant: link.tenant, prospect: link.prospect, token: link.token },
      })
      .then(
        (data) => setInvited({ isLoading: false, isError: false, data }),
        () => setInvited({ isLoading: false, isError: true }),
      );
  }, [complete, link.tenant, link.prospect, link.token]);
  const submit = async (values: PartnerForm) => {
    setBusy(true);
    setError(undefined);
    try {
      const created = await api.post<{ registration: string }>(
        '/api/mail/become-partner',
        { ...link, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) },
        quiet,
      );
      setDone(created.registration);
    } catch (e) {
      setError((e as Error).message);
    }
    setBusy(false);
  };
  const invalid = !complete || invited.isError;
  return (
    <PublicCard title={t('Become our partner')} width={560}>
      {done ? (
        <Alert type="success" showIcon role="status" title={t('Thank you: your registration is complete.')} />
      ) : invalid ? (
        <Alert type="error" showIcon role="alert" title={t('This link is not valid, or was already used.')} />
      ) : invited.isLoading ? (
        <Spin />
      ) : (
        <Form<PartnerForm>
          layout="vertical"
          requiredMark={false}
          initialValues={{ name: invited.data?.name }}
          onFinish={submit}
        >
          {invited.data?.email && (
            <p>
              {t('E-mail')}: <b>{invited.data.email}</b>
            </p>
          )}
          {error && <Alert type="error" showIcon title={t(error)} style={{ marginBottom: 16 }} role="alert" />}
          <Form.Item
            name="name"
            label={t('Company name')}
            rules={[{ required: true, message: t('Field is mandatory') }]}
          >
            <Input />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="firstName" label={t('Contact first name')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="lastName" label={t('Contact last name')}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="phone" label={t('Phone')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="siret" label={t('Company number (SIRET)')}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="website" label={t('Website')}>
            <Input />
          </Form.Item>
          <Form.Item name="addressLine" label={t('Address')}>
            <Input />
          </Form.Item>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item name="zipcode" label={t('Postcode')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item name="city" label={t('City')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item
                name="country"
                label={t('Country')}
                rules={[{ pattern: /^[A-Z]{2}$/, message: t('Two capital letters, e.g. FR') }]}
              >
                <Input maxLength={2} />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('Complete my registration')}
          </Button>
        </Form>
      )}
    </PublicCard>
  );
}
